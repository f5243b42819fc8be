# cython: language_level=3
"""The small value functions of agents/value.py and agents/gear.py that the plan and the
turn scorers read, in C: mission_value, rumor_value, equipment_value,
weapon_use, will_upgrade; and Python's float floor division."""

from toolkit.games.caravans.core.agent_view cimport CView

cdef double py_floordiv(double x, double y) noexcept nogil   # Python's float x // y
cdef double mission_value(CView* v, int mission) noexcept nogil
cdef double rumor_value(CView* v) noexcept nogil
cdef double equipment_value(CView* v, int token, bint flipped) noexcept nogil   # token NONE: "?"
cdef double weapon_use(CView* v) noexcept nogil
cdef bint will_upgrade(CView* v) noexcept nogil
