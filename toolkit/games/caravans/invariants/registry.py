"""The registry of named invariants: functions that must hold after every action (scope
"action") or at the end of every game (scope "game").

An action invariant gets a `Step` (the state after the action, the action, the snapshot
taken before it, the catalog) and returns None when it holds or a sentence saying what is
wrong. Adding an invariant is one decorated function in `rules.py` beside this module.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Literal

Scope = Literal["action", "game"]


@dataclass
class Step:
    """What an invariant may look at after one action."""

    catalog: Any
    state: Any
    action: Any = None
    before: dict = field(default_factory=dict)   # snapshot of the state before the action
    index: int = 0                               # number of actions applied so far
    legal: list | None = None                    # legal actions now (computed once)
    game: Any = None                             # the FuzzGame (seed, agents, log)
    twin: Any = None                             # the action applied to a prior clone


@dataclass(frozen=True)
class Invariant:
    name: str
    scope: Scope
    doc: str
    fn: Callable[[Step], "str | None"]


INVARIANTS: dict[str, Invariant] = {}


def invariant(name: str, scope: Scope = "action") -> Callable:
    """Decorator: register `fn` under `name`; its docstring is the rule it checks."""
    def add(fn):
        if name in INVARIANTS:
            raise ValueError(f"invariant '{name}' registered twice")
        INVARIANTS[name] = Invariant(name, scope, (fn.__doc__ or "").strip().split("\n")[0], fn)
        return fn
    return add


def of_scope(scope: Scope, only: "set[str] | None" = None) -> list[Invariant]:
    import toolkit.games.caravans.invariants.rules  # noqa: F401  (registers the built-in invariants)
    return [inv for inv in INVARIANTS.values()
            if inv.scope == scope and (only is None or inv.name in only)]
