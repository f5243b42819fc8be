"""The game's content as one flat table: each card id's numbers, the settings (game.yaml),
the zones of a field and the wilds' hexagon, read once per catalog from the declared kinds."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from toolkit.errors import ContentError
from toolkit.games.nanhuang2.settings import values

PLAYABLE = ("soldier", "monster", "facility", "effect", "incident")  # the market deck
FIELD = ("front", "back", "facilities")


@dataclass(frozen=True)
class Spec:
    """One card's numbers (0 / False / None where its kind has none)."""

    id: str
    kind: str
    power: int = 0
    economy: int = 0
    price: int = 0
    spoils: int = 0
    strong: bool = False
    tags: tuple = ()
    ability: str | None = None
    ability_tag: str | None = None
    amount: int = 0
    action: str | None = None


@dataclass
class Table:
    specs: dict[str, Spec]
    names: dict[str, dict[str, str]]
    settings: dict[str, float]
    deck: list[str]                 # the market deck, one id a physical card
    basics: dict[str, int]          # basic id -> copies per player
    tokens: list[str]
    slots: list[str]                # wilds slot ids, catalog order
    adjacent: list[tuple[int, ...]]  # slot index -> neighbouring slot indexes
    zone_slots: dict[str, int]      # front/back/facilities -> capacity (0: no limit)
    holds: dict[str, frozenset]     # front/back/facilities -> card kinds it takes
    guards: dict[str, tuple[str, ...]]
    labour: tuple[int, int]         # (power paid, economy gained)
    field_power: dict[str, int] = field(default_factory=dict)

    def setting(self, name: str) -> float:
        return self.settings[name]

    def fits(self, kind: str, zone: str) -> bool:
        """Whether a card of `kind` may stand in the field zone `zone` (zones.yaml holds)."""
        holds = self.holds[zone]
        return kind in holds or ("any" in holds and kind not in ("effect", "incident"))

    def monster_power(self, power: int) -> int:
        return math.floor(power * self.settings["monster_multiplier"])


_CACHE: dict[int, tuple] = {}


def table(catalog) -> Table:
    """The table of `catalog`, built once per catalog object."""
    found = _CACHE.get(id(catalog))
    if found is not None and found[0] is catalog:
        return found[1]
    t = _build(catalog)
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[id(catalog)] = (catalog, t)
    return t


def _num(entry, name, default=0):
    value = getattr(entry, name, None)
    return default if value is None else value


def _build(catalog) -> Table:
    specs: dict[str, Spec] = {}
    names = {}
    deck: list[str] = []
    for kind in PLAYABLE + ("basic", "token"):
        for cid, e in catalog.of(kind).items():
            specs[cid] = Spec(cid, kind, _num(e, "power"), _num(e, "economy"),
                              _num(e, "price"), _num(e, "spoils"), bool(_num(e, "strong", False)),
                              tuple(_num(e, "tags", ()) or ()), _num(e, "ability", None),
                              _num(e, "ability_tag", None), _num(e, "amount"),
                              _num(e, "action", None))
            names[cid] = {"en": e.name.en, "zh": e.name.zh or e.name.en}
            if kind in PLAYABLE:
                deck.extend([cid] * e.copies)
    settings = values(getattr(catalog, "game", None))
    zones = catalog.of("zone")
    for z in FIELD:
        if z not in zones:
            raise ContentError(f"nanhuang2 needs zone '{z}' in zones.yaml")
    slots = list(catalog.of("wilds_slot"))
    if len(slots) != 7:
        raise ContentError(f"nanhuang2 needs 7 wilds slots (wilds.yaml), found {len(slots)}")
    index = {s: i for i, s in enumerate(slots)}
    adjacent = [tuple(index[a] for a in catalog.of("wilds_slot")[s].adjacent) for s in slots]
    labour = next(iter(catalog.of("labour").values()), None)
    if labour is None or not catalog.of("basic"):
        raise ContentError("nanhuang2 needs the labour card (labour.yaml) and basic cards")
    for slot_id, e in catalog.of("wilds_slot").items():
        names[slot_id] = {"en": e.name.en, "zh": e.name.zh or e.name.en}
    for zid, e in zones.items():
        names[zid] = {"en": e.name.en, "zh": e.name.zh or e.name.en}
    tokens = [cid for cid, e in catalog.of("token").items() for _ in range(e.copies)]
    t = Table(specs, names, settings, deck,
              {cid: e.per_player for cid, e in catalog.of("basic").items()}, tokens, slots,
              adjacent, {z: zones[z].slots for z in FIELD},
              {z: frozenset(zones[z].holds) for z in FIELD},
              {z: tuple(zones[z].guarded_by or ()) for z in FIELD},
              (labour.power_cost, labour.economy_gain))
    t.field_power = {cid: (t.monster_power(s.power) if s.kind == "monster" else s.power)
                     for cid, s in specs.items()}
    return t
