# cython: language_level=3
"""turn.py in C: move, enter and leave taverns, open the tavern action, glory plays,
discards, the cargo limit; and the tests legal actions use (tavern_open, toll, ...).
Functions that may reach a part not ported yet return int (0 or NOT_PORTED)."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps

cdef bint tavern_open(CState* s, const CRules* R, const COps* o, int seat, int region) noexcept nogil
cdef int toll(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil
cdef bint free_leave(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil
cdef int npc_attacks(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil
cdef int move(CState* s, const CRules* R, const COps* o, int seat, int region) noexcept nogil
cdef void enter_tavern(CState* s, int seat) noexcept nogil
cdef int leave_tavern(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil
cdef void open_visit(CState* s, int seat) noexcept nogil
cdef void play_glory(CState* s, const CRules* R, const COps* o, int seat, int card, int arg) noexcept nogil
cdef void discard_goods(CState* s, const CRules* R, int seat, int good) noexcept nogil
cdef void enforce_cargo(CState* s, const CRules* R, const COps* o) noexcept nogil
cdef void discard_glory(CState* s, const CRules* R, const COps* o, int seat, int card) noexcept nogil
