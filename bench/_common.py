"""What more than one bench script needs: the shipped projects by game, a win rate with its
interval as text, and one Caravans game with one seat's decisions timed."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from toolkit.sim.stats_math import wilson

REPO = Path(__file__).resolve().parents[1]
PROJECTS = {                     # game name -> its project folder
    "caravans": REPO,
    "root": REPO / "examples" / "root",
    "nanhuang2": REPO / "examples" / "nanhuang2",
    "kings_and_things": REPO / "examples" / "kings-and-things",
}


def rate(wins: float, n: int) -> str:
    """`wins` of `n` games as a rate with its 95% Wilson interval: '0.517 [0.480, 0.553]'."""
    low, high = wilson(wins, n)
    return f"{wins / n:.3f} [{low:.3f}, {high:.3f}]"


def timed_game(catalog, seed: int, lineup: list[str], seat_timed: int,
               clock: Callable[[], float]) -> tuple:
    """(final state, agents, seconds by `clock` that seat `seat_timed` spent choosing, its
    decisions) of one game of `lineup`."""
    from toolkit.agents import make_agent
    from toolkit.games.caravans import GAME, engine

    agents = [make_agent(name, GAME, catalog, seat, seed) for seat, name in enumerate(lineup)]
    state = engine.new_game(catalog, seed, lineup)
    spent, decisions = 0.0, 0
    while not engine.is_terminal(state):
        seat = engine.current_player(state)
        legal = engine.legal_actions(state)
        view = engine.observation(state, seat)
        start = clock()
        action = agents[seat].choose(view, legal)
        if seat == seat_timed:
            spent += clock() - start
            decisions += 1
        state = engine.apply_action(state, action)
    return state, agents, spent, decisions
