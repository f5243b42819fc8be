# cython: language_level=3
"""party.py's hits (take_hits, hit locations, cargo and mercenary losses) and sides.py
(a combatant's race and standing), in C."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps

cdef bint take_hits(CState* s, const CRules* R, const COps* o, int ref, int hits, int location,
                    bint equipment) noexcept nogil
cdef bint deal_hits(CState* s, const CRules* R, const COps* o, int ref, int hits, int location,
                    bint equipment, int total) noexcept nogil
cdef void land_hit(CState* s, int ref, CParty* party, int where) noexcept nogil
cdef int blockers(const CState* s, const COps* o, int seat, int* out) noexcept nogil
cdef void lose_mercenaries(CParty* party, int n) noexcept nogil
cdef int race_of(const CState* s, const CRules* R, int ref) noexcept nogil
cdef bint is_brigand(const CPlayer* p, const CRules* R) noexcept nogil
cdef bint is_non_brigand(const CState* s, const CRules* R, int ref) noexcept nogil
