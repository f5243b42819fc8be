# cython: language_level=3
"""The compiled core's Python-facing API: CoreState (a CState and its Content) with the
engine's calls. Made by convert.from_state or newgame.new_game; turned back into an
engine State by convert.to_state."""

from cpython.mem cimport PyMem_Malloc, PyMem_Free

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.codec cimport action_from_py, action_to_py
from toolkit.games.caravans.core cimport legal as _legal
from toolkit.games.caravans.core cimport apply as _apply


class NotPorted(Exception):
    """A part of the rules the compiled core does not do yet (lockstep counts these)."""


cdef class CoreState:

    def legal_actions(self) -> list:
        """The legal actions, the same and in the same order as engine/legal.py."""
        cdef CAction buf[MAX_ACTIONS]
        cdef int n = _legal.legal(&self.s, &self.content.r, &self.content.ops, buf)
        if n == NOT_PORTED:
            raise NotPorted(self._owed())
        return [action_to_py(&buf[i], self.content) for i in range(n)]

    def clone(self):
        """An independent copy (the C state copied whole; the Content shared)."""
        cdef CoreState o = CoreState.__new__(CoreState)
        o.s = self.s
        o.content, o.seed, o.agents = self.content, self.seed, list(self.agents)
        o.log = None if self.log is None else list(self.log)
        o.history = None if self.history is None else list(self.history)
        return o

    def apply_action(self, action) -> None:
        cdef CAction a
        action_from_py(&a, action, self.content)
        if _apply.apply(&self.s, &self.content.r, &self.content.ops, &a) == NOT_PORTED:
            raise NotPorted(action.kind.value)
        if self.s.n_pending >= MAX_PENDING:  # one more decision would overwrite the top
            raise NotPorted(f"a decision stack of {MAX_PENDING} (the core holds fewer)")
        if self.history is not None:
            self.history.append(action)

    def replay(self, actions, bint with_legal=True) -> int:
        """Apply `actions` in order wholly in C (the actions converted first; with_legal:
        the legal actions computed before each, as a game loop does); the number applied."""
        cdef Py_ssize_t n = len(actions), i
        cdef CAction* todo = <CAction*>PyMem_Malloc(max(n, 1) * sizeof(CAction))
        cdef CAction buf[MAX_ACTIONS]
        cdef int done = 0, k
        if todo == NULL:
            raise MemoryError()
        try:
            for i in range(n):
                action_from_py(&todo[i], actions[i], self.content)
            with nogil:
                for i in range(n):
                    if with_legal:
                        k = _legal.legal(&self.s, &self.content.r, &self.content.ops, buf)
                        if k == NOT_PORTED:
                            break
                    if _apply.apply(&self.s, &self.content.r, &self.content.ops,
                                    &todo[i]) == NOT_PORTED:
                        break
                    done += 1
        finally:
            PyMem_Free(todo)
        if self.history is not None:
            self.history.extend(actions[:done])
        if done < n:
            raise NotPorted(f"action {done + 1} ({actions[done]!r})")
        return done

    def current_player(self) -> int:
        return _apply.current_player(&self.s)

    def is_terminal(self) -> bool:
        return self.s.phase == PH_OVER

    def _owed(self) -> str:
        if self.s.n_pending:
            return "decision " + KIND_NAMES[self.s.pending[self.s.n_pending - 1].kind]
        return "visit" if self.s.has_visit else "turn"


KIND_NAMES = ("choose_party", "combat_choice", "capture", "explorer", "raid", "reroll",
              "discard_glory", "found", "flee_strike", "loot", "redraw", "amnesty",
              "place_equipment", "block_hit")
