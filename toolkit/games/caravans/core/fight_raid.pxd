# cython: language_level=3
"""raid.py in C: a raid on an explorer (or a delve with it), its decisions."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps

cdef int bounty_races(const CState* s, const CRules* R, int token, int* out) noexcept nogil
cdef void start_raid(CState* s, const CRules* R, const COps* o, int seat, int race) noexcept nogil
cdef void adjust(CState* s, const CRules* R, const COps* o, bint discard, bint draw, int card) noexcept nogil
cdef void end_raid(CState* s, const CRules* R, const COps* o) noexcept nogil
cdef void delve(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil
