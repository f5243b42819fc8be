"""Fixtures of the Kings & Things tests: the example project's catalog, the game and a
scenario helper taking the same `setup:` keys as the rulings."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.content.validate import load_catalog
from toolkit.games.kings_and_things import GAME

PROJECT = Path(__file__).resolve().parents[3] / "examples" / "kings-and-things"


@pytest.fixture(scope="session")
def catalog():
    return load_catalog(PROJECT)


@pytest.fixture
def game():
    return GAME


@pytest.fixture
def make(catalog):
    """make(**setup) -> a position built like a ruling's setup."""
    return lambda **setup: GAME.scenario(catalog, setup, 0)


def act(state, kind, **args):
    """Apply the first legal action of `kind` whose arguments match `args`."""
    step = {"do": kind, **args}
    for action in GAME.legal_actions(state):
        if GAME.step_matches(state, action, step):
            return GAME.apply_action(state, action)
    raise AssertionError(f"{step} is not legal; legal: {GAME.legal_actions(state)[:10]}")
