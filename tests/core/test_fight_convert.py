"""The fight side's converters (core/fight_convert.pyx): state.combat and state.raid of
real positions go to the C structs and come back equal; bad data is refused in one line."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

fight_convert = pytest.importorskip("toolkit.games.caravans.core.fight_probe")

from toolkit.content.validate import load_catalog  # noqa: E402
from toolkit.games.caravans import engine  # noqa: E402
from toolkit.games.caravans.engine.rules import rules_for  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(ROOT / "cards")


def states(catalog, seeds, players=3):
    """Every position of random games."""
    for seed in seeds:
        state = engine.new_game(catalog, seed, list(range(players)))
        rng = random.Random(seed)
        while not engine.is_terminal(state):
            yield state
            engine.apply_action(state, rng.choice(engine.legal_actions(state)))


def positions(catalog, seeds, players=3):
    """(rules, combat, raid) at every action of random games that has a fight or a raid."""
    for state in states(catalog, seeds, players):
        if state.combat is not None or state.raid is not None:
            yield state.rules, state.combat, state.raid


def test_combat_and_raid_round_trip(catalog):
    seen = {"combat": 0, "resolved": 0, "raid": 0}
    for rules, combat, raid in positions(catalog, range(12)):
        back_combat, back_raid = fight_convert.roundtrip(rules, combat, raid)
        assert back_combat == combat
        assert back_raid == raid
        seen["combat"] += combat is not None
        seen["resolved"] += combat is not None and "rolled" in combat
        seen["raid"] += raid is not None
    assert seen["combat"] and seen["resolved"] and seen["raid"], seen


def test_none_stays_none(catalog):
    assert fight_convert.roundtrip(rules_for(catalog), None, None) == (None, None)


def test_too_many_dice_is_refused(catalog):
    combat = {"sides": ["p0", "p1"], "round": 2, "choices": [None, None], "used": [[], []],
              "no_flee": None, "cancel": {}, "queue": [], "bounty": [False, False],
              "melee": False, "armed": [], "rolled": [["ranged", "ranged"], [(1,) * 40, ()]],
              "struck": [None, None], "stage": "flee", "owed": []}
    from toolkit.games.caravans.core.content import CoreRefused
    with pytest.raises(CoreRefused, match="^40 dice of a roll; the compiled core holds at most 16$"):
        fight_convert.roundtrip(rules_for(catalog), combat, None)


def test_pending_round_trip(catalog):
    kinds = set()
    for state in states(catalog, range(12)):
        if state.pending:
            expected = [dict(d) for d in state.pending]
            for d in expected:
                if d["kind"] == "choose_party":
                    d.setdefault("end_turn", False)
            assert fight_convert.roundtrip_pending(state.rules, state.pending) == expected
            kinds.update(d["kind"] for d in state.pending)
    assert {"combat_choice", "found", "explorer", "raid", "choose_party"} <= kinds, kinds
