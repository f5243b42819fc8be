"""Turn-side actions the lockstep games rarely or never reach (restore, swap at Nightshade,
discards over cargo), set up by hand and checked like lockstep does."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("toolkit.games.caravans.core.convert")

from toolkit.games.caravans import engine  # noqa: E402
from toolkit.games.caravans.engine.actions import Action, ActionKind as K  # noqa: E402

from .lockstep import step_check  # noqa: E402


def in_visit(catalog, seed=4):
    """A random game advanced to a tavern visit of the turn seat (no decision owed)."""
    state = engine.new_game(catalog, seed, 3)
    rng = random.Random(seed)
    while True:
        legal = engine.legal_actions(state)
        if Action(K.TAVERN) in legal:
            return engine.apply_action(state, Action(K.TAVERN))
        state = engine.apply_action(state, rng.choice(legal))


@pytest.fixture
def nightshade_visit(bundled):
    state = in_visit(bundled)
    rules = state.rules
    region = sorted(set(rules.nightshade) & set(rules.taverns))[0]
    seat = state.turn_seat
    player = state.players[seat]
    player.region = state.visit.region = region
    player.gold = 40
    state.tavern_eq[region] = "boots_of_agility"
    player.party.equipment = ["amulet_of_life", "bag_of_holding"]
    player.party.flipped = ["amulet_of_life"]
    return state


def test_restore_a_used_amulet(nightshade_visit):
    step_check(nightshade_visit, Action(K.RESTORE, ("amulet_of_life",)))


@pytest.mark.parametrize("mine", ["amulet_of_life", "bag_of_holding"])
def test_swap_equipment_at_nightshade(nightshade_visit, mine):
    step_check(nightshade_visit, Action(K.SWAP_EQUIPMENT, (mine,)))


def test_buy_equipment_and_weapons(nightshade_visit):
    step_check(nightshade_visit, Action(K.BUY_EQUIPMENT))
    weapon = next(iter(nightshade_visit.rules.weapons))
    step_check(nightshade_visit, Action(K.BUY_WEAPON, (weapon,)))


def test_discard_goods_over_cargo_in_a_tavern(bundled):
    state = in_visit(bundled, seed=6)
    engine.apply_action(state, Action(K.END_VISIT))
    player = state.players[state.turn_seat]
    player.goods = list(state.goods_deck[-(player.party.cur["cargo"] + 2):])
    del state.goods_deck[-len(player.goods):]
    good = state.rules.cards[player.goods[0]][0]
    step_check(state, Action(K.DISCARD_GOODS, (good,)))
    step_check(state, Action(K.END_TURN))
