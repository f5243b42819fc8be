"""The bundled Caravans & Brigands: counts per kind, clean validation, and every effect
operation of the registry used by at least one card (so the simulator exercises all of them)."""

from __future__ import annotations

from collections import Counter

import pytest

from toolkit import BUNDLED_PROJECT
from toolkit.content.catalog import card_count
from toolkit.games.caravans.content.ops import OPS
from toolkit.games.caravans.content.checks_effects import effect_groups
from toolkit.content.validate import validate_project

EXPECTED = {
    "race": 4, "region": 17, "hero": 16, "party": 5, "equipment": 16, "weapon": 12,
    "good": 64, "event": 34, "glory_card": 40, "mission": 16, "rumor": 16, "explorer": 17,
    "npc": 6,
}


@pytest.fixture(scope="module")
def catalog():
    catalog, report = validate_project(BUNDLED_PROJECT)
    assert catalog is not None, "\n".join(str(p) for p in report.sorted())
    return catalog


def effects_of(entry):
    for _path, _owner, effects in effect_groups(entry):
        yield from effects


def test_bundled_game_validates_without_problems():
    _, report = validate_project(BUNDLED_PROJECT)
    assert [str(p) for p in report.sorted()] == []


@pytest.mark.parametrize("kind,expected", sorted(EXPECTED.items()))
def test_count_per_kind(catalog, kind, expected):
    total = sum(card_count(e) for e in catalog.of(kind).values())
    assert total == expected
    assert catalog.game.counts[kind] == expected


def test_every_registered_op_is_used(catalog):
    used = {effect.op for kind in catalog.by_kind
            for entry in catalog.of(kind).values() for effect in effects_of(entry)}
    assert sorted(set(OPS) - used) == []


def test_effects_fit_the_registry(catalog):
    for kind in catalog.by_kind:
        for entry in catalog.of(kind).values():
            for effect in effects_of(entry):
                spec = OPS[effect.op]
                assert kind in spec.kinds, (entry.id, effect.op)
                spec.params(**effect.params)  # raises on a bad parameter


def test_board_layout(catalog):
    """Adjacency symmetry, connection and budgets are validator rules (checked above);
    here the bundled board's own shape."""
    regions = catalog.regions
    assert [r.id for r in regions.values() if r.nightshade] == ["mistvale"]
    assert [r.id for r in regions.values() if r.tavern is None] == ["wasteland"]
    assert set(regions["wasteland"].adjacent) == {"kingsford", "mistvale", "ashpeak", "redmaw"}
    per_race = Counter(r.race for r in regions.values() if r.race)
    assert per_race == {race: 4 for race in catalog.races}


def test_heroes_have_distinct_homes_of_their_race(catalog):
    homes = [h.home for h in catalog.heroes.values()]
    assert len(set(homes)) == len(homes) == 16
    per_race = Counter(h.race for h in catalog.heroes.values())
    assert per_race == {race: 4 for race in catalog.races}


def test_missions_rumors_explorers_npcs(catalog):
    for mission in catalog.missions.values():
        tests = [mission.check, mission.deliver, mission.defeat]
        assert sum(t is not None for t in tests) == 1, mission.id
        assert catalog.regions[mission.tavern].tavern is not None
    assert sum(r.truth for r in catalog.rumors.values()) == 10
    assert all(r.gold > 0 for r in catalog.rumors.values() if r.truth)
    assert sorted(e.region for e in catalog.explorers.values()) == sorted(catalog.regions)
    roles = Counter(n.role for n in catalog.npcs.values())
    assert roles == {"patrol": 4, "brigand": 2}
    assert {n.race for n in catalog.npcs.values() if n.role == "patrol"} == set(catalog.races)


def test_raid_icons_give_a_sensible_haul(catalog):
    icons = [v for g in catalog.goods.values() for v in g.raid]
    gold = [v for v in icons if v != "ambush"]
    draw = catalog.game.raid.draw
    mean_raid = draw * sum(gold) / len(icons)
    assert 5 <= mean_raid <= 9
    assert icons.count("ambush") == len(catalog.goods)
    assert max(gold) * draw >= catalog.game.raid.glory_gold
