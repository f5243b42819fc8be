"""Replaying a game from its seed and action log: `replay(catalog, seed, players, actions)`
rebuilds the state, each action checked against legal_actions. (The log in words is
`toolkit/games/caravans/log.py`.)"""

from __future__ import annotations

from toolkit.games.caravans.engine.actions import Action
from toolkit.games.caravans.engine.apply import apply_action
from toolkit.games.caravans.engine.setup import new_game
from toolkit.errors import RulesError


def replay(catalog, seed, players, actions, max_rounds=None):
    """The state after applying `actions` (Action values or their JSON form) to a new game."""
    state = new_game(catalog, seed, players, max_rounds=max_rounds)
    for index, action in enumerate(actions):
        if not isinstance(action, Action):
            action = Action.from_json(action)
        try:
            apply_action(state, action, validate=True)
        except RulesError as exc:
            raise RulesError(f"action {index} of the log: {exc.message}") from None
    return state
