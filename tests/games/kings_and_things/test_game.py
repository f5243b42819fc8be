"""The Game protocol for Kings & Things: determinism, hidden stacks and racks, a full
state from an observation, words for every action, JSON round trips and invariants."""

from __future__ import annotations

import random

import pytest

from toolkit.games.kings_and_things import GAME
from toolkit.games.kings_and_things.checks import where_things_are
from toolkit.games.kings_and_things.data import by_key
from toolkit.loop import play_game

from ..helpers import random_game




def test_same_seed_same_game(catalog):
    one = play_game(GAME, catalog, 7, ["heuristic", "random", "heuristic"])
    two = play_game(GAME, catalog, 7, ["heuristic", "random", "heuristic"])
    assert one == two and one["winner"]
    other = play_game(GAME, catalog, 8, ["heuristic", "random", "heuristic"])
    assert other["actions"] != one["actions"]


def test_replaying_actions_gives_the_same_state(catalog):
    state, actions = random_game(GAME, catalog, 3, stop=400)
    again = GAME.new_game(catalog, 3, ["random"] * 4)
    for action in actions:
        GAME.apply_action(again, GAME.action_from_json(GAME.action_to_json(action)))
    assert GAME.state_hash(again) == GAME.state_hash(state)


def test_stacks_and_racks_are_hidden(catalog):
    state, _ = random_game(GAME, catalog, 5, stop=300)
    for seat in range(4):
        obs = GAME.observation(state, seat)
        for token, unit in obs.units.items():
            truth = state.units[token]
            if truth["owner"] != seat and not truth["shown"]:
                assert unit["thing"] is None
            else:
                assert unit["thing"] == truth["thing"]
        assert obs.racks[seat] == state.racks[seat]
        assert all(set(r) <= {"?"} for s, r in enumerate(obs.racks) if s != seat)
        assert set(obs.cup) <= {"?"} and len(obs.cup) == len(state.cup)
        assert obs.deck == sorted(state.deck)  # which tiles, not their face-down order
        assert obs.rng is None
    assert state.deck != sorted(state.deck)  # (else the line above would show nothing)


def test_determinize_keeps_what_the_seat_sees(catalog):
    state, _ = random_game(GAME, catalog, 11, stop=500)
    data = by_key(state.key)
    seat = 2
    obs = GAME.observation(state, seat)
    world = GAME.determinize(obs, seat, random.Random(1))
    assert sorted(where_things_are(world).elements()) == sorted(data.instances)
    for token, unit in world.units.items():
        if obs.units[token]["thing"] is not None:
            assert unit["thing"] == obs.units[token]["thing"]
        elif not unit["hero"]:
            assert data.kind(unit["thing"]) == "creature"
    assert world.racks[seat] == state.racks[seat]
    assert [len(r) for r in world.racks] == [len(r) for r in state.racks]
    assert GAME.legal_actions(world) == GAME.legal_actions(state) or \
        GAME.current_player(state) != seat
    while not GAME.is_terminal(world):  # the re-dealt world plays on to an end
        GAME.apply_action(world, GAME.legal_actions(world)[0])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_hold_and_words_exist(catalog, players):
    checks = GAME.invariants()
    state = GAME.new_game(catalog, players, ["random"] * players)
    rng = random.Random(players)
    while not GAME.is_terminal(state):
        action = rng.choice(GAME.legal_actions(state))
        for lang in ("en", "zh"):
            assert GAME.describe_action(state, action, lang)
        GAME.apply_action(state, action)
        for name, check in checks.items():
            assert check(state) is None, (name, check(state))
    assert state.end_reason and state.winner
    assert GAME.log_lines(state, "zh") and GAME.log_lines(state, "en")


def test_invariants_catch_a_lost_counter(catalog):
    state, _ = random_game(GAME, catalog, 2, stop=200)
    state.cup.pop()
    assert GAME.invariants()["things_conserved"](state) is not None
    state.gold[0] = -1
    assert GAME.invariants()["gold_not_negative"](state) is not None


def test_record_and_metrics(catalog):
    record = play_game(GAME, catalog, 4, ["heuristic"] * 4)
    metrics = GAME.metrics(record)
    assert record["end_reason"] and record["rounds"] >= 2
    assert all(len(v) == 4 for v in metrics.values())
    assert sum(metrics["citadel"]) >= 1 or "round limit" in record["end_reason"]


def test_heuristic_beats_random(catalog):
    wins = 0
    for seed in range(12):
        record = play_game(GAME, catalog, seed, ["heuristic", "random"], keep_actions=False)
        wins += record["winner"] == [0]
    assert wins >= 9


def test_search_agent_plays_through_determinize(catalog):
    from toolkit.agents import make_agent
    state = GAME.scenario(catalog, {
        "phase": "combat", "terrain": {"default": "plains"},
        "hexes": {0: {"owner": 0}, 1: {"owner": 1, "fort": 2}},
        "units": [{"seat": 0, "thing": "centaur", "hex": 1}], "dice": [1, 6]}, 0)
    GAME.apply_action(state, ("fight", 1))
    legal = GAME.legal_actions(state)
    assert legal == [("retreat", 0), ("stay",)]
    agent = make_agent("search:2", GAME, catalog, 0, 1)
    assert agent.choose(GAME.observation(state, 0), legal) in legal


def test_record_carries_the_turn_order_of_every_round(catalog):
    """Issue #27 item 4: round 1's first player (from the setup roll) and the marker's
    holder each round, passed on one seat at phase 9; the report's seat is the place after
    round 1's first player."""
    from toolkit.sim.stats import turn_position

    for seed in (4, 5, 6):
        first = GAME.new_game(catalog, seed, ["random"] * 4).order[0]
        record = play_game(GAME, catalog, seed, ["random"] * 4, keep_actions=False)
        rounds = record["first_by_round"]
        assert record["first_player"] == first == rounds[0]
        assert len(rounds) == record["rounds"]
        assert rounds == [(first + r) % 4 for r in range(len(rounds))]
        assert turn_position(record, first) == 0 and turn_position(record, (first + 3) % 4) == 3
