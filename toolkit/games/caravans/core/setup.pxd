# cython: language_level=3
"""setup.py in C: parties chosen at setup (or after a death), the end of setup."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps

cdef int choose_starting_party(CState* s, const CRules* R, const COps* o, int seat, int party) noexcept nogil
