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
    observes = [getattr(agent, "observes", True) for agent in players]
    state = engine.new_game(catalog, seed, list(agents))
    # the engine calls, looked up once (this loop runs ~500 times a game)
    is_terminal, current_player = engine.is_terminal, engine.current_player
    legal_actions, observation, apply_action = (engine.legal_actions, engine.observation,
                                                engine.apply_action)
    for _ in range(max_actions):
        if is_terminal(state):
            return engine.game_record(state)
        seat = current_player(state)
        legal = legal_actions(state)
        view = observation(state, seat) if observes[seat] else None
        action = players[seat].choose(view, legal)
        if action not in legal:
            raise RulesError(f"agent '{agents[seat]}' in seat {seat} chose an illegal action "
                             f"{action!r} (game seed {seed})")
        state = apply_action(state, action)
    if is_terminal(state):
        return engine.game_record(state)
    raise RulesError(f"game seed {seed} did not end within {max_actions} actions")
