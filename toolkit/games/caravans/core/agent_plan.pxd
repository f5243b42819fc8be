# cython: language_level=3
"""agents/plan.py in C: a seat's goals on the board and the pull they exert.
Goals are kept in the CView (v.goals: derive() then ranked); plan._here (the visited
tavern waits) is applied by the readers."""

from toolkit.games.caravans.core.agent_view cimport CView

cdef int goals(CView* v) noexcept nogil          # derive once; count of goals (before _here)
cdef bint goal_kept(CView* v, int i) noexcept nogil   # goal i survives plan._here
cdef double pull(CView* v, int region, bint inside) noexcept nogil
cdef double step_score(CView* v, int region, bint inside) noexcept nogil
