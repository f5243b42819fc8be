# cython: language_level=3
"""The choices open to a fighting player (combat.py choice_options, strike_options)."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps

cdef int choice_options(CState* s, const CRules* R, const COps* o, int seat, int side,
                        CAction* out) noexcept nogil
cdef int strike_options(const CState* s, const COps* o, int seat, int* out) noexcept nogil
