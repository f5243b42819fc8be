"""The lockstep harness of the compiled core: real Python games, checked action by action.

`lockstep(catalog, seed, agent_names, coverage)` plays one game with the Python engine
(toolkit.loop.play, the one game loop) and, before every action, converts the state to the
core (`from_state`), checks the round trip (`to_state` hashes equal), compares the core's
legal actions with Python's (same list, same order), applies the chosen action in the core;
after the action it compares `state_hash` of the core's state turned back with the Python
state's. A part the core does not do yet raises NotPorted: counted in `coverage`, not a
failure. Anything else that differs raises Divergence naming the seed, the action index,
the action and the first differing field of both states.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from toolkit.games.caravans.engine.legal import legal_actions
from toolkit.games.caravans.engine.record import state_hash
from toolkit.games.caravans.engine.state import to_dict
from toolkit.games.caravans.game import GAME
from toolkit.loop import play


class Divergence(AssertionError):
    """The core and the Python engine disagree (the message says where)."""


@dataclass
class Coverage:
    games: int = 0
    actions: int = 0                 # actions played by the Python engine
    legal_exact: int = 0             # positions whose legal list the core gave, equal
    applied_exact: int = 0           # actions the core applied, hash-equal afterwards
    legal_missing: Counter = field(default_factory=Counter)   # what the core owed: NotPorted
    apply_missing: Counter = field(default_factory=Counter)   # action kind: NotPorted
    exact_kinds: Counter = field(default_factory=Counter)     # action kind: applied exactly

    def share(self) -> float:
        """Share of the actions the core applied exactly."""
        return self.applied_exact / self.actions if self.actions else 0.0

    def summary(self) -> str:
        top = ", ".join(f"{k} {n}" for k, n in self.apply_missing.most_common(8))
        return (f"{self.games} games, {self.actions} actions: legal lists exact "
                f"{self.legal_exact / max(1, self.actions):.1%}, applied exact "
                f"{self.share():.1%}; not ported (apply): {top or 'none'}")


def first_difference(a, b, path: str = "") -> str | None:
    """The path of the first field where two to_dict trees differ, with both values."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key}: key only in {'python' if key in a else 'core'}"
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        if len(a) != len(b):
            return f"{path}: python {_short(a)} / core {_short(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    if a != b or type(a) is not type(b):
        return f"{path}: python {_short(a)} / core {_short(b)}"
    return None


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 160 else text[:157] + "..."


def _position(state) -> dict:
    data = to_dict(state)
    for key in ("history", "log"):
        data.pop(key, None)
    return data


def lockstep(catalog, seed, agent_names, coverage: Coverage | None = None,
             max_actions: int | None = None, continuous: bool = False) -> Coverage:
    """Play one game in lockstep (see the module's docstring); returns the coverage.

    continuous=True: the core plays the game on its own state from its own new_game (the
    Python state is converted only after a NotPorted), so that no conversion hides a
    field the core forgot to keep."""
    from toolkit.games.caravans.core.convert import NotPorted, from_state, to_state
    from toolkit.games.caravans.core.newgame import new_game

    cov = coverage if coverage is not None else Coverage()
    cov.games += 1
    ahead: list = [None]  # the core's state after the action, when it applied it
    if continuous:
        ahead[0] = new_game(catalog, seed, list(agent_names))

    def where(index, action) -> str:
        return f"seed {seed}, action {index} ({action!r}), agents {list(agent_names)}"

    def before(state, action, index):
        core = ahead[0] if continuous else None
        if core is None:
            core = from_state(state)
        if core is not ahead[0] or index == 1:
            back = to_state(core)
            if state_hash(back) != state_hash(state):
                what = "new game" if core is ahead[0] else "round trip"
                raise Divergence(f"{what} differs at {where(index, action)}: "
                                 f"{first_difference(_position(state), _position(back))}")
        try:
            mine = core.legal_actions()
        except NotPorted as exc:
            cov.legal_missing[str(exc)] += 1
        else:
            theirs = legal_actions(state)
            if mine != theirs:
                raise Divergence(f"legal actions differ at {where(index, action)}: python "
                                 f"{theirs} / core {mine}")
            cov.legal_exact += 1
        try:
            core.apply_action(action)
        except NotPorted:
            cov.apply_missing[action.kind.value] += 1
            ahead[0] = None
        else:
            ahead[0] = core
        return False

    def after(state, action, index):
        cov.actions += 1
        core = ahead[0]
        if core is None:
            return False
        back = to_state(core)
        if state_hash(back) != state_hash(state):
            raise Divergence(f"state after the action differs at {where(index, action)}: "
                             f"{first_difference(_position(state), _position(back))}")
        cov.applied_exact += 1
        cov.exact_kinds[action.kind.value] += 1
        return False

    play(GAME, catalog, seed, list(agent_names), before=before, after=after,
         max_actions=max_actions)
    return cov


def lineups(catalog, players: int) -> list[list[str]]:
    """Line-ups to play: all random, and each heuristic style against random."""
    from toolkit.games.caravans.agents import play_styles
    styles = sorted(play_styles(catalog))
    found = [["random"] * players]
    for style in styles:
        found.append([style] + ["random"] * (players - 1))
    if len(styles) >= players:
        found.append(styles[:players])
    return found


def play_on_core(catalog, seed, agent_names) -> list:
    """A whole game whose state lives in the core (its new_game, legal actions, apply);
    the agents see the engine's observation of the state turned back. The actions played."""
    from toolkit.agents import make_agent
    from toolkit.games.caravans import engine
    from toolkit.games.caravans.core.convert import to_state
    from toolkit.games.caravans.core.newgame import new_game

    agents = [make_agent(name, GAME, catalog, seat, seed)
              for seat, name in enumerate(agent_names)]
    core = new_game(catalog, seed, list(agent_names))
    while not core.is_terminal():
        seat = core.current_player()
        legal = core.legal_actions()
        agent = agents[seat]
        view = engine.observation(to_state(core), seat) \
            if getattr(agent, "observes", True) else None
        core.apply_action(agent.choose(view, legal))
    return list(core.history)


def step_check(state, action) -> None:
    """One position checked as lockstep does (legal list, then `action` applied on both);
    `state` is left unchanged. For rare actions set up by hand."""
    from toolkit.games.caravans.core.convert import from_state, to_state
    from toolkit.games.caravans.engine import apply_action, clone

    core = from_state(state)
    mine, theirs = core.legal_actions(), legal_actions(state)
    if mine != theirs:
        raise Divergence(f"legal actions differ: python {theirs} / core {mine}")
    if action not in theirs:
        raise AssertionError(f"{action!r} is not legal here: {theirs}")
    after = apply_action(clone(state), action)
    core.apply_action(action)
    back = to_state(core)
    if state_hash(back) != state_hash(after):
        raise Divergence(f"state after {action!r} differs: "
                         f"{first_difference(_position(after), _position(back))}")
