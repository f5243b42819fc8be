"""A 4-player simulation of 200 games: each ends by a citadel or the income tie-break, with
every invariant checked after every action (slow: run with -m slow)."""

from __future__ import annotations

from collections import Counter

import pytest

from toolkit.games.kings_and_things import GAME
from toolkit.loop import play

ENDS = {"citadel held a full round", "income among citadel holders", "two citadels",
        "round limit: income tie-break"}


@pytest.mark.slow
def test_two_hundred_four_player_games_end_by_the_rules(catalog):
    checks = GAME.invariants()
    broken = []

    def after(state, action, index):
        for name, check in checks.items():
            problem = check(state)
            if problem:
                broken.append((name, problem))
                return True
        return None

    reasons, rounds, wins = Counter(), [], Counter()
    for seed in range(200):
        agents = ["heuristic", "heuristic", "heuristic", "random"] if seed % 2 else \
            ["heuristic"] * 4
        played = play(GAME, catalog, seed, agents, after=after)
        assert not broken, (seed, broken)
        state = played.state
        assert GAME.is_terminal(state) and state.winner, seed
        assert state.end_reason in ENDS, (seed, state.end_reason)
        reasons[state.end_reason] += 1
        rounds.append(state.round)
        for seat in state.winner:
            wins[seat] += 1 / len(state.winner)
    print(dict(reasons), "rounds mean", sum(rounds) / len(rounds), "max", max(rounds),
          "wins by seat", dict(wins))
    assert sum(reasons.values()) == 200
