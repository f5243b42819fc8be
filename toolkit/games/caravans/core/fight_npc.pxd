# cython: language_level=3
"""npc.py in C: NPCs entering, leaving, hunting and moving, their attackers and choices."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps

cdef void npc_enter(CState* s, const CRules* R, const COps* o, int npc, int region) noexcept nogil
cdef void npc_leave(CState* s, int npc) noexcept nogil
cdef bint hunts(const CState* s, const CRules* R, int npc, int seat) noexcept nogil
cdef void npc_move(CState* s, const CRules* R, int npc, int toward) noexcept nogil
cdef int attackers(const CState* s, const CRules* R, int seat, int* out) noexcept nogil
cdef int npc_choice(const CState* s, int side) noexcept nogil
cdef int step_toward(const CRules* R, int here, int goal) noexcept nogil
