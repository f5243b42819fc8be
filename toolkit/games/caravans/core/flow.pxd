# cython: language_level=3
"""flow.py in C: rounds (the event draw, explorers back), turns, amnesty choices.
Each returns 0 or NOT_PORTED (a part not in C yet was reached)."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps

cdef int start_round(CState* s, const CRules* R, const COps* o) noexcept nogil
cdef int start_turn(CState* s, const CRules* R, const COps* o) noexcept nogil
cdef int end_turn(CState* s, const CRules* R, const COps* o) noexcept nogil
cdef int amnesty_choice(CState* s, const CRules* R, const COps* o, int seat, int race) noexcept nogil
