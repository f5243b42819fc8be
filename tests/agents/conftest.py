"""Shared fixtures of the agent tests: the bundled game and helpers to reach mid-game states."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.games.caravans import GAME
from toolkit.games.caravans import engine
from toolkit.agents import make_agent
from toolkit.content.validate import load_catalog

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def catalog():
    return load_catalog(REPO)


def play_until(catalog, seed: int, lineup: list[str], stop) -> tuple:
    """Play agents from `lineup` until stop(state) holds; (state, agents)."""
    agents = [make_agent(name, GAME, catalog, seat, seed) for seat, name in enumerate(lineup)]
    state = engine.new_game(catalog, seed, lineup)
    while not engine.is_terminal(state) and not stop(state):
        seat = engine.current_player(state)
        view = engine.observation(state, seat)
        state = engine.apply_action(state, agents[seat].choose(view, engine.legal_actions(state)))
    return state, agents


def match(catalog, a: str, b: str, seeds) -> float:
    """Share of 2-player games `a` wins against `b`, seats alternated (ties shared)."""
    from toolkit.loop import play_game
    from toolkit.sim.stats import score
    total = 0.0
    for i, seed in enumerate(seeds):
        lineup = [a, b] if i % 2 == 0 else [b, a]
        total += score(play_game(GAME, catalog, seed, lineup), i % 2)
    return total / len(seeds)
