"""The one game loop: each seat's agent chooses among the legal actions until the game ends.

Used by `simulate`, `check`, `replay`, the benches and the tests, for every game, through
the Game protocol only. Each agent gets the observation of its seat (`game.observation`);
an agent that declares `observes = False` (the random agent) gets None instead, which spares
building a view it would not read. A game that reaches `max_actions` (default
`game.max_actions`) stops with a ContentError naming `game.length_setting`.

A record is `game.record(state)` plus the generic keys: `seed`, `players`, `agents`,
`winner` (seats sharing the win, from 0), `length` (actions applied), `actions` (each
action as `game.action_to_json`, unless `keep_actions=False`), and `rounds` when the game
counts them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from toolkit.agents import make_agent
from toolkit.errors import ContentError, RulesError
from toolkit.game import winners_of

# before(state, action, index) is called before an action is applied, after(state, action,
# index) once it is; a true result of either stops the game there
Hook = Callable[[Any, Any, int], Any]


def make_agents(game, catalog, seed: int, agent_names: Sequence[str]) -> list:
    """One agent a seat, seat i played by `agent_names[i]`, each with its seeded stream."""
    return [make_agent(name, game, catalog, seat, seed)
            for seat, name in enumerate(agent_names)]


class IllegalAction(RulesError):
    """An agent chose an action that is not among the legal ones."""


class NoLegalAction(RulesError):
    """The game is not over, yet the seat to act has no legal action (a rules bug)."""


@dataclass
class Played:
    """A game played (or stopped early): its last state and the actions applied."""

    state: Any
    actions: list = field(default_factory=list)
    stopped: bool = False   # `until` or an `after` callback ended it before the end


def play(game, catalog, seed: int, agent_names: Sequence[str], *,
         max_actions: int | None = None, until: int | None = None,
         before: Hook | None = None, after: Hook | None = None,
         state: Any = None, agents: Sequence | None = None) -> Played:
    """Plays from `state` (default a new game) until the end, `until` actions, or a
    `before`/`after` callback that returns something true. `agents` (one a seat) replaces
    the agents `agent_names` would make (e.g. the actions of a recorded game, in order)."""
    if agents is None:
        agents = make_agents(game, catalog, seed, agent_names)
    observes = [getattr(agent, "observes", True) for agent in agents]
    if state is None:
        state = game.new_game(catalog, seed, list(agent_names))
    limit = game.max_actions if max_actions is None else max_actions
    if until is not None:
        limit = min(limit, until)
    # the game's methods, looked up once (this loop runs ~500 times a game)
    is_terminal, current_player = game.is_terminal, game.current_player
    legal_actions, observation, apply_action = (game.legal_actions, game.observation,
                                                game.apply_action)
    chooses = [agent.choose for agent in agents]
    hooked = before is not None or after is not None
    actions: list = []
    append = actions.append
    for index in range(1, limit + 1):
        if is_terminal(state):
            return Played(state, actions)
        seat = current_player(state)
        legal = legal_actions(state)
        if not legal:
            raise NoLegalAction(f"seat {seat + 1} has no legal action and the game is not "
                                f"over (game seed {seed}, action {index})")
        action = chooses[seat](observation(state, seat) if observes[seat] else None, legal)
        if action not in legal:
            raise IllegalAction(f"agent '{agent_names[seat]}' in seat {seat + 1} chose an "
                                f"illegal action {action!r} (game seed {seed})")
        if hooked and before is not None and before(state, action, index):
            return Played(state, actions, stopped=True)
        state = apply_action(state, action)
        append(action)
        if hooked and after is not None and after(state, action, index):
            return Played(state, actions, stopped=True)
    if is_terminal(state) or (until is not None and len(actions) >= until):
        return Played(state, actions, stopped=not is_terminal(state))
    raise ContentError(f"game seed {seed} did not end within {limit} actions; check "
                       f"{game.length_setting}")


def make_record(game, state, seed: int, agent_names: Sequence[str], actions: list,
                keep_actions: bool = True) -> dict[str, Any]:
    """The record of a finished game: the game's own keys plus the generic ones."""
    record = dict(game.record(state))
    record["seed"] = seed
    record["players"] = len(agent_names)
    record["agents"] = list(agent_names)
    if "winner" not in record:
        record["winner"] = winners_of(game.results(state)) if game.is_terminal(state) else []
    record["length"] = len(actions)
    if keep_actions:
        to_json = game.action_to_json
        record["actions"] = [to_json(a) for a in actions]
    else:
        record.pop("actions", None)
    return record


def play_game(game, catalog, seed: int, agent_names: Sequence[str],
              max_actions: int | None = None, keep_actions: bool = True) -> dict[str, Any]:
    """The record of one game; seat i is played by `agent_names[i]`."""
    played = play(game, catalog, seed, agent_names, max_actions=max_actions)
    return make_record(game, played.state, seed, agent_names, played.actions, keep_actions)
