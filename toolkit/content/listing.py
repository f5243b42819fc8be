"""What a project holds, kind by kind: the rows behind `toolkit list` (ids, names in both
languages, copies and each entry's key numbers), read from the validated entries."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel

from toolkit.content import rules
from toolkit.content.catalog import card_count
from toolkit.content.load import Loaded, load_project
from toolkit.content.problems import Report, did_you_mean
from toolkit.content.schema import Text
from toolkit.errors import UsageError

_NOT_NUMBERS = {"id", "kind", "copies", "name", "text", "flavor", "art", "position"}


def load_listing(root: Path) -> tuple[Loaded, Report]:
    """Both validation passes; the entries that passed pass 1 are listed even when other
    entries have errors."""
    loaded = load_project(Path(root))
    rules.check(loaded)
    return loaded, loaded.report


def entries_by_kind(loaded: Loaded) -> dict[str, list[BaseModel]]:
    """Entries grouped by kind, kinds in declaration order, first definition of an id only."""
    seen: set[str] = set()
    grouped: dict[str, list[BaseModel]] = {kind: [] for kind in loaded.kinds}
    for entry in loaded.entries:
        if entry.id not in seen:
            seen.add(entry.id)
            grouped.setdefault(entry.kind, []).append(entry)
    return {kind: items for kind, items in grouped.items() if items}


def pick_kind(loaded: Loaded, kind: str) -> str:
    """`kind` if the project knows it; else a usage error with a did-you-mean hint."""
    if kind in loaded.kinds:
        return kind
    raise UsageError(f"unknown kind '{kind}'" + did_you_mean(kind, loaded.kinds),
                     hint="kinds: " + ", ".join(loaded.kinds))


def summary_rows(grouped: dict[str, list[BaseModel]]) -> list[dict]:
    """One row per kind: distinct designs and physical cards (with copies)."""
    return [{"kind": kind, "designs": len(items), "cards": sum(card_count(e) for e in items)}
            for kind, items in grouped.items()]


def entry_row(entry: BaseModel) -> dict:
    """{id, name: {en, zh}, copies, <key numbers>} for one entry."""
    row = {"id": entry.id, "name": {"en": entry.name.en, "zh": entry.name.zh},
           "copies": card_count(entry)}
    row.update(key_numbers(entry))
    return row


def key_numbers(entry: BaseModel) -> dict:
    """The entry's numbers: whole-number fields, `stats` flattened, number lists kept."""
    out: dict = {}
    for name in type(entry).model_fields:
        if name in _NOT_NUMBERS:
            continue
        value = getattr(entry, name)
        if _is_number(value):
            out[name] = value
        elif isinstance(value, list) and value and any(_is_number(v) for v in value):
            out[name] = list(value)
        elif isinstance(value, BaseModel) and not isinstance(value, Text):
            for sub, number in key_numbers_of(value):
                out[sub if name == "stats" else f"{name}.{sub}"] = number
    return out


def key_numbers_of(model: BaseModel):
    for name in type(model).model_fields:
        value = getattr(model, name)
        if _is_number(value):
            yield name, value


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
