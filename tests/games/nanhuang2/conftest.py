"""Fixtures of the 南荒2 tests: the example project's catalog and small helpers."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.content.validate import load_catalog
from toolkit.games.nanhuang2 import GAME

PROJECT = Path(__file__).resolve().parents[3] / "examples" / "nanhuang2"


@pytest.fixture(scope="session")
def catalog():
    return load_catalog(PROJECT)


@pytest.fixture
def game():
    return GAME


def names(state, uids):
    return sorted(state.cards[u] for u in uids)


def find(state, kind, **match):
    """The first legal action of `kind` whose rich JSON fields equal `match`."""
    from toolkit.games.nanhuang2.describe import rich
    for action in GAME.legal_actions(state):
        if action[0] == kind:
            data = rich(state, action)
            if all(data.get(k) == v for k, v in match.items()):
                return action
    return None
