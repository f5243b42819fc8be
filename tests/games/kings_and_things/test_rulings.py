"""The example's rulings through the generic runner: all pass, and a ruling that states a
wrong fact fails with its file and line."""

from __future__ import annotations

import shutil

import pytest

from toolkit.checks.rulings import run_rulings
from toolkit.checks.rulings_load import load_rulings
from toolkit.content.validate import load_catalog
from toolkit.errors import ContentError
from toolkit.games.kings_and_things import GAME

from .conftest import PROJECT


def test_every_ruling_holds(catalog):
    items = load_rulings(PROJECT, GAME)
    assert len(items) >= 30
    failures = run_rulings(GAME, catalog, items)
    assert failures == [], "\n".join(map(str, failures))


def test_a_wrong_ruling_fails_where_it_is_written(tmp_path):
    project = tmp_path / "kt"
    shutil.copytree(PROJECT, project, ignore=shutil.ignore_patterns("output"))
    path = project / "cards" / "rulings" / "combat.yaml"
    text = path.read_text()
    path.write_text(text.replace("dice: [3, 2]}", "dice: [4, 2]}", 1))   # the lion misses now
    bad = project / "cards" / "rulings" / "build_victory.yaml"
    bad.write_text(bad.read_text().replace("equals: 5/11", "equals: 1/2"))
    catalog = load_catalog(project)
    failures = run_rulings(GAME, catalog, load_rulings(project, GAME))
    ids = sorted(f.ruling for f in failures)
    assert "duel_odds_equal_ones" in ids and "hit_on_roll_at_or_under_value" in ids
    assert all("combat.yaml" in f.where or "build_victory.yaml" in f.where for f in failures)


def test_probability_enumerates_the_dice(catalog):
    from fractions import Fraction
    setup = {"phase": "heroes", "gold": [0, 0], "terrain": {"default": "plains"},
             "hexes": {0: {"owner": 0}, 11: {"owner": 1}}, "pool": ["arch_mage"]}

    def play(state):
        action = next(a for a in GAME.legal_actions(state) if a == ("recruit", "arch_mage", 0))
        return GAME.apply_action(state, action)

    got = GAME.probability(catalog, setup, 0, play, lambda s: s.sub.get("step") == "place")
    assert got == Fraction(1, 36)   # twice 6 is 12: only double six


def test_a_misspelt_ruling_is_reported_at_its_line(tmp_path):
    project = tmp_path / "kt"
    shutil.copytree(PROJECT, project, ignore=shutil.ignore_patterns("output"))
    path = project / "cards" / "rulings" / "combat.yaml"
    path.write_text(path.read_text().replace("{hex: 1, owner: 1}\n      - {unit: u2, at: null}",
                                             "{hex: 1, ownr: 1}\n      - {unit: u2, at: null}", 1))
    with pytest.raises(ContentError) as info:
        load_rulings(project, GAME)
    assert "combat.yaml:" in info.value.message and "ownr" in info.value.message
