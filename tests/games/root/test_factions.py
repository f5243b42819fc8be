"""Each faction's turn: the Marquise's wood, actions and building; the Eyrie's Decree and
turmoil; the Alliance's revolt, spread and operations; the Vagabond's items."""

from __future__ import annotations

from toolkit.games.root import board

from .conftest import act, legal


def test_marquise_turn_wood_build_recruit_and_evening_draw(make, game):
    s = make(turn=0, phase="birdsong", pieces={"c5": {"marquise": {"warriors": 1, "sawmill": 1}},
                                               "c2": {"marquise": {"warriors": 1, "recruiter": 1}}})
    assert board.tokens(s, "c5", "marquise", "wood") == ["wood"] and s.phase == "daylight"
    act(s, "build", piece="workshop", clearing="c5")   # the first workshop costs no wood
    act(s, "build", piece="sawmill", clearing="c2")    # the second sawmill costs 1 wood: c5-c2
    assert board.tokens(s, "c5", "marquise", "wood") == [] and s.vp[0] == 1
    act(s, "recruit")
    assert not legal(s, "recruit") and s.flags["acts"] == 0
    hand = len(s.hands[0])
    act(s, "end")          # to Evening: draw 1 (one recruiter uncovers no bonus)
    act(s, "end")
    assert len(s.hands[0]) == hand + 1 and s.turn == 1


def test_eyrie_turmoil_loses_birds_and_keeps_viziers(make, game):
    s = make(turn=1, vp={1: 4}, eyrie={"leader": "builder",
                                       "decree": {"recruit": ["vizier", "armorers"],
                                                  "move": ["vizier"], "build": ["anvil"]}},
             pieces={"c5": {"eyrie": {"roost": 1, "warriors": 1}}})
    act(s, "end")
    act(s, "recruit", clearing="c5")
    act(s, "recruit", clearing="c5")
    act(s, "move", **{"from": "c5", "to": "c2", "count": 3})
    assert s.step == "turmoil" and s.vp[1] == 1
    assert s.f["eyrie"]["decree"]["recruit"] == ["vizier"] and "armorers" in s.discard
    assert not legal(s, "leader", leader="builder")
    act(s, "leader", leader="commander")
    assert s.f["eyrie"]["decree"]["battle"] == ["vizier"] and s.phase != "daylight"


def test_alliance_revolt_then_spread_then_operations(make, game):
    s = make(turn=2, phase="birdsong",
             alliance={"supporters": ["bake_sale", "a_visit_to_friends", "smugglers_trail",
                                      "anvil"]},
             pieces={"c5": {"alliance": {"sympathy": 1}, "eyrie": {"warriors": 2, "roost": 1}}})
    act(s, "revolt", clearing="c5")
    assert s.step == "pay" and not legal(s, "spread")   # three rabbit supporters for two
    act(s, "pay", card="smugglers_trail")
    act(s, "pay", card="bake_sale")
    assert s.f["alliance"]["supporters"] == ["a_visit_to_friends", "anvil"]
    assert board.warriors(s, "c5", "eyrie") == 0 and s.vp[2] == 1
    assert board.warriors(s, "c5", "alliance") == 1 and s.f["alliance"]["officers"] == 1
    act(s, "spread", clearing="c1")   # the one fox supporter pays without a choice
    assert not legal(s, "revolt") and s.f["alliance"]["supporters"] == ["a_visit_to_friends"]
    act(s, "end")
    act(s, "end")
    assert s.phase == "evening" and s.flags["ops"] == 1
    act(s, "recruit", clearing="c5")
    assert not legal(s, "recruit")


def test_vagabond_turn_refresh_slip_explore_and_rest(make, game):
    s = make(turn=3, phase="birdsong", ruins={"c6": "bag"},
             vagabond={"at": "f3", "items": [["torch", True, False], ["boots", True, False],
                                             ["sword", False, True]]})
    assert all(not e[1] for e in s.f["vagabond"]["items"])   # refreshed: 3 slots
    act(s, "slip", to="c6")
    act(s, "explore")
    assert s.vp[3] == 1 and "c6" not in s.ruin_items and s.phase == "daylight"
    act(s, "go", to="c2")
    act(s, "end")
    assert s.f["vagabond"]["items"][2][2]          # damaged: not resting in a forest
