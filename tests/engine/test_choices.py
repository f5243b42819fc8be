"""The seed's rules to the letter (issue #12 point 4): the choices that are the player's,
what each hides, and the small rule fixes (ranking, recruiting, stash, the new party)."""

from __future__ import annotations

import random

from toolkit.games.caravans.engine import (ActionKind as K, apply_action, current_player,
                                           determinize, legal_actions, observation)
from toolkit.games.caravans.engine.flow import winners
from toolkit.games.caravans.engine.tavern import recruit_cost
from toolkit.games.caravans.rulings import scenario

from .conftest import act, kinds, quiet, started

DUEL = {"seats": [
    {"hero": "aldric_vane", "party": "small_war_band", "at": {"region": "greymarch"}},
    {"hero": "maren_saltwind", "party": "small_caravan", "at": {"region": "greymarch"}}]}


def _duel(bundled, dice, **seat1):
    setup = {**DUEL, "dice": dice}
    setup["seats"] = [DUEL["seats"][0], {**DUEL["seats"][1], **seat1}]
    return scenario(bundled, setup, 0)


def test_a_found_player_is_fought_only_on_attack(bundled):
    state = _duel(bundled, ["skull", "1"])
    act(state, "explore", "player", 1)
    assert kinds(state) == {K.ATTACK, K.LET_GO} and state.combat is None
    act(state, "attack")
    assert state.combat is not None and state.players[0].bounty  # a non-brigand attacked


def test_the_looted_goods_are_the_victors_and_hidden_from_others(bundled):
    dice = ["skull", "1", "1", "2", "1", "1", "1", "skull", "1", "1", "1", "1", "skull",
            "1", "1", "1", "1", "1"]
    state = _duel(bundled, dice, goods=["silk", "herbs", "gems"])
    state.players[0].goods = []
    for step in (("explore", "player", 1), ("attack",), ("combat_choice", "ranged", "", ""),
                 ("combat_choice", "ranged", "", ""), ("combat_choice", "melee", "", ""),
                 ("combat_choice", "ranged", "", "")):
        act(state, *step)
    entry = state.pending[-1]
    assert entry["kind"] == "loot" and entry["room"] == 2 and len(entry["cards"]) == 3
    assert {a.args[0] for a in legal_actions(state) if a.kind is K.LOOT} == \
        {"silk", "herbs", "gems"}
    other = next(p.seat for p in state.players if p.seat != 0 and p.hero)
    seen = observation(state, other).pending[-1]
    assert seen["kind"] == "loot" and seen["cards"] == [None] * 3
    world = determinize(state, other, random.Random(1))
    assert None not in world.pending[-1]["cards"] and len(world.pending[-1]["cards"]) == 3
    before = len(state.goods_discard)
    act(state, "loot", "gems")
    act(state, "loot_end")
    names = [state.rules.cards[c][0] for c in state.players[0].goods]
    assert names == ["gems"] and len(state.goods_discard) == before + 2


def test_the_orb_is_flipped_only_when_its_holder_says_so(bundled):
    dice = ["skull", "1", "1", "2", "1", "1", "1", "1", "1", "skull", "1", "1", "4"]
    for use in (True, False):
        state = _duel(bundled, dice)
        state.players[0].party.equipment.append("orb_of_lightning")
        for step in (("explore", "player", 1), ("attack",), ("combat_choice", "ranged", "", ""),
                     ("combat_choice", "ranged", "", ""), ("combat_choice", "ranged", "", ""),
                     ("combat_choice", "flee", "", "")):
            act(state, *step)
        assert current_player(state) == 0 and kinds(state) == {K.FLEE_STRIKE}
        shield = state.players[1].party.cur["shield"]
        act(state, "flee_strike", "orb_of_lightning", use)
        assert state.players[1].party.cur["shield"] == shield - use  # dice 4: the shield
        assert "orb_of_lightning" not in state.players[0].party.flipped  # back after the fight


def test_the_amulet_is_flipped_only_when_its_holder_says_so(bundled):
    """Seed 000: once a hit's location is rolled, the amulet's holder chooses (BLOCK_HIT);
    the fight waits for it, and a declined amulet stays face up for the next hit."""
    dice = ["skull", "1", "skull", "skull", "1", "1", "1", "3", "4"]
    for use in (True, False):
        state = _duel(bundled, dice, equipment=["amulet_of_life"],
                      stats={"defense": 2, "shield": 2})
        for step in (("explore", "player", 1), ("attack",), ("combat_choice", "ranged", "", ""),
                     ("combat_choice", "ranged", "", "")):
            act(state, *step)
        assert current_player(state) == 1 and kinds(state) == {K.BLOCK_HIT}
        assert state.pending[-1]["where"] == "attack"
        party = state.players[1].party
        act(state, "block_hit", "amulet_of_life", use)
        assert party.cur["attack"] == 1 - (not use)
        assert ("amulet_of_life" in party.flipped) == use
        assert (K.BLOCK_HIT in kinds(state)) == (not use)  # the shield hit: asked again
        if not use:
            act(state, "block_hit", "amulet_of_life", True)
            assert party.cur["shield"] == 2 and party.flipped == ["amulet_of_life"]


def test_equipment_goes_to_the_taverns_its_leader_names(bundled):
    setup = {"tavern_equipment": {"saltmere": None, "thornfield": None, "kingsford": None},
             "seats": [{"hero": "maren_saltwind", "party": "small_caravan", "gold": 40,
                        "equipment": ["boots_of_agility", "bag_of_holding"]},
                       {"hero": "sylwen_silvertongue"}]}
    state = scenario(bundled, setup, 0)
    act(state, "tavern")
    act(state, "form_party", "large_war_band")
    free = {a.args[0] for a in legal_actions(state)}
    assert {"saltmere", "thornfield", "kingsford"} <= free
    act(state, "place_equipment", "kingsford")
    assert "kingsford" not in {a.args[0] for a in legal_actions(state)}
    act(state, "place_equipment", "saltmere")
    assert {state.tavern_eq["kingsford"], state.tavern_eq["saltmere"]} == \
        {"boots_of_agility", "bag_of_holding"} and state.tavern_eq["thornfield"] is None
    assert state.visit is not None and not state.pending  # back in the tavern visit


def test_track_glory_ranks_the_players_at_the_goal(bundled):
    state = quiet(started(bundled, players=3))
    goal, per_point = bundled.game.glory_to_win, bundled.game.stash.gold_per_point
    a, b, c = state.players
    a.glory, a.stash = goal, 0
    b.glory, b.stash = goal - 1, 2 * per_point  # goal + 1 with the stash, less on the track
    c.glory, c.stash = goal - 1, 0      # short of the goal: out of the ranking
    assert winners(state) == [a.seat]
    a.glory = goal - 3                  # nobody at the goal but b: b wins
    assert winners(state) == [b.seat]
    b.glory, b.stash = goal - 2, 0      # nobody at the goal: the highest total
    assert winners(state) == [c.seat]


def test_half_price_rounds_up(bundled):
    state = quiet(started(bundled, players=2))
    seat = state.turn_seat
    assert [recruit_cost(state, seat, n, 50) for n in (1, 2, 3)] == [1, 1, 2]
    assert recruit_cost(state, seat, 1, 100) == 0


def test_amnesty_waits_for_the_players_choice(bundled):
    setup = {"first": 0, "decks": {"events": ["coronation_pardon"]},
             "seats": [{"hero": "aldric_vane", "bounty": {"elves": 2, "orcs": 1}},
                       {"hero": "sylwen_silvertongue", "bounty": {"orcs": 1}}]}
    state = scenario(bundled, setup, 0)
    act(state, "end_turn")
    act(state, "end_turn")
    assert state.players[1].bounty.get("orcs", 0) == 0  # one race: no choice
    assert current_player(state) == 0 and {a.args for a in legal_actions(state)} == \
        {("elves",), ("orcs",)}
    apply_action(state, legal_actions(state)[0])
    assert not state.pending and sum(state.players[0].bounty.values()) == 2
