# toolkit: compile
"""The game's content as one flat table: each card id's numbers, the settings (game.yaml),
the zones of a field and the wilds' hexagon, read once per catalog from the declared kinds."""

from __future__ import annotations

import math

from toolkit.errors import ContentError
from toolkit.games.nanhuang2.settings import values

PLAYABLE = ("soldier", "monster", "facility", "effect", "incident")  # the market deck
FIELD = ("front", "back", "facilities")


SPEC_FIELDS = ("id", "kind", "power", "economy", "price", "spoils", "strong", "tags",
               "ability", "ability_tag", "amount", "action")


class Spec:
    """One card's numbers (0 / False / None where its kind has none). Never changed once
    made (compiled: its fields are read-only C slots, cards.pxd)."""

    __slots__ = SPEC_FIELDS

    def __init__(self, id: str, kind: str, power: int = 0, economy: int = 0, price: int = 0,
                 spoils: int = 0, strong: bool = False, tags: tuple = (),
                 ability: str | None = None, ability_tag: str | None = None, amount: int = 0,
                 action: str | None = None):
        self.id, self.kind, self.power, self.economy = id, kind, power, economy
        self.price, self.spoils, self.strong, self.tags = price, spoils, strong, tags
        self.ability, self.ability_tag, self.amount, self.action = (ability, ability_tag,
                                                                    amount, action)

    def _key(self) -> tuple:
        return tuple(getattr(self, name) for name in SPEC_FIELDS)

    def __eq__(self, other) -> bool:
        return isinstance(other, Spec) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return "Spec(" + ", ".join(f"{name}={getattr(self, name)!r}"
                                   for name in SPEC_FIELDS) + ")"


class Table:
    """The content of one catalog, as the rules read it (built once, never copied)."""

    __slots__ = ("specs", "names", "settings", "deck", "basics", "tokens", "slots",
                 "adjacent", "zone_slots", "holds", "guards", "labour", "field_power")

    def __init__(self, specs: dict[str, Spec], names: dict[str, dict[str, str]],
                 settings: dict[str, float], deck: list[str], basics: dict[str, int],
                 tokens: list[str], slots: list[str], adjacent: list[tuple[int, ...]],
                 zone_slots: dict[str, int], holds: dict[str, frozenset],
                 guards: dict[str, tuple[str, ...]], labour: tuple[int, int]):
        self.specs = specs
        self.names = names
        self.settings = settings
        self.deck = deck                # the market deck, one id a physical card
        self.basics = basics            # basic id -> copies per player
        self.tokens = tokens
        self.slots = slots              # wilds slot ids, catalog order
        self.adjacent = adjacent        # slot index -> neighbouring slot indexes
        self.zone_slots = zone_slots    # front/back/facilities -> capacity (0: no limit)
        self.holds = holds              # front/back/facilities -> card kinds it takes
        self.guards = guards
        self.labour = labour            # (power paid, economy gained)
        self.field_power: dict[str, int] = {}

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
