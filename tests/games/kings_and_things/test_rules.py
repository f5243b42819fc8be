"""Rules of Kings & Things checked on small positions: income, recruiting, movement,
combat steps, exploration, construction and victory."""

from __future__ import annotations

from toolkit.games.kings_and_things import GAME
from toolkit.games.kings_and_things.data import by_key
from toolkit.games.kings_and_things.state import income

from .conftest import act

PLAINS = {"default": "plains"}


def test_income_counts_land_forts_special_income_and_heroes(make):
    state = make(phase="income", gold=[0, 0], terrain={"default": "plains", 0: "mountain", 2: "sea"},
                 hexes={0: {"owner": 0, "fort": 3, "income": "gold_mine"}, 1: {"owner": 0},
                        2: {"owner": 0}, 11: {"owner": 1}},
                 units=[{"seat": 0, "thing": "marksman", "hex": 1}])
    # 2 land hexes (the sea pays nothing) + castle 3 + gold mine 3 + 1 hero
    assert state.gold[0] == 9
    assert income(state, by_key(state.key), 0) == 9


def test_free_draws_round_down(make):
    state = make(phase="recruit", terrain=PLAINS,
                 hexes={h: {"owner": 0} for h in (0, 1, 2)} | {11: {"owner": 1}})
    assert state.sub["draws"] == 1


def test_recruited_things_are_drawn_together_and_placed(make):
    state = make(phase="recruit", gold=[10, 0], terrain=PLAINS,
                 hexes={0: {"owner": 0}, 1: {"owner": 0}, 11: {"owner": 1}},
                 draws=["farmers", "diamond", "farmlands"])
    act(state, "buy", count=2)
    act(state, "draw")
    assert state.gold[0] == 0 and sorted(t.split(":")[0] for t in state.sub["pending"]) == \
        ["diamond", "farmers", "farmlands"]
    act(state, "cash", thing="diamond")
    act(state, "place", thing="farmlands", hex=1)
    act(state, "place", thing="farmers", hex=0)
    assert state.gold[0] == 5 and state.income[1].startswith("farmlands")
    assert [u["hex"] for u in state.units.values()] == [0]


def test_rough_terrain_costs_two_on_foot(make):
    state = make(rings=3, terrain={"default": "swamp"},
                 hexes={h: {"owner": 0} for h in range(19)} | {19: {"owner": 1}},
                 units=[{"seat": 0, "thing": "pirates", "hex": 0},
                        {"seat": 0, "thing": "ghost", "hex": 0}])
    legal = moves(state)
    assert max(h for t, h in legal if t == "u1") == 18      # 2 swamps deep
    assert 19 in {h for t, h in legal if t == "u2"}   # the flyer pays 1 a hex


def test_melee_hits_only_at_or_under_value(make):
    state = make(phase="combat", terrain=PLAINS, hexes={0: {"owner": 0}, 1: {"owner": 1}},
                 units=[{"seat": 0, "thing": "lion_pride", "hex": 1},
                        {"seat": 1, "thing": "farmers", "hex": 1}],
                 dice=[4, 2, 3, 6])
    act(state, "fight", hex=1)
    # round 1: 4 > 3 misses, 2 > 1 misses -> retreat step; stay, round 2: 3 hits
    assert state.battle["stage"] == "retreat"
    act(state, "stay")
    assert state.owner[1] == 0 and state.battle is None


def test_ranged_units_roll_before_melee(make):
    state = make(phase="combat", terrain=PLAINS, hexes={0: {"owner": 0}, 1: {"owner": 1}},
                 units=[{"seat": 0, "thing": "hunterman", "hex": 1},
                        {"seat": 1, "thing": "buffalo_herd", "hex": 1}], dice=[1])
    act(state, "fight", hex=1)
    assert state.owner[1] == 0 and state.dice == []   # the charger never rolled


def test_defender_retreat_leaves_fort_to_fight_alone(make):
    state = make(phase="combat", terrain=PLAINS,
                 hexes={0: {"owner": 0}, 1: {"owner": 1, "fort": 1}, 2: {"owner": 1}},
                 units=[{"seat": 0, "thing": "centaur", "hex": 1},
                        {"seat": 1, "thing": "farmers", "hex": 1}],
                 dice=[6, 6, 6, 5])
    act(state, "fight", hex=1)
    act(state, "stay", by=0)
    act(state, "retreat", hex=2)
    assert state.units["u2"]["hex"] == 2 and state.battle is not None
    assert [u["kind"] for u in state.battle["units"][1]] == ["fort"]


def test_exploration_defenders_and_spoils(make):
    state = make(phase="combat", gold=[0, 0], terrain=PLAINS,
                 hexes={0: {"owner": 0}, 11: {"owner": 1}},
                 units=[{"seat": 0, "thing": "lion_pride", "hex": 1},
                        {"seat": 0, "thing": "farmers", "hex": 3}],
                 dice=[3, 1, 6], draws=["goblins", "ruby", "big_juju"])
    cup = len(state.cup)
    act(state, "fight", hex=1)
    assert state.owner[1] == 0
    assert [t.split(":")[0] for t in state.racks[0]] == ["ruby"]
    assert len(state.cup) == cup - 1   # goblins and the event went back, the ruby is ours


def test_castle_needs_bank_counters(make):
    state = make(phase="build", gold=[50, 0], terrain=PLAINS,
                 hexes={0: {"owner": 0, "fort": 2}, 1: {"owner": 0}, 11: {"owner": 1}})
    state.forts_left[3] = 0
    assert ("build", 0) not in GAME.legal_actions(state) and ("build", 1) in GAME.legal_actions(state)


def test_lost_citadel_stops_the_clock(make):
    state = make(phase="build", round=5, gold=[0, 0], terrain=PLAINS,
                 hexes={0: {"owner": 1, "fort": 4}, 11: {"owner": 1}}, citadel_since={0: 2})
    # seat 0's citadel was taken: seat 1 gained it this turn and must hold it a round
    assert not GAME.is_terminal(state) and state.citadel_since == {1: 5}


def moves(state):
    return [(a[1], a[2]) for a in GAME.legal_actions(state) if a[0] == "move"]
