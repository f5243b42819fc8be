"""Shared fixtures: whether the bundled content and the game engine are ready to play."""

from __future__ import annotations

import functools

import pytest

from toolkit.games.caravans import GAME
from toolkit import BUNDLED_PROJECT


@functools.lru_cache(maxsize=2)
def _problem(play: bool) -> str | None:
    """None when the bundled project loads (and, with `play`, one real game of it plays);
    else why it cannot."""
    try:
        from toolkit.sim.batch import catalog_for

        catalog = catalog_for(BUNDLED_PROJECT)
        if play:
            from toolkit.loop import play_game

            play_game(GAME, catalog, 1, ["random", "random"])
    except Exception as exc:  # noqa: BLE001 - any failure means: not ready yet
        return f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"
    return None


def _ready(play: bool, what: str):
    problem = _problem(play)
    if problem:
        pytest.fail(f"{what} ({problem})")  # a broken engine fails, never skips
    return BUNDLED_PROJECT


@pytest.fixture
def engine_ready():
    return _ready(True, "the engine cannot play a game yet")


@pytest.fixture
def content_ready():
    return _ready(False, "the bundled content does not load")


@pytest.fixture
def agents_ready():
    import toolkit.games.caravans.agents.heuristic  # noqa: F401 - fails loudly if broken


def mixed_records(root, master: int, games: int):
    """(game, catalog, records) of `games` mixed 2-4 player games of the project at `root`,
    played on one worker from master seed `master`."""
    from toolkit.games import game_for
    from toolkit.sim.batch import catalog_for, run_games
    from toolkit.sim.plan import parse_agents, plan_games

    catalog = catalog_for(root)
    game = game_for(catalog, command="simulate")
    plan = plan_games(master, games, [2, 3, 4], parse_agents("mixed", 4, game, catalog))
    records = run_games(root, [g.seed for g in plan], [g.agents for g in plan], workers=1,
                        progress=False)
    return game, catalog, records
