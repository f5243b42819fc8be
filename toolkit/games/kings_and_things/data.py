# toolkit: compile
"""The content of a Kings & Things project read once into plain lookups for the rules.

Things are the counters of the cup; each physical counter is an instance id `base:n`
(`goblins:3`), so that copies stay distinct. Heroes are `character` entries."""

from __future__ import annotations

from dataclasses import dataclass, field

from toolkit.errors import ContentError
from toolkit.games.kings_and_things.settings import values

THING_KINDS = ("creature", "income_counter", "treasure", "magic_item", "random_event")
_CACHE: dict[str, "Data"] = {}


def base(instance: str) -> str:
    """The entry id of a counter instance (`goblins:3` -> `goblins`)."""
    return instance.split(":", 1)[0]


@dataclass
class Data:
    key: str
    settings: dict[str, int]           # game.yaml settings (settings.py)
    kind_of: dict[str, str]            # entry id -> kind
    entry: dict[str, object]           # entry id -> pydantic entry
    instances: list[str]               # every thing counter of the cup, sorted
    terrains: dict[str, object]
    tiles: list[str]                   # one terrain id per hex tile
    heroes: dict[str, object]
    counters: dict[int, list[str]]     # hero counter -> its two heroes
    forts: list[object] = field(default_factory=list)   # by level, 1..4

    def __post_init__(self):
        self.lands = frozenset(t for t, e in self.terrains.items() if e.land)
        self.costs = {t: int(e.move_cost) for t, e in self.terrains.items()}
        self.flying = frozenset(id_ for id_, e in self.entry.items()
                                if getattr(e, "flying", None))
        # every counter instance and entry id -> its kind, its entry (no split per look-up)
        self.kinds = {**self.kind_of, **{t: self.kind_of[base(t)] for t in self.instances}}
        self.cards = {**self.entry, **{t: self.entry[base(t)] for t in self.instances}}
        self.flyers = frozenset(t for t in self.cards if base(t) in self.flying)

    def setting(self, name: str) -> int:
        return self.settings[name]

    def kind(self, thing: str) -> str:
        kind = self.kinds.get(thing)
        return kind if kind is not None else self.kind_of[base(thing)]

    def card(self, thing: str):
        card = self.cards.get(thing)
        return card if card is not None else self.entry[base(thing)]

    def flies(self, thing: str) -> bool:
        if thing in self.cards:
            return thing in self.flyers
        return base(thing) in self.flying

    def land(self, terrain: str) -> bool:
        return terrain in self.lands

    def move_cost(self, terrain: str) -> int:
        return self.costs[terrain]

    def fort_at(self, level: int):
        return self.forts[level - 1]


def by_key(key: str) -> Data:
    """The Data of a state's catalog (loaded when its game was made)."""
    return _CACHE[key]


def load(catalog) -> Data:
    """The rules' view of a catalog (cached by content hash)."""
    key = catalog.content_hash
    if key in _CACHE:
        return _CACHE[key]
    settings = values(getattr(catalog, "game", None))
    kind_of, entry, instances = {}, {}, []
    for kind in THING_KINDS + ("character",):
        for id_, card in catalog.of(kind).items():
            kind_of[id_], entry[id_] = kind, card
            if kind != "character":
                instances += [f"{id_}:{n}" for n in range(1, int(card.copies) + 1)]
    terrains = dict(catalog.of("terrain"))
    tiles = [t for t, e in sorted(terrains.items()) for _ in range(int(e.copies))]
    forts = sorted(catalog.of("fort").values(), key=lambda f: f.level)
    if [f.level for f in forts] != [1, 2, 3, 4]:
        raise ContentError("forts.yaml: Kings & Things needs one fort of each level 1 to 4 "
                           "(tower, keep, castle, citadel)")
    heroes = dict(catalog.of("character"))
    counters: dict[int, list[str]] = {}
    for id_, h in sorted(heroes.items()):
        counters.setdefault(int(h.counter), []).append(id_)
    data = Data(key, settings, kind_of, entry, sorted(instances), terrains, tiles, heroes,
                counters, forts)
    _CACHE[key] = data
    return data
