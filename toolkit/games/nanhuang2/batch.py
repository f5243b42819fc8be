# toolkit: compile
"""Whole games at once (`Game.play_batch`): the generic loop of toolkit/loop.py `play` with
the counting of toolkit/sim/batch.py `play_counted`, for 南荒2 alone, calling the typed
rules and agents directly (no per-action protocol calls, hooks or action JSON), the
record's action count and `action_kinds` kept as the loop goes. Typed in batch.pxd: built,
the loop is C; as Python it is the same loop (same records, as the tests check).

A game the generic loop would stop with an error (an agent name it does not know, an
illegal action, no legal action, `max_actions` reached, a rules bug) makes `play_batch`
answer None: the generic loop then plays the batch and reports it in its own words."""

from __future__ import annotations

from toolkit.games.nanhuang2.agents import Warlord
from toolkit.games.nanhuang2.apply import apply_action, current_player
from toolkit.games.nanhuang2.legal import legal_actions
from toolkit.games.nanhuang2.observe import observation, view
from toolkit.games.nanhuang2.setup import new_game
from toolkit.loop import make_agents, make_record

# how the loop asks a seat's agent: the warlord (typed), or any other agent through the
# protocol (its `choose`, given the observation unless it declares `observes = False`)
WARLORD, OBSERVES, BLIND = 0, 1, 2


def play_batch(game, catalog, jobs) -> list | None:
    """The records `toolkit.sim.batch.play_counted(game, catalog, seed, names)` gives for
    each job (seed, agent names), or None when a game would stop with an error."""
    out = []
    for seed, names in jobs:
        record = play_counted(game, catalog, seed, list(names))
        if record is None:
            return None
        out.append(record)
    return out


def play_counted(game, catalog, seed, names: list) -> dict | None:
    """One game's record as play_counted gives it, or None (the generic loop would stop)."""
    try:
        agents = make_agents(game, catalog, seed, names)
        ways = []
        for agent in agents:
            if type(agent) is Warlord:
                ways.append(WARLORD)
            else:
                ways.append(OBSERVES if getattr(agent, "observes", True) else BLIND)
        state = new_game(catalog, seed, list(names))
        actions = _play(state, agents, ways, game.max_actions)
    except Exception:  # the generic loop replays the game and says what went wrong
        return None
    if actions is None:
        return None
    kinds: dict = {}
    for action in actions:   # the action's `kind` (describe.to_json), as play_counted counts
        kind = action[0]
        kinds[kind] = kinds.get(kind, 0) + 1
    record = make_record(game, state, seed, names, actions, keep_actions=False)
    record["action_kinds"] = dict(sorted(kinds.items()))
    return record


def _play(state, agents: list, ways: list, limit) -> list | None:
    """The actions of the game played from `state` to its end (the state is played on), or
    None when the generic loop would stop with an error."""
    actions = []
    count = 0
    while count < limit:
        if state.phase == "over":
            return actions
        seat = current_player(state)
        legal = legal_actions(state)
        if not legal:
            return None
        way = ways[seat]
        if way == WARLORD:
            warlord = agents[seat]
            action = warlord.choose(view(state, seat), legal)
        elif way == OBSERVES:
            action = agents[seat].choose(observation(state, seat), legal)
        else:
            action = agents[seat].choose(None, legal)
        if not _is_legal(action, legal):
            return None
        apply_action(state, action)
        actions.append(action)
        count += 1
    return actions if state.phase == "over" else None


def _is_legal(action, legal: list) -> bool:
    """`action in legal`, the agent's own pick (an item of the list) found by identity
    first, without comparing it to the items before it."""
    for a in legal:
        if a is action:
            return True
    return action in legal
