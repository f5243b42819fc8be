"""What more than one bench script needs: one game with one seat's decisions timed."""

from __future__ import annotations

from typing import Callable

from toolkit.games.caravans import GAME
from toolkit.games.caravans import engine
from toolkit.agents import make_agent


def timed_game(catalog, seed: int, lineup: list[str], seat_timed: int,
               clock: Callable[[], float]) -> tuple:
    """(final state, agents, seconds by `clock` that seat `seat_timed` spent choosing, its
    decisions) of one game of `lineup`."""
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
