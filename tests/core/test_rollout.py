"""The search agent's rollouts on the compiled core (core/rollout.pyx, agents/rollout.py):
from positions of real games (true states and determinized worlds, 2-4 players, every
style, on the bundled and on fuzzed content), the core's rollout stops in the very state
the Python loop stops in (state_hash equal, streams included), for every kind of horizon."""

from __future__ import annotations

import random

import pytest

from toolkit.games.caravans import engine
from toolkit.games.caravans.agents import play_styles
from toolkit.games.caravans.agents.heuristic import HeuristicAgent
from toolkit.games.caravans.agents.rollout import (Start, compiled, python_rollout,
                                                   rollout)
from toolkit.games.caravans.engine.record import state_hash

from .fuzz_content import fuzzed_catalog


def positions(catalog, seed: int, every: int):
    """(state, seat to act, rng) at every `every`-th decision of a Python game of
    heuristic players (2-4 seats, styles rotating with the seed)."""
    styles = list(play_styles(catalog).values())
    n = 2 + seed % 3
    state = engine.new_game(catalog, seed, n)
    rng = random.Random(seed)
    agents = [HeuristicAgent(catalog, s, random.Random(f"{seed}:{s}"),
                             styles[(seed + s) % len(styles)]) for s in range(n)]
    k = 0
    while not engine.is_terminal(state):
        seat = engine.current_player(state)
        if k % every == every // 2:
            yield state, seat, rng
        obs = engine.observation(state, seat)
        state = engine.apply_action(state, agents[seat].choose(obs, engine.legal_actions(state)))
        k += 1


def check_game(catalog, seed: int, every: int) -> int:
    """Compare core and Python rollouts at a game's positions; the number compared."""
    styles = list(play_styles(catalog).values())
    compared = 0
    for state, seat, rng in positions(catalog, seed, every):
        world = engine.determinize(engine.observation(state, seat), seat, rng) \
            if compared % 2 else engine.clone(state)
        own, rival = rng.choice(styles), rng.choice(styles)
        turns = world.players[seat].turns + rng.choice([0, 1, 2, 10 ** 6])
        stop, seed_r = (turns, bool(rng.getrandbits(1))), rng.getrandbits(32)
        limit = rng.choice([5, 200, 100_000])
        expected = python_rollout(catalog, engine.clone(world), seat, own, rival, seed_r,
                                  stop, limit)
        assert compiled(world) is not None, "the core cannot hold a real position"
        got = rollout(catalog, engine.clone(world), seat, own, rival, seed_r, stop, limit)
        where = f"game {seed}, seat {seat}, stop {stop}, limit {limit}"
        assert state_hash(got) == state_hash(expected), where
        # one conversion per world, several candidates: the same ends, the same results
        start = Start(catalog, world)
        legal = engine.legal_actions(world)
        for action in legal[:2]:
            end = start.rollout(action, seat, own, rival, seed_r, stop, limit)
            ref = python_rollout(catalog, engine.apply_action(engine.clone(world), action),
                                 seat, own, rival, seed_r, stop, limit)
            assert end.over == engine.is_terminal(ref), where
            assert end.results == engine.results(ref), where
            assert state_hash(end.state) == state_hash(ref), where
        compared += 1
    return compared


def test_rollouts_match_python_on_real_positions(bundled):
    assert sum(check_game(bundled, seed, 61) for seed in range(3)) >= 10


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3, 33))
def test_rollouts_match_python_on_many_positions(bundled, seed):
    assert check_game(bundled, seed, 23) > 3


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(12))
def test_rollouts_match_python_on_fuzzed_content(tmp_path, seed):
    catalog = fuzzed_catalog(tmp_path, 500 + seed)
    if catalog is None:
        pytest.skip("this fuzzed content does not validate")
    if compiled(engine.new_game(catalog, seed, 2)) is None:
        pytest.skip("the core refuses this fuzzed content")
    check_game(catalog, seed, 29)


def test_rollouts_to_the_end_finish_the_game(bundled):
    styles = play_styles(bundled)
    state = engine.new_game(bundled, 7, 2)
    end = Start(bundled, state).rollout(None, 0, styles["raider"], styles["balanced"], 3,
                                        (10 ** 6, False), 100_000)
    assert end.over and sorted(end.results) in ([0.0, 1.0], [0.5, 0.5])
    assert end.results == engine.results(end.state)


def test_the_horizon_stops_at_the_seats_next_decision(bundled):
    styles = play_styles(bundled)
    state = engine.new_game(bundled, 5, 3)
    while state.phase != "play":
        state = engine.apply_action(state, engine.legal_actions(state)[0])
    seat = engine.current_player(state)
    turns = state.players[seat].turns + 1
    got = rollout(bundled, engine.clone(state), seat, styles["raider"], styles["balanced"],
                  11, (turns, True), 100_000)
    assert engine.is_terminal(got) or (got.players[seat].turns == turns
                                       and engine.current_player(got) == seat)
    short = python_rollout(bundled, engine.clone(state), seat, styles["raider"],
                           styles["balanced"], 11, (turns, True), 3)
    assert len(short.history) == len(state.history) + 3 or engine.is_terminal(short)


def test_pure_python_is_used_when_asked(bundled, monkeypatch):
    monkeypatch.setenv("TOOLKIT_PURE_PYTHON", "1")
    state = engine.new_game(bundled, 1, 2)
    assert compiled(state) is None
    styles = play_styles(bundled)
    got = rollout(bundled, engine.clone(state), 0, styles["raider"], styles["balanced"], 4,
                  (2, False), 300)
    # the Python loop extends the history (the core does not)
    assert len(got.history) > len(state.history)
