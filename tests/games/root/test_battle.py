"""Battle: dice, caps, ambush, extra hits, removal order and scoring, and the exact odds
tables checked against the engine itself for every dice outcome."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from toolkit.games.root import battle, board
from toolkit.games.root.odds import distribution, outcome, tables

from .conftest import act


def test_dice_give_the_higher_to_the_attacker_with_the_published_odds():
    counts = {}
    for a in range(4):
        for b in range(4):
            high = max(a, b)
            counts[high] = counts.get(high, 0) + 1
    assert [counts[i] for i in range(4)] == [1, 3, 5, 7]   # /16, as the research notes
    rng = random.Random(5)
    rolls = [battle.roll(rng) for _ in range(2000)]
    assert all(h >= l and 0 <= l <= 3 and h <= 3 for h, l in rolls)
    assert 0.35 < sum(h == 3 for h, _ in rolls) / 2000 < 0.52


@pytest.mark.parametrize("att,dfn", [(1, 1), (2, 3), (3, 2), (4, 1), (5, 5)])
@pytest.mark.parametrize("ambush", [False, True])
def test_odds_tables_match_the_engine_for_every_roll(make, game, att, dfn, ambush):
    got: dict = {}
    for x in range(4):
        for y in range(4):
            s = make(pieces={"c5": {"marquise": {"warriors": att}, "eyrie": {"warriors": dfn}}},
                     hands={1: ["rabbit_ambush"]} if ambush else {}, dice=[[x, y]])
            act(s, "battle", clearing="c5", defender="eyrie")
            if ambush:
                act(s, "ambush", card="rabbit_ambush")
            key = (board.warriors(s, "c5", "marquise"), board.warriors(s, "c5", "eyrie"))
            got[key] = got.get(key, 0) + Fraction(1, 16)
    assert got == distribution(att, dfn, ambush)


def test_odds_outcome_and_tables():
    assert outcome(3, 2, defender_left=0) == Fraction(3, 4)
    assert outcome(2, 1, True, attacker_left=0) == 1
    assert sum(distribution(6, 6).values()) == 1
    t = tables("zh")
    assert len(t) == 4 and t[0]["rows"][0][1] == "93.8%" and "概率" in t[0]["title"]


def test_defenseless_extra_hit_removes_a_building_and_scores(make, game):
    s = make(pieces={"c5": {"marquise": {"warriors": 1}, "eyrie": {"roost": 1}}}, dice=[[0, 0]])
    act(s, "battle", clearing="c5", defender="eyrie")
    assert board.buildings(s, "c5", "eyrie") == [] and s.vp[0] == 1


def test_warriors_go_before_buildings_and_the_owner_chooses_among_them(make, game):
    s = make(turn=2, phase="evening", alliance={"officers": 1}, dice=[[2, 0]],
             pieces={"c5": {"alliance": {"warriors": 3},
                            "marquise": {"warriors": 1, "sawmill": 1, "wood": 1}}})
    act(s, "battle", clearing="c5", defender="marquise")
    assert board.warriors(s, "c5", "marquise") == 0
    assert game.current_player(s) == 0 and s.pending[0]["kind"] == "remove"
    act(s, "remove", piece="wood")
    assert board.buildings(s, "c5", "marquise") == ["sawmill"]
    assert s.vp[2] == 1


def test_the_alliance_defends_with_the_higher_die(make, game):
    s = make(pieces={"c5": {"marquise": {"warriors": 3}, "alliance": {"warriors": 2}}},
             dice=[[2, 0]])
    act(s, "battle", clearing="c5", defender="alliance")
    assert board.warriors(s, "c5", "alliance") == 2 and board.warriors(s, "c5", "marquise") == 1


def test_ambush_is_offered_only_in_a_matching_clearing(make, game):
    s = make(hands={1: ["fox_ambush", "rabbit_ambush"]},
             pieces={"c5": {"marquise": {"warriors": 3}, "eyrie": {"warriors": 1}}}, dice=[[1, 1]])
    act(s, "battle", clearing="c5", defender="eyrie")
    assert [a[1] for a in game.legal_actions(s)] == ["rabbit_ambush", None]


def test_armorers_ignore_rolled_hits(make, game):
    s = make(tableau={1: ["armorers"]}, dice=[[3, 0]],
             pieces={"c5": {"marquise": {"warriors": 3}, "eyrie": {"warriors": 2}}})
    act(s, "battle", clearing="c5", defender="eyrie")
    act(s, "effect", card="armorers", use=True)
    assert board.warriors(s, "c5", "eyrie") == 2 and "armorers" in s.discard


def test_brutal_tactics_adds_a_hit_and_gives_the_defender_a_point(make, game):
    s = make(tableau={0: ["brutal_tactics"]}, dice=[[1, 0]],
             pieces={"c5": {"marquise": {"warriors": 3}, "eyrie": {"warriors": 3}}})
    act(s, "battle", clearing="c5", defender="eyrie")
    act(s, "effect", card="brutal_tactics", use=True)
    assert board.warriors(s, "c5", "eyrie") == 1 and s.vp[1] == 1
