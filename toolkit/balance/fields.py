"""The tunable fields of a project, found in its YAML text: each field's file, line, column
and the exact characters of its scalar, so that a proposal is a patch of those characters
(comments and layout kept) and `--apply` edits the file in place."""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from toolkit.balance.spec import Balance, Tunable
from toolkit.errors import ContentError, UsageError
from toolkit.guarded_files import write_text

MAX_FIELDS = 400


@dataclass(frozen=True)
class Field:
    file: str        # relative to the project root, with /
    kind: str
    id: str
    path: str        # dotted path inside the entry
    line: int        # 1-based
    column: int      # 1-based
    start: int       # character offsets of the scalar in the file's text
    end: int
    value: float
    low: float
    high: float
    step: float
    integer: bool

    @property
    def key(self) -> str:
        return f"{self.kind}/{self.id}/{self.path}"

    def where(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"

    def values(self) -> list[float]:
        """Every value the search may give the field: the baseline plus steps within range."""
        n_down = int((self.value - self.low) // self.step + 1e-9)
        n_up = int((self.high - self.value) // self.step + 1e-9)
        return [self.show(self.value + k * self.step) for k in range(-n_down, n_up + 1)]

    def show(self, value: float) -> float:
        return int(round(value)) if self.integer else round(value, 6)

    def text(self, value: float) -> str:
        value = self.show(value)
        return str(value) if self.integer else repr(float(value))


def _entries(text: str, rel: str):
    """(kind, id, mapping node) of every entry of one YAML file."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        raise ContentError(f"cannot read: {exc}", file=rel) from None
    if not isinstance(root, yaml.MappingNode):
        return
    top = {k.value: v for k, v in root.value if isinstance(k, yaml.ScalarNode)}
    kind = top.get("kind")
    kind = kind.value if isinstance(kind, yaml.ScalarNode) else None
    if not kind:
        return
    cards = top.get("cards")
    if isinstance(cards, yaml.SequenceNode):
        for item in cards.value:
            if isinstance(item, yaml.MappingNode):
                fields = {k.value: v for k, v in item.value if isinstance(k, yaml.ScalarNode)}
                ident = fields.get("id")
                if isinstance(ident, yaml.ScalarNode):
                    yield kind, ident.value, item
    else:
        ident = top.get("id")
        yield kind, ident.value if isinstance(ident, yaml.ScalarNode) else kind, root


def _scalars(node, prefix: str = ""):
    """(dotted path, scalar node) of every number under a mapping node."""
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode):
                yield from _scalars(v, f"{prefix}.{k.value}" if prefix else str(k.value))
    elif isinstance(node, yaml.SequenceNode):
        for i, v in enumerate(node.value):
            yield from _scalars(v, f"{prefix}[{i}]")
    elif isinstance(node, yaml.ScalarNode) and node.tag in ("tag:yaml.org,2002:int",
                                                           "tag:yaml.org,2002:float"):
        yield prefix, node


def yaml_files(root: Path) -> list[Path]:
    cards = root / "cards"
    base = cards if cards.is_dir() else root
    return sorted(p for p in base.rglob("*.yaml") if p.is_file())


def find_fields(root: Path, spec: Balance) -> list[Field]:
    """Every number the `tunable:` patterns select, in file order (an error when a pattern
    selects nothing, so that a typo is not a silent no-op)."""
    found: dict[str, Field] = {}
    used = [False] * len(spec.tunable)
    for path in yaml_files(root):
        rel = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8")
        for kind, ident, node in _entries(text, rel):
            for dotted, scalar in _scalars(node):
                for i, tunable in enumerate(spec.tunable):
                    if _selects(tunable, kind, ident, dotted):
                        used[i] = True
                        field = _field(rel, kind, ident, dotted, scalar, tunable)
                        found.setdefault(field.key, field)
                        break
    for tunable, hit in zip(spec.tunable, used):
        if not hit:
            raise ContentError(f"balance.tunable: kind '{tunable.kind}', id '{tunable.id}', "
                               f"field '{tunable.field}' selects no number in the project; "
                               "check the kind, id and field names", file="game.yaml")
    if len(found) > MAX_FIELDS:
        raise ContentError(f"balance.tunable selects {len(found)} fields (at most "
                           f"{MAX_FIELDS}); narrow the patterns", file="game.yaml")
    return list(found.values())


def _selects(tunable: Tunable, kind: str, ident: str, dotted: str) -> bool:
    return (fnmatch.fnmatchcase(kind, tunable.kind) and fnmatch.fnmatchcase(ident, tunable.id)
            and fnmatch.fnmatchcase(dotted, tunable.field)
            and dotted not in ("id", "kind"))


def _field(rel, kind, ident, dotted, scalar, tunable: Tunable) -> Field:
    value = float(yaml.safe_load(scalar.value)) if scalar.value else 0.0
    integer = scalar.tag.endswith(":int") and float(tunable.step).is_integer()
    low = tunable.min if tunable.min is not None else (0.0 if value >= 0 else value * 2)
    high = tunable.max if tunable.max is not None else max(value * 2, value + 2 * tunable.step)
    low, high = min(low, value), max(high, value)  # the baseline is always allowed
    return Field(rel, kind, ident, dotted, scalar.start_mark.line + 1,
                 scalar.start_mark.column + 1, scalar.start_mark.index, scalar.end_mark.index,
                 value, low, high, float(tunable.step), integer)


def patched(text: str, edits: list[tuple[Field, float]]) -> str:
    """`text` with each field's scalar replaced by its new value (later offsets first)."""
    for field, value in sorted(edits, key=lambda e: -e[0].start):
        old = text[field.start:field.end]
        if not re.fullmatch(r"[-+]?[0-9][0-9_.eE+-]*", old.strip()):
            raise ContentError(f"expected the number {field.show(field.value)} here, found "
                               f"'{old[:20]}': the file changed since it was read; run again",
                               file=field.file, line=field.line, column=field.column)
        text = text[:field.start] + field.text(value) + text[field.end:]
    return text


def write_patched(root: Path, target: Path, edits: list[tuple[Field, float]]) -> None:
    """The project's YAML files with `edits` applied, written under `target` (same layout);
    `target` may be `root` itself (--apply)."""
    by_file: dict[str, list] = {}
    for field, value in edits:
        by_file.setdefault(field.file, []).append((field, value))
    for path in yaml_files(root):
        rel = path.relative_to(root).as_posix()
        out = target / rel
        if target == root and rel not in by_file:
            continue
        text = path.read_text(encoding="utf-8")
        new = patched(text, by_file.get(rel, []))
        write_text(out, new, target, durable=target == root, what="the project",
                   error=UsageError)
