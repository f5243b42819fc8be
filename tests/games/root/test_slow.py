"""The issue's end-to-end bar: 200 four-player games of heuristic agents end, every
faction wins some of them, and no invariant breaks after any action."""

from __future__ import annotations

from collections import Counter

import pytest

from toolkit.loop import play


@pytest.mark.slow
def test_two_hundred_games_every_faction_wins_no_invariant_breaks(game, catalog):
    checks = game.invariants()
    broken = []

    def after(state, action, index):
        for name, check in checks.items():
            problem = check(state)
            if problem:
                broken.append((name, problem, index))
                return True
        return None

    wins = Counter()
    for seed in range(200):
        state = play(game, catalog, seed, ["heuristic"] * 4, after=after).state
        assert not broken, broken
        assert game.is_terminal(state)
        wins.update(state.factions[w] for w in state.winner)
    assert set(wins) == {"marquise", "eyrie", "alliance", "vagabond"}, wins
    print("win table (200 games, heuristic x4):", dict(wins))
