# cython: language_level=3
from toolkit.games.caravans.core.layout cimport CState, CAction
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps

cdef int current_player(const CState* s) noexcept nogil
cdef int apply(CState* s, const CRules* R, const COps* ops, const CAction* a) noexcept nogil
