"""The search agent's rollouts: from a world, the heuristic styles play on to a horizon.

`rollout(catalog, world, seat, own_style, rival_style, seed, stop, max_actions)` plays
`world` (an engine State, changed in place: pass a copy) with the search agent's default
policy: one stream `random.Random(seed)` shared by fresh heuristic agents (idle 0, no goal
cache), `own_style` for `seat` and `rival_style` for every other seat, each choosing from
its seat's observation (search.py's earlier loop showed them the whole world, so a policy
could read what its seat cannot see, e.g. a face-down tavern token). Before each action it
stops when the game is over, or when `seat` has finished `stop[0]` own turns
(`stop = (turns, next_decision)`: with `next_decision` only at that seat's own next
decision), or after `max_actions` actions; it returns the state where it stopped (a
finished game has real results; an unfinished one is for the caller's leaf value).

The compiled core (core/rollout.pyx) plays it when it is built and compiles the content
and both styles; it gives the very state the Python loop below gives (same actions, same
draws), only its event log and action history are not extended. Otherwise, or when the
core meets a part it lacks, the Python loop plays (TOOLKIT_PURE_PYTHON=1 forces it).

Turning a state into the core and back costs far more than a rollout on it (about 0.3 ms
each way against under 1 µs per action), so a search that plays several candidates on one
world converts it once: `Start(catalog, world)`, whose `rollout(action, ...)`
plays a candidate on a copy and returns an End (`over`, `results`, and `state`, turned
back only when asked, e.g. for the leaf value of an unfinished rollout).
"""

from __future__ import annotations

import random
from types import SimpleNamespace

from toolkit.games.caravans import engine

_TABLES: dict = {}   # (id(content), id(own), id(rival)) -> (content, own, rival, tables)


def rollout(catalog, world, seat: int, own_style, rival_style, seed: int,
            stop: tuple[int, bool], max_actions: int):
    """The state where the rollout stopped (see the module's doc)."""
    core = compiled(world)
    if core is not None and _play(core, seat, own_style, rival_style, seed, stop,
                                  max_actions):
        from toolkit.games.caravans.core.convert import to_state
        return to_state(core, world.rules)
    return python_rollout(catalog, world, seat, own_style, rival_style, seed, stop,
                          max_actions)


def python_rollout(catalog, world, seat: int, own_style, rival_style, seed: int,
                   stop: tuple[int, bool], max_actions: int):
    """The rollout on the Python engine and agents (the reference of the core's)."""
    from toolkit.games.caravans.agents.heuristic import HeuristicAgent
    turns, next_decision = stop
    rng = random.Random(seed)
    policies = [HeuristicAgent(catalog, s, rng, own_style if s == seat else rival_style)
                for s in range(len(world.players))]
    for _ in range(max_actions):
        if engine.is_terminal(world):
            break
        current = engine.current_player(world)
        if world.players[seat].turns >= turns and (not next_decision or current == seat):
            break
        # each policy sees what its seat sees, as in a real game (and as the core's agents)
        view = engine.observation(world, current)
        choice = policies[current].choose(view, engine.legal_actions(world))
        world = engine.apply_action(world, choice)
    return world


def compiled(world):
    """`world` as a CoreState, or None when the core cannot hold it (not built or older
    than its source, TOOLKIT_PURE_PYTHON, content it refuses)."""
    from toolkit.games.caravans.core import load
    convert = load()   # every module of the core built and current, else None
    if convert is None:
        return None
    from toolkit.games.caravans.core.content import CoreRefused
    try:
        return convert.from_state(world)
    except CoreRefused:
        return None


def _play(core, seat, own_style, rival_style, seed, stop, max_actions) -> bool:
    """Play the rollout on `core` in place; False when the core cannot (styles it
    refuses, a part it lacks): the caller then plays it in Python from the start."""
    from toolkit.games.caravans.core.content import CoreRefused
    from toolkit.games.caravans.core.rollout import rollout_core
    try:
        tables = _tables(core.content, own_style, rival_style)
    except CoreRefused:
        return False
    outcome, _ = rollout_core(core, tables, seat, 0, 1, seed, stop[0], bool(stop[1]),
                              max_actions)
    return outcome not in ("unfinished", "no_legal")


def _tables(content, own_style, rival_style):
    """The compiled agents' tables holding `own_style` (index 0) and `rival_style` (1)."""
    key = (id(content), id(own_style), id(rival_style))
    hit = _TABLES.get(key)
    if hit is not None and hit[0] is content and hit[1] is own_style \
            and hit[2] is rival_style:
        return hit[3]
    from toolkit.games.caravans.core.agent_tables import agent_tables
    tables = agent_tables(content, {"own": own_style, "rival": rival_style})
    _TABLES[key] = (content, own_style, rival_style, tables)
    return tables


class Start:
    """One world from which several rollouts start (converted to the core once)."""

    def __init__(self, catalog, world):
        self.catalog, self.world = catalog, world
        self.core = compiled(world)

    def rollout(self, action, seat: int, own_style, rival_style, seed: int,
                stop: tuple[int, bool], max_actions: int) -> "End":
        """`action` (if not None) then the rollout, on a copy of the world."""
        if self.core is not None:
            from toolkit.games.caravans.core.api import NotPorted
            core = self.core.clone()
            try:
                if action is not None:
                    core.apply_action(action)
                played = _play(core, seat, own_style, rival_style, seed, stop, max_actions)
            except NotPorted:   # a part or a depth the core lacks: Python plays it
                played = False
            if played:
                return End(core, self.world.rules)
        world = engine.clone(self.world)
        if action is not None:
            world = engine.apply_action(world, action)
        return End(python_rollout(self.catalog, world, seat, own_style, rival_style, seed,
                                  stop, max_actions), self.world.rules)


class End:
    """Where a rollout stopped: `over`, `results` (engine.results) and `state` (an engine
    State, turned back from the core only when asked)."""

    def __init__(self, found, rules):
        self._found, self._rules, self._state = found, rules, None
        if not hasattr(found, "players"):   # a CoreState
            self.over = found.is_terminal()
        else:
            self._state = found
            self.over = engine.is_terminal(found)

    @property
    def state(self):
        if self._state is None:
            from toolkit.games.caravans.core.convert import to_state
            self._state = to_state(self._found, self._rules)
        return self._state

    @property
    def results(self) -> list[float]:
        if self._state is not None or not self.over:
            return engine.results(self.state)
        from toolkit.games.caravans.core.rollout import standings
        players = [SimpleNamespace(glory=g, stash=s) for g, s in standings(self._found)]
        return engine.results(SimpleNamespace(phase="over", players=players,
                                              rules=self._rules))
