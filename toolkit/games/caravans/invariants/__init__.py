"""The invariants of Caravans & Brigands as the Game protocol asks for them: name ->
check(state), called by the generic checker after every action of a game.

The rules themselves (`rules.py`) compare a state with the one before the action, so each
call of `invariants()` returns checks sharing one `Tracker` that turns the stream of states
into `Step`s: the action just applied (the last of the state's history), a snapshot taken
at the previous call (before that action mutated the state), and the legal actions now.
Game-scope rules run once the game is over.
"""

from __future__ import annotations

from typing import Callable

from toolkit.games.caravans import engine
from toolkit.games.caravans.engine import components
from toolkit.games.caravans.invariants.registry import INVARIANTS, Invariant, Step, of_scope


class Tracker:
    """The Step of the latest state, built once per action for every check."""

    def __init__(self):
        self.index = -1
        self.step: Step | None = None
        self.snapshot: dict = {}
        self.before_clone = None   # a clone of the previous state, for `clone_equal`

    def step_of(self, state) -> Step:
        index = len(state.history)
        if self.step is None or index != self.index or self.step.state is not state:
            action = state.history[-1] if index else None
            legal = [] if engine.is_terminal(state) else list(engine.legal_actions(state))
            self.step = Step(state.rules.catalog, state, action, self.snapshot, index, legal)
            # the next step's "before" (none after the end: no action follows)
            self.snapshot = {} if not legal else components.snapshot(state)
            self.index = index
        return self.step

    def twin(self, state):
        """The previous state's clone with this action applied (None at the start); the
        clone of this state is kept for the next action."""
        twin = self.before_clone
        if twin is not None and state.history:
            twin = engine.apply_action(twin, state.history[-1])
        self.before_clone = engine.clone(state)
        return twin


def _check(tracker: Tracker, inv: Invariant) -> Callable:
    def check(state):
        if inv.scope == "game" and not engine.is_terminal(state):
            return None
        step = tracker.step_of(state)
        if inv.name == "clone_equal":
            step.twin = tracker.twin(state)
        return inv.fn(step)
    check.__doc__ = inv.doc
    return check


def invariants() -> dict[str, Callable]:
    """Fresh checks for one game, by name (each holds: None; else what is wrong)."""
    tracker = Tracker()
    of_scope("action")  # loads the rules
    return {name: _check(tracker, inv) for name, inv in INVARIANTS.items()}
