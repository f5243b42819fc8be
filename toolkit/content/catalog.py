"""The validated content as frozen lookups by kind and id, with a content hash.

Every other part of the toolkit (engine, renderer, simulator) reads content through a
Catalog and never touches YAML.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from pydantic import BaseModel

from toolkit.content.game import Game


def card_count(entry: BaseModel) -> int:
    """How many physical cards or tokens an entry stands for: its copies, except a good,
    whose cards are its raid list (one card per raid icon)."""
    if getattr(entry, "kind", None) == "good":
        return len(entry.raid)
    return int(getattr(entry, "copies", 1))


@dataclass(frozen=True, eq=False)
class Catalog:
    root: Path
    game: Game
    by_kind: Mapping[str, Mapping[str, BaseModel]]
    sources: Mapping[str, tuple[str, int, int]] = field(default_factory=dict)

    @classmethod
    def build(cls, root: Path, game: Game, entries, sources) -> "Catalog":
        kinds: dict[str, dict[str, BaseModel]] = {}
        for entry in entries:
            kinds.setdefault(entry.kind, {})[entry.id] = entry
        frozen = MappingProxyType({k: MappingProxyType(v) for k, v in kinds.items()})
        return cls(Path(root), game, frozen, MappingProxyType(dict(sources)))

    def of(self, kind: str) -> Mapping[str, BaseModel]:
        """All entries of one kind by id (empty when the project has none)."""
        return self.by_kind.get(kind, MappingProxyType({}))

    def get(self, id_: str) -> BaseModel:
        for entries in self.by_kind.values():
            if id_ in entries:
                return entries[id_]
        raise KeyError(id_)

    def source(self, id_: str) -> tuple[str, int, int]:
        """(file, line, column) where the entry with this id is defined."""
        return self.sources.get(id_, ("cards", 1, 1))

    # the built-in kinds of Caravans & Brigands, for readable engine and template code
    races = property(lambda self: self.of("race"))
    regions = property(lambda self: self.of("region"))
    heroes = property(lambda self: self.of("hero"))
    parties = property(lambda self: self.of("party"))
    equipment = property(lambda self: self.of("equipment"))
    weapons = property(lambda self: self.of("weapon"))
    goods = property(lambda self: self.of("good"))
    events = property(lambda self: self.of("event"))
    glory_cards = property(lambda self: self.of("glory_card"))
    missions = property(lambda self: self.of("mission"))
    rumors = property(lambda self: self.of("rumor"))
    explorers = property(lambda self: self.of("explorer"))
    npcs = property(lambda self: self.of("npc"))

    @cached_property
    def names(self) -> dict[str, dict[str, str]]:
        """id -> {en, zh} display names of every entry."""
        out = {}
        for entries in self.by_kind.values():
            for id_, entry in entries.items():
                out[id_] = {"en": entry.name.en, "zh": entry.name.zh or entry.name.en}
        return out

    @cached_property
    def content_hash(self) -> str:
        """sha256 of the canonical content: equal content gives an equal hash. It is the
        game as played: a variant's overlays are already merged in, so the declared
        `variants` and the chosen name are left out (a project without variants keeps
        its hash), and so are the `balance` targets, which change no game."""
        payload = {
            "game": self.game.model_dump(mode="json",
                                         exclude={"variants", "variant", "balance"}),
            "cards": {k: {i: e.model_dump(mode="json") for i, e in sorted(v.items())}
                      for k, v in sorted(self.by_kind.items())},
        }
        blob = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:16]
