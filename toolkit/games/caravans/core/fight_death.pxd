# cython: language_level=3
"""death.py in C: a hero's death, the next hero (and its redraw), a new hero's start."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps

cdef void kill(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil
cdef bint threatened(const CState* s, const CRules* R, int hero) noexcept nogil
cdef void redraw(CState* s, int seat, bint again) noexcept nogil
cdef void start_hero(CState* s, const CRules* R, const COps* o, int seat, int kind,
                     bint top_up) noexcept nogil
