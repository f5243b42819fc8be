# toolkit: compile
"""Whole games at once (`Game.play_batch`): the generic loop of toolkit/loop.py `play` with
the counting of toolkit/sim/batch.py `play_counted`, for Root alone, calling the rules
(game.legal_actions, game.apply_action) and the heuristic directly: no per-action protocol
calls, hooks or action JSON; the record's action count and `action_kinds` kept as the loop
goes. The heuristic is not shown an observation when it has one legal action: it takes
it without looking (agents.Heuristic.choose), so the records are the generic loop's.
Typed in batch.pxd: built, the loop is C; as Python it is the same loop (same records, as
tests/games/root/test_golden.py checks).

A game the generic loop would stop with an error (an agent name it does not know, an
illegal action, no legal action, `max_actions` reached, a rules bug) makes `play_batch`
answer None: the generic loop then plays the batch and reports it in its own words."""

from __future__ import annotations

from toolkit.games.root import agents as heuristic
from toolkit.games.root import game as rules
from toolkit.games.root import state as position

# how the loop asks a seat's agent: the heuristic, any other agent given the observation
# (unless it declares `observes = False`), or one given none
HEURISTIC, OBSERVES, BLIND = 0, 1, 2


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
    from toolkit.loop import make_agents, make_record

    try:
        agents = make_agents(game, catalog, seed, names)
        ways = []
        for agent in agents:
            if type(agent) is heuristic.Heuristic:
                ways.append(HEURISTIC)
            else:
                ways.append(OBSERVES if getattr(agent, "observes", True) else BLIND)
        state = game.new_game(catalog, seed, list(names))
        actions = _play(state, agents, ways, game.max_actions)
    except Exception:  # the generic loop replays the game and says what went wrong
        return None
    if actions is None:
        return None
    kinds: dict = {}
    for action in actions:   # the action's `kind` (actions.to_json), as play_counted counts
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
        if state.over:
            return actions
        seat = state.pending[0]["seat"] if state.pending else state.turn
        legal = rules.legal_actions(state)
        if not legal:
            return None
        way = ways[seat]
        if way == HEURISTIC and len(legal) == 1:
            action = agents[seat].choose(None, legal)   # takes it without looking
        elif way == BLIND:
            action = agents[seat].choose(None, legal)
        else:
            action = agents[seat].choose(position.observation(state, seat), legal)
        if action not in legal:
            return None
        rules.apply_action(state, action)
        actions.append(action)
        count += 1
    return actions if state.over else None
