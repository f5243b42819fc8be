"""Pass 2 of validation over the typed entries of pass 1, for any game.

`check(loaded)` runs every rule and adds what it finds to `loaded.report`: unique ids,
references (each kind model's `references`, `type: ref` fields of declared kinds), counts
against game.yaml, then the game's own checks (`Game.validate`: for Caravans & Brigands
the board, effects, settings and design rules; a project's own rules package only when the
user trusts it, `toolkit trust`). A rule never raises for bad content.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pydantic import BaseModel

from toolkit.content import graphs
from toolkit.content.catalog import card_count
from toolkit.content.load import Loaded
from toolkit.content.problems import Problem, did_you_mean

@dataclass
class Index:
    """The entries of a project by id and by kind, for the rules to look things up."""

    loaded: Loaded
    by_id: dict[str, BaseModel] = field(default_factory=dict)
    by_kind: dict[str, list[BaseModel]] = field(default_factory=dict)

    def of(self, kind: str) -> list[BaseModel]:
        return self.by_kind.get(kind, [])

    def error(self, entry, message: str, *sub) -> None:
        self.loaded.problem(entry, "error", message, *sub)

    def warn(self, entry, message: str, *sub) -> None:
        self.loaded.problem(entry, "warning", message, *sub)

    def report(self, entry_id: str | None, message: str, *sub, severity: str = "error") -> None:
        """A problem of the entry `entry_id` (None: of game.yaml), for `Game.validate`."""
        entry = self.by_id.get(entry_id) if entry_id is not None else None
        if entry is None:
            self.game_error(message, *sub, severity=severity)
        else:
            self.loaded.problem(entry, severity, message, *sub)

    def game_error(self, message: str, *sub, severity: str = "error") -> None:
        self.loaded.problem(None, severity, message, *sub, file=self.loaded.game_file)

    def resolve(self, entry, value, kind: str, *sub, owner: str = "") -> BaseModel | None:
        """The entry `value` names if it is of `kind`; otherwise report where it is used."""
        target = self.by_id.get(value)
        if target is not None and target.kind == kind:
            return target
        if target is None and value in self.loaded.broken:
            return None  # its schema errors are reported already
        if target is not None:
            message = f"{owner}'{value}' is {_a(target.kind)}, not {_a(kind)}"
        else:
            ids = [e.id for e in self.of(kind)]
            message = f"{owner}unknown {kind} '{value}'" + did_you_mean(value, ids)
        if entry is None:
            self.game_error(message, *sub)
        else:
            self.error(entry, message, *sub)
        return None


class Content:
    """What `Game.validate` reads: the entries like a Catalog (`of(kind)` -> {id: entry},
    `get(id)`), the game.yaml settings, and `index` (this module's Index, for checks that
    report at an entry's field or resolve references)."""

    def __init__(self, index: Index):
        self.index = index
        self.game = index.loaded.game
        self.root = index.loaded.root

    def of(self, kind: str) -> dict[str, BaseModel]:
        return {e.id: e for e in self.index.of(kind)}

    def get(self, id_: str) -> BaseModel | None:
        return self.index.by_id.get(id_)


def check(loaded: Loaded) -> None:
    """Add every game-level problem of `loaded` to its report."""
    index = build_index(loaded)
    check_refs(index)
    graphs.check_declared(index)
    rules = loaded.rules if loaded.rules is not None else own_rules(loaded)
    if loaded.game is not None:  # else game.yaml's own errors are already reported
        check_counts(index, rules)
    if rules is not None:
        rules.validate(Content(index), index.report)


def own_rules(loaded: Loaded):
    """The project's own rules package when this user trusts it as it is now (`toolkit
    trust`), for its `validate` checks; else None. Validation never asks for trust and never
    imports rules that are not trusted."""
    rules = getattr(loaded.game, "rules", None)
    if not isinstance(rules, str) or not rules.startswith((".", "/")):
        return None
    from toolkit.errors import ToolkitError
    from toolkit.games import load_game
    from toolkit.trust import Untrusted
    try:
        return load_game(rules, loaded.root)
    except Untrusted:
        return None
    except ToolkitError as exc:  # e.g. a syntax error in the rules: their file and line
        loaded.report.add(Problem(exc.file or loaded.game_file, exc.line or 1,
                                  exc.column or 1, "error", exc.message))
        return None


def build_index(loaded: Loaded) -> Index:
    """Index the entries; a repeated id is an error at its second definition."""
    index = Index(loaded)
    for entry in loaded.entries:
        first = index.by_id.get(entry.id)
        if first is not None:
            file, line, _ = loaded.where(first)
            index.error(entry, f"duplicate id '{entry.id}' (first defined at {file}:{line})",
                        "id")
            continue
        index.by_id[entry.id] = entry
        index.by_kind.setdefault(entry.kind, []).append(entry)
    return index


def _values(obj, path: tuple[str, ...], sub: tuple = ()):
    """(value, sub-path) for every value at `path` in obj, stepping into lists."""
    if obj is None:
        return
    if isinstance(obj, (list, tuple)):
        for i, item in enumerate(obj):
            yield from _values(item, path, sub + (i,))
        return
    if not path:
        yield obj, sub
        return
    value = obj.get(path[0]) if isinstance(obj, dict) else getattr(obj, path[0], None)
    yield from _values(value, path[1:], sub + (path[0],))


def reference_fields(loaded: Loaded) -> dict[str, list[tuple[tuple[str, ...], str]]]:
    """Reference fields per kind: the built-in table plus `type: ref` fields of declared kinds."""
    table = {kind: list(getattr(model, "references", ())) for kind, model in loaded.kinds.items()}
    for kind, model in loaded.kinds.items():
        decl = getattr(model, "declaration", None)
        if decl is None:
            continue
        for name, fdecl in decl.fields.items():
            if name in model.unchecked:
                continue
            if fdecl.ref and (fdecl.type == "ref" or (fdecl.type == "list" and fdecl.of == "ref")):
                table.setdefault(kind, []).append(((name,), fdecl.ref))
    return table


def check_refs(index: Index) -> None:
    """Every reference field names an existing entry of the right kind."""
    table = reference_fields(index.loaded)
    for entry in index.loaded.entries:
        for path, kind in table.get(entry.kind, ()):
            for value, sub in _values(entry, path):
                if isinstance(value, str):
                    index.resolve(entry, value, kind, *sub)


def check_counts(index: Index, rules=None) -> None:
    """game.yaml `counts` against the cards (with copies; goods by their raid lists)."""
    loaded = index.loaded
    if loaded.unreadable:
        return  # a file that did not parse may hold any kind; its error is reported
    for kind, expected in loaded.game.counts.items():
        if kind not in loaded.kinds:
            index.game_error(f"counts names unknown kind '{kind}'"
                             + did_you_mean(kind, loaded.kinds), "counts", kind)
            continue
        actual = sum(card_count(e) for e in loaded.entries if e.kind == kind)
        if actual != expected and kind not in loaded.broken_kinds:
            index.game_error(f"counts.{kind} is {expected} but the {kind} cards make {actual} "
                             "(with copies)", "counts", kind)
    parts = tuple(rules.part_kinds()) if rules is not None else ()
    for kind in loaded.game.card_sizes:
        if kind not in loaded.kinds and kind not in parts:
            index.game_error(f"card_sizes names unknown kind '{kind}'"
                             + did_you_mean(kind, [*loaded.kinds, *parts]), "card_sizes", kind)


def _a(kind: str) -> str:
    return ("an " if kind[:1] in "aeiou" else "a ") + kind
