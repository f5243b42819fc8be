# cython: language_level=3
"""melee.py in C: melee, a defeat with its spoils, LOOT and CAPTURE."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps

cdef void melee(CState* s, const CRules* R, const COps* o, int starter) noexcept nogil
cdef void defeat(CState* s, const CRules* R, const COps* o, const int* losers, int n,
                 bint melee) noexcept nogil
cdef void loot(CState* s, const CRules* R, int seat, int good) noexcept nogil
cdef void capture(CState* s, const CRules* R, const COps* o, int seat, bint take) noexcept nogil
