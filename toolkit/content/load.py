"""Load a project's cards/ folder: read each YAML file safely, check each entry against its
kind's schema (pass 1), and return the typed entries with their source positions.

Nothing here raises for bad content: every problem is collected in a Report so that the
designer sees all of them at once. Only an unusable project directory raises UsageError.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, TypeAdapter, ValidationError

from toolkit.content import custom, messages, variants
from toolkit.content.game import Game, KindDecl, game_model
from toolkit.content.problems import Problem, Report, did_you_mean, dotted
from toolkit.content.yamlsafe import Document, load_file
from toolkit.errors import ContentError, UsageError

MAX_FILES = 500
_KINDS = TypeAdapter(dict[str, KindDecl])


@dataclass
class Loaded:
    """Pass-1 result: the game settings, typed entries and where each came from."""

    root: Path
    game: Game | None = None
    entries: list[BaseModel] = field(default_factory=list)
    docs: dict[str, Document] = field(default_factory=dict)
    origin: dict[int, tuple[str, tuple]] = field(default_factory=dict)  # id(entry) -> (file, path)
    kinds: dict[str, type[BaseModel]] = field(default_factory=dict)
    rules: object = None  # the Game that game.yaml's `rules:` names, when it could be loaded
    game_file: str = "cards/game.yaml"
    broken: set = field(default_factory=set)  # ids of entries that failed their schema
    broken_kinds: set = field(default_factory=set)  # kinds with such entries
    unreadable: list = field(default_factory=list)  # files that could not be parsed
    report: Report = field(default_factory=Report)
    overlays: dict = field(default_factory=dict)  # card id -> (fields, where): the variant's
    overlaid: set = field(default_factory=set)  # card ids the variant's overlays found

    def where(self, entry: BaseModel, *sub) -> tuple[str, int, int]:
        file, path = self.origin[id(entry)]
        line, col = self.docs[file].where(path + tuple(sub))
        return file, line, col

    def problem(self, entry: BaseModel | None, severity: str, message: str, *sub,
                file: str | None = None) -> None:
        """Record a problem about `entry` (or about `file` when entry is None)."""
        if entry is None:
            path, line, col = "", 1, 1
            if file in self.docs:
                line, col = self.docs[file].where(tuple(sub))
                path = dotted((Path(file).stem,) + tuple(sub))
        else:
            file, line, col = self.where(entry, *sub)
            path = dotted((Path(file).stem, getattr(entry, "id", "")) + tuple(sub))
        self.report.add(Problem(file, line, col, severity, message, path))


def project_files(root: Path) -> tuple[Path, list[Path]]:
    """The cards folder and its YAML files (top level only; rulings live below)."""
    if not root.exists():
        raise UsageError(f"project directory '{root}' does not exist",
                         hint="pass the folder that holds cards/")
    if not root.is_dir():
        raise UsageError(f"'{root}' is not a directory")
    cards = root / "cards" if (root / "cards").is_dir() else root
    try:
        files = sorted(p for p in cards.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())
    except OSError as exc:
        raise UsageError(f"cannot read '{cards}': {exc.strerror}") from None
    if not any(p.stem == "game" for p in files):
        raise UsageError(f"no game.yaml in '{cards}'",
                         hint="a project keeps its content in cards/, starting with game.yaml")
    if len(files) > MAX_FILES:
        raise UsageError(f"'{cards}' holds {len(files)} YAML files, over the cap of {MAX_FILES}")
    return cards, files


def load_project(root: Path) -> Loaded:
    """Pass 1 over a project: parse every file and check every entry's schema."""
    root = Path(root)
    cards, files = project_files(root)
    loaded = Loaded(root=root)
    docs: list[Document] = []
    for path in files:
        shown = _display(path, root)
        try:
            doc = load_file(path, shown, root=root)
        except ContentError as exc:
            loaded.report.add(Problem(shown, exc.line or 1, exc.column or 1, "error",
                                      exc.message + (f" ({exc.hint})" if exc.hint else "")))
            loaded.unreadable.append(shown)
            continue
        loaded.docs[shown] = doc
        docs.append(doc)
    game_doc = next((d for d in docs if Path(d.file).stem == "game"), None)
    if game_doc is not None:
        loaded.game_file = game_doc.file
        _apply_variant(game_doc, loaded)
    loaded.rules = _game_rules(game_doc, loaded)
    if game_doc is not None:
        loaded.game = _load_game(game_doc, loaded)
    if loaded.rules is not None:
        loaded.kinds.update(loaded.rules.kinds())
    declared = loaded.game.kinds if loaded.game is not None else _kinds_alone(game_doc)
    if declared:
        loaded.kinds.update(custom.build_models(declared, loaded))
    for doc in docs:
        if doc is not game_doc:
            _load_cards(doc, loaded)
    for cid, (_fields, (line, col)) in loaded.overlays.items():
        if cid not in loaded.overlaid:
            loaded.report.add(Problem(loaded.game_file, line, col, "error",
                                      f"variant '{variants.selected()}' changes card "
                                      f"'{cid}', which no card file holds" + did_you_mean(
                                          cid, [getattr(e, "id", "") for e in loaded.entries])))
    return loaded


def _apply_variant(doc: Document, loaded: Loaded) -> None:
    """The chosen variant's settings merged into game.yaml's data, its card overlays kept
    for the card files; a `variant:` written in game.yaml is refused (--variant sets it)."""
    if isinstance(doc.data, dict) and "variant" in doc.data:
        line, col = doc.where(("variant",))
        loaded.report.add(Problem(doc.file, line, col, "error", "'variant' is chosen on the "
                                  "command line (--variant NAME), not written in game.yaml; "
                                  "declare variants under 'variants:'", "game.variant"))
        doc.data = {k: v for k, v in doc.data.items() if k != "variant"}
    name = variants.selected()
    if name is None or not isinstance(doc.data, dict):
        return
    variants.overlay_game(doc, name)
    loaded.overlays = variants.card_overlays(doc, name)


def _display(path: Path, root: Path) -> str:
    try:
        return str(path.resolve().relative_to(root.resolve()))
    except ValueError:
        return str(path)


def _load_game(doc: Document, loaded: Loaded) -> Game | None:
    """game.yaml checked against the generic model plus the settings of its rules."""
    if not isinstance(doc.data, dict):
        loaded.problem(None, "error", "game.yaml must be a mapping of settings", file=doc.file)
        return None
    try:
        model = game_model(loaded.rules)
    except Exception as exc:  # a game's settings_fields() pydantic cannot build: its bug
        loaded.problem(None, "error", f"the game.yaml settings of rules "
                       f"'{doc.data.get('rules')}' are broken: {exc}", "rules", file=doc.file)
        model = Game
    try:
        return model.model_validate(doc.data)
    except ValidationError as exc:
        _schema_problems(exc, doc, (), (Path(doc.file).stem,), model, loaded,
                         unknown_key=_unknown_setting)
        return None


def _game_rules(doc: Document | None, loaded: Loaded):
    """The Game that game.yaml's `rules:` names, for its settings, kinds and checks. A
    project's own rules package is code and is not imported to validate: its kinds are the
    ones game.yaml declares, and game.yaml holds no settings of its own."""
    data = doc.data if doc is not None else None
    rules = data.get("rules") if isinstance(data, dict) else _rules_line(loaded)
    if not isinstance(rules, str) or rules.startswith((".", "/")):
        return None
    from toolkit.games import load_game
    try:
        return load_game(rules, loaded.root)
    except (ContentError, UsageError) as exc:
        loaded.problem(None, "error", exc.message, "rules", file=loaded.game_file)
        return None


def _unknown_setting(key: str, loaded: Loaded, data: dict) -> str | None:
    """Why a top-level key of game.yaml is unknown when it is a setting of another built-in
    game (its rules are not the ones named) or the project's rules are its own package
    (None: the generic message). "" drops the problem: the key is a built-in game's setting
    and the rules named could not be loaded, which is the error reported."""
    from toolkit.games import BUILTIN, load_game
    rules = data.get("rules")
    local = isinstance(rules, str) and rules.startswith((".", "/"))
    owner = None
    for name in BUILTIN:
        if name == rules:
            continue
        try:
            if key in load_game(name).settings_fields():
                owner = name
                break
        except Exception:  # a built-in game that cannot load offers no hint
            continue
    if owner is not None:
        if rules is not None and not local and loaded.rules is None:
            return ""
        named = (f"names rules '{rules}'" if rules is not None else
                 f"names no rules (add 'rules: {owner}')")
        return f"unknown key '{key}': it is a setting of rules '{owner}', and this game.yaml " \
               + named
    if local:
        return (f"unknown key '{key}': a project's own rules ({rules}) add no game.yaml "
                "settings; keep their numbers in a kind declared under 'kinds:'")
    return None


def _rules_line(loaded: Loaded) -> str | None:
    """`rules:` read from the text of a game.yaml that does not parse, so that the cards
    are still checked against the game's kinds."""
    shown = next((f for f in loaded.unreadable if Path(f).stem == "game"), None)
    if shown is None:
        return None
    try:
        text = (loaded.root / shown).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    found = re.search(r"^rules:[ \t]*([A-Za-z0-9_./-]+)", text, re.M)
    return found.group(1) if found else None


def _kinds_alone(doc: Document | None) -> dict:
    """The `kinds:` of a game.yaml that failed its schema, if that part alone is valid."""
    data = doc.data if doc is not None else None
    if not isinstance(data, dict) or not isinstance(data.get("kinds"), dict):
        return {}
    try:
        return _KINDS.validate_python(data["kinds"])
    except ValidationError:
        return {}


def _load_cards(doc: Document, loaded: Loaded) -> None:
    data = doc.data
    if not isinstance(data, dict) or "kind" not in data or "cards" not in data:
        loaded.problem(None, "error", "a card file is a mapping with 'kind:' and a 'cards:' "
                       "list", file=doc.file)
        return
    extra = set(data) - {"kind", "cards"}
    for key in sorted(extra, key=str):
        loaded.problem(None, "error", f"unknown key '{key}' at the top of the file"
                       + did_you_mean(key, ["kind", "cards"]), key, file=doc.file)
    kind = data["kind"]
    model = loaded.kinds.get(kind) if isinstance(kind, str) else None
    if model is None and loaded.game is None:
        return  # the kind may be declared in the broken game.yaml, whose errors are reported
    if model is None:
        loaded.problem(None, "error", f"unknown kind '{kind}'" + did_you_mean(kind, loaded.kinds)
                       + "; declare new kinds in game.yaml under 'kinds:'", "kind", file=doc.file)
        return
    cards = data["cards"]
    if not isinstance(cards, list):
        loaded.problem(None, "error", "'cards' must be a list", "cards", file=doc.file)
        loaded.broken_kinds.add(kind)
        return
    for index, raw in enumerate(cards):
        path = ("cards", index)
        if not isinstance(raw, dict):
            loaded.problem(None, "error", "each card must be a mapping of fields", *path,
                           file=doc.file)
            loaded.broken_kinds.add(kind)
            continue
        raw = dict(raw)
        if isinstance(raw.get("id"), str) and raw["id"] in loaded.overlays:
            raw = variants.merged(raw, loaded.overlays[raw["id"]][0])
            loaded.overlaid.add(raw["id"])
        if raw.setdefault("kind", kind) != kind:
            loaded.problem(None, "error", f"card kind '{raw['kind']}' in a file of kind "
                           f"'{kind}'; move it to its own file", *path, "kind", file=doc.file)
            loaded.broken_kinds.add(kind)
            continue
        label = (Path(doc.file).stem, raw.get("id") if isinstance(raw.get("id"), str) else index)
        try:
            entry = model.model_validate(raw)
        except ValidationError as exc:
            _schema_problems(exc, doc, path, label, model, loaded)
            loaded.broken.add(label[1])
            loaded.broken_kinds.add(kind)
            continue
        loaded.entries.append(entry)
        loaded.origin[id(entry)] = (doc.file, path)


def _schema_problems(exc: ValidationError, doc: Document, base: tuple, label: tuple,
                     model: type[BaseModel], loaded: Loaded, unknown_key=None) -> None:
    """Each error of `exc` as a problem; `unknown_key(key, loaded, data)` may explain an
    unknown top-level key better than the generic message (None: keep it)."""
    data = doc.data
    for part in base:
        data = data[part]
    for loc, err in messages.clean_errors(exc, data):
        line, col = doc.where(base + loc)
        text = messages.message(err, loc, model)
        if unknown_key is not None and err["type"] == "extra_forbidden" and len(loc) == 1:
            text = unknown_key(loc[0], loaded, data)
            if text == "":
                continue
            text = text or messages.message(err, loc, model)
        loaded.report.add(Problem(doc.file, line, col, "error", text, dotted(label + loc)))
