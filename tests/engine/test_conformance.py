"""Random-agent games on the mini project and the bundled game, invariants after each action."""

from __future__ import annotations

import random

import pytest

from toolkit.games.caravans.engine import apply_action, is_terminal, legal_actions, results
from toolkit.games.caravans.engine import new_game

from . import invariants


def play_random(catalog, seed, players=4, check=True):
    state = new_game(catalog, seed, players)
    rng = random.Random(f"agent:{seed}")
    steps = 0
    while not is_terminal(state):
        legal = legal_actions(state)
        assert legal, f"no legal action, seed {seed}"
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        before = [p.glory for p in state.players]
        apply_action(state, rng.choice(legal))
        steps += 1
        if check:
            invariants.check(state, before)
        assert steps < 20000, "game does not end"
    return state


@pytest.mark.parametrize("block", range(4))
def test_random_games_mini(mini, block):
    ends = set()
    for seed in range(block * 40, block * 40 + 40):
        state = play_random(mini, seed, players=2 + seed % 3)
        res = results(state)
        assert abs(sum(res) - 1.0) < 1e-9
        ends.add(state.end_reason)
    assert ends <= {"glory", "events_exhausted", "heroes_exhausted"}


def test_random_games_bundled(bundled):
    ends = {}
    for seed in range(40):
        state = play_random(bundled, seed, players=4)
        assert state.round <= len(state.rules.events) + 1
        ends[state.end_reason] = ends.get(state.end_reason, 0) + 1
    assert ends
