"""Checks of a Kings & Things project beyond its declared kinds: the counter totals
(game.yaml settings things_in_cup, hex_tiles, sea_tiles), creatures keyed to land, heroes two
to a counter with one Terrain Lord per land terrain, the fort ladder (with no price per fort:
every build costs `build_cost`), and a board that can be laid for every player count."""

from __future__ import annotations

from collections import Counter

from toolkit.games.kings_and_things.data import THING_KINDS
from toolkit.games.kings_and_things.hexmap import spiral
from toolkit.games.kings_and_things.settings import values


def _entries(catalog, kind) -> dict:
    """id -> entry of a kind, from a Catalog (a mapping) or the validator's index (a list)."""
    found = catalog.of(kind)
    return dict(found) if hasattr(found, "items") else {e.id: e for e in found}


def validate(catalog, report) -> None:
    if getattr(catalog, "game", None) is None:
        return                      # game.yaml is invalid (reported): no settings to check
    settings = values(catalog.game)
    terrains = _entries(catalog, "terrain")
    land = {t for t, e in terrains.items() if e.land}
    things = sum(int(e.copies) for k in THING_KINDS for e in _entries(catalog, k).values())
    _total(report, settings, "things_in_cup", things, "thing counters")
    tiles = sum(int(e.copies) for e in terrains.values())
    _total(report, settings, "hex_tiles", tiles, "hex tiles")
    seas = sum(int(e.copies) for t, e in terrains.items() if t not in land)
    _total(report, settings, "sea_tiles", seas, "sea tiles")
    for id_, creature in _entries(catalog, "creature").items():
        if creature.terrain not in land:
            report(id_, f"creature '{id_}' is keyed to '{creature.terrain}', which is not "
                   "land; creatures need a land terrain", "terrain")
    _heroes(catalog, report, land)
    forts = sorted(_entries(catalog, "fort").values(), key=lambda f: f.level)
    for n, fort in enumerate(forts, 1):
        if fort.level != n or fort.value != n:
            report(fort.id, f"fort '{fort.id}' should be level {n} with value {n} (the "
                   "ladder is tower 1, keep 2, castle 3, citadel 4)", "level")
        if getattr(fort, "cost", None) is not None:
            report(fort.id, f"fort '{fort.id}' has a cost, which the rules do not read: "
                   "every build costs game.yaml build_cost (seed, phase 7); remove it", "cost")
    if len(forts) != 4:
        report(None, f"there are {len(forts)} fort levels; Kings & Things has 4")
    for key in ("board_rings", "board_rings_small"):
        need = len(spiral(settings[key]))
        have = tiles - min(seas, settings["sea_set_aside"])
        if have < need or have - need < 1:
            report(None, f"a board of {settings[key]} rings needs {need} tiles and a "
                   f"replacement deck; only {have} tiles are laid out", key)


def _total(report, settings, key, got, what) -> None:
    if settings[key] != got:
        report(None, f"the project has {got} {what}, but setting '{key}' says "
               f"{settings[key]}; fix the copies or the setting in game.yaml", key)


def _heroes(catalog, report, land) -> None:
    heroes = _entries(catalog, "character")
    per_counter = Counter(int(h.counter) for h in heroes.values())
    for id_, hero in heroes.items():
        if per_counter[int(hero.counter)] != 2:
            report(id_, f"hero counter {hero.counter} names {per_counter[int(hero.counter)]} "
                   "heroes; a counter is double-sided and names exactly two", "counter")
        if (hero.power == "lord") != (hero.lord_of is not None):
            report(id_, f"hero '{id_}': a Terrain Lord (power lord) needs lord_of, and "
                   "only a Terrain Lord has one", "lord_of")
    lords = Counter(h.lord_of for h in heroes.values() if h.lord_of)
    for terrain in sorted(land):
        if lords[terrain] != 1:
            report(None, f"land terrain '{terrain}' has {lords[terrain]} Terrain Lords; "
                   "each land terrain has exactly one")
