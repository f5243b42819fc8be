"""Plays one game: each seat's agent chooses from the legal actions until the game ends.

Each agent gets the observation of its seat (engine.observation); an agent that declares
`observes = False` (the random agent) gets None instead, which spares building a view it
would not read.
"""

from __future__ import annotations

from typing import Any, Sequence

from toolkit import engine
from toolkit.agents import make_agent
from toolkit.errors import RulesError

MAX_ACTIONS = 20_000  # a guard against an engine loop; real games stay far below it


def play_game(catalog, seed: int, agents: Sequence[str],
              max_actions: int = MAX_ACTIONS) -> dict[str, Any]:
    """The compact record (engine.game_record) of one game; seat i is played by agents[i]."""
    players = [make_agent(name, catalog, seat, seed) for seat, name in enumerate(agents)]
    state = engine.new_game(catalog, seed, list(agents))
    for _ in range(max_actions):
        if engine.is_terminal(state):
            return engine.game_record(state)
        seat = engine.current_player(state)
        legal = engine.legal_actions(state)
        agent = players[seat]
        view = engine.observation(state, seat) if getattr(agent, "observes", True) else None
        action = agent.choose(view, legal)
        if action not in legal:
            raise RulesError(f"agent '{agents[seat]}' in seat {seat} chose an illegal action "
                             f"{action!r} (game seed {seed})")
        state = engine.apply_action(state, action)
    if engine.is_terminal(state):
        return engine.game_record(state)
    raise RulesError(f"game seed {seed} did not end within {max_actions} actions")
