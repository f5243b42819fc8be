"""The structural difference of two catalogs by id: entries added and removed, and for each
entry in both the fields that changed (dotted path, old value → new value), game settings
included. It tells the designer which cards an edit touched, next to the verdict."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

GAME_ID = "game"


class _Missing:
    """The value of a field that one version does not have."""

    def __repr__(self) -> str:
        return "(none)"


MISSING = _Missing()


@dataclass(frozen=True)
class FieldChange:
    path: str
    old: Any
    new: Any

    def text(self) -> str:
        return f"{self.path}: {_show(self.old)} → {_show(self.new)}"


@dataclass(frozen=True)
class EntryDiff:
    """One entry (a card, or `game` for game.yaml) that was added, removed or changed."""

    kind: str
    id: str
    status: str                        # added | removed | changed
    changes: tuple[FieldChange, ...] = field(default_factory=tuple)

    def text(self) -> str:
        head = f"{self.kind} {self.id}" if self.kind != GAME_ID else GAME_ID
        if self.status != "changed":
            return f"{head}: {self.status}"
        return f"{head}: " + "; ".join(c.text() for c in self.changes)


def _show(value: Any) -> str:
    if value is MISSING:
        return repr(MISSING)
    if isinstance(value, str):
        return value
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).replace("'", "")


def _key(item: Any, index: int) -> str:
    """How list items are matched: by their id when they have one, else by position."""
    if isinstance(item, dict) and isinstance(item.get("id"), str):
        return item["id"]
    return str(index)


def field_changes(old: Any, new: Any, path: str = "") -> list[FieldChange]:
    """Every leaf that differs between two JSON-like values, as dotted paths."""
    if isinstance(old, dict) and isinstance(new, dict):
        out = []
        for k in list(old) + [k for k in new if k not in old]:
            sub = f"{path}.{k}" if path else str(k)
            out += field_changes(old.get(k, MISSING), new.get(k, MISSING), sub)
        return out
    if isinstance(old, list) and isinstance(new, list) and _keyed(old) and _keyed(new):
        return field_changes({_key(v, i): v for i, v in enumerate(old)},
                             {_key(v, i): v for i, v in enumerate(new)}, path)
    if old == new:
        return []
    return [FieldChange(path or "(value)", old, new)]


def _keyed(items: list) -> bool:
    """Lists of entries with ids are compared by id; other lists (e.g. faces) as values."""
    return bool(items) and all(isinstance(v, dict) and isinstance(v.get("id"), str) for v in items)


def _dump(model) -> dict:
    return model.model_dump(mode="json", exclude_defaults=False)


def catalog_diff(baseline, candidate) -> list[EntryDiff]:
    """Entries that differ between two catalogs: game settings first, then kind by kind."""
    out = []
    game = field_changes(_dump(baseline.game), _dump(candidate.game))
    if game:
        out.append(EntryDiff(GAME_ID, GAME_ID, "changed", tuple(game)))
    kinds = list(baseline.by_kind) + [k for k in candidate.by_kind if k not in baseline.by_kind]
    for kind in kinds:
        old, new = baseline.of(kind), candidate.of(kind)
        for id_ in list(old) + [i for i in new if i not in old]:
            if id_ not in new:
                out.append(EntryDiff(kind, id_, "removed"))
            elif id_ not in old:
                out.append(EntryDiff(kind, id_, "added"))
            else:
                changes = field_changes(_dump(old[id_]), _dump(new[id_]))
                if changes:
                    out.append(EntryDiff(kind, id_, "changed", tuple(changes)))
    return out


def as_json(diffs: list[EntryDiff]) -> list[dict]:
    return [{"kind": d.kind, "id": d.id, "status": d.status,
             "changes": [{"path": c.path, "old": None if c.old is MISSING else c.old,
                          "new": None if c.new is MISSING else c.new} for c in d.changes]}
            for d in diffs]
