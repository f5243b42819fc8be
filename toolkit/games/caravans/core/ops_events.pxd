# cython: language_level=3
"""event_ops.py and hazards.py in C, and flow.resolve_event (an event drawn)."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps, COp
from toolkit.games.caravans.core.ops_fire cimport Ctx

cdef void event_op(CState* s, const CRules* R, const COps* o, Ctx* c, const COp* p) noexcept nogil
cdef bint remove_markers(CState* s, const CRules* R, int seat, int left) noexcept nogil
cdef void resolve_event(CState* s, const CRules* R, const COps* o, int event) noexcept nogil
