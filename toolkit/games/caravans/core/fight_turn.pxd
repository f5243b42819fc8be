# cython: language_level=3
"""turn.py's explore and missions in C: targets, EXPLORE with its perception check, what
a found target leads to, COMPLETE_MISSION."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps

cdef int explore_targets(const CState* s, const CRules* R, int seat, CAction* out) noexcept nogil
cdef void explore(CState* s, const CRules* R, const COps* o, int seat, int kind, int target) noexcept nogil
cdef void engage(CState* s, const CRules* R, const COps* o, int seat, bint fight) noexcept nogil
cdef bint can_complete(const CState* s, const CRules* R, int seat, int mission) noexcept nogil
cdef void attempt_mission(CState* s, const CRules* R, const COps* o, int seat, int mission) noexcept nogil
cdef void init_continuations() noexcept nogil
