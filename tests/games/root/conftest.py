"""Fixtures of the Root tests: the example project's catalog, the game and a scenario
helper (the same `setup:` keys the rulings use)."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.content.validate import load_catalog
from toolkit.games.root import GAME

PROJECT = Path(__file__).resolve().parents[3] / "examples" / "root"


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


def act(state, kind, **match):
    """Apply the first legal action of `kind` whose JSON fields equal `match`."""
    for action in GAME.legal_actions(state):
        data = GAME.action_to_json(action)
        if data["kind"] == kind and all(data.get(k) == v for k, v in match.items()):
            return GAME.apply_action(state, action)
    raise AssertionError(f"no legal {kind} {match}: {GAME.legal_actions(state)}")


def legal(state, kind, **match):
    return any(GAME.action_to_json(a)["kind"] == kind and
               all(GAME.action_to_json(a).get(k) == v for k, v in match.items())
               for a in GAME.legal_actions(state))
