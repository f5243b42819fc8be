# cython: language_level=3
"""The fight side's entry points for the turn side's legal.pyx / apply.pyx.

fight_legal: the actions of the decision on top of the stack (every kind but
choose_party and discard_glory: NOT_PORTED for those). fight_apply: an action of a kind
the fight side carries out (the decisions' but CHOOSE_PARTY, DISCARD_GLORY and AMNESTY;
EXPLORE, COMPLETE_MISSION); NOT_PORTED for others. The caller then does apply.py's tail (enforce_cargo, stale discards)."""

from toolkit.games.caravans.core.layout cimport CState, CAction
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps

cdef int fight_legal(CState* s, const CRules* R, const COps* o, CAction* out) noexcept nogil
cdef int fight_apply(CState* s, const CRules* R, const COps* o, const CAction* a) noexcept nogil
cdef bint fight_kind(int kind) noexcept nogil
