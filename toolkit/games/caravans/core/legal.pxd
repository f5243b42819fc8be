# cython: language_level=3
from toolkit.games.caravans.core.layout cimport CState, CAction
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps

cdef int legal(CState* s, const CRules* R, const COps* ops, CAction* out) noexcept nogil
