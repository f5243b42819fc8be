"""Shared fixtures: whether the bundled content and the game engine are ready to play."""

from __future__ import annotations

import functools

import pytest

from toolkit import BUNDLED_PROJECT


@functools.lru_cache(maxsize=1)
def _engine_problem() -> str | None:
    """None when one real game of the bundled project plays; else why it cannot."""
    try:
        from toolkit.sim.batch import catalog_for
        from toolkit.sim.runner import play_game

        play_game(catalog_for(BUNDLED_PROJECT), 1, ["random", "random"])
    except Exception as exc:  # noqa: BLE001 - any failure means: not ready yet
        return f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
    return None


@functools.lru_cache(maxsize=1)
def _content_problem() -> str | None:
    try:
        from toolkit.sim.batch import catalog_for

        catalog_for(BUNDLED_PROJECT)
    except Exception as exc:  # noqa: BLE001
        return f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
    return None


@pytest.fixture
def engine_ready():
    problem = _engine_problem()
    if problem:
        pytest.skip(f"the engine cannot play a game yet ({problem})")
    return BUNDLED_PROJECT


@pytest.fixture
def content_ready():
    problem = _content_problem()
    if problem:
        pytest.skip(f"the bundled content does not load ({problem})")
    return BUNDLED_PROJECT


@pytest.fixture
def agents_ready():
    pytest.importorskip("toolkit.agents.heuristic")
