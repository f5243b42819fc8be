# cython: language_level=3
"""combat_ops.py in C: the handlers of the combat operations (cancel_hit, flee_strike,
pre_melee_strike, volley, redirect_hits, melee_boost), run by ops_fire's dispatch."""

from toolkit.games.caravans.core.layout cimport CState
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps, COp
from toolkit.games.caravans.core.ops_fire cimport Ctx

cdef void combat_op(CState* s, const CRules* R, const COps* o, Ctx* c, const COp* p) noexcept nogil
