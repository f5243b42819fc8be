# cython: language_level=3
"""armory.py in C: form a party (disbanding the old), repair, restore, equipment, weapons."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps

cdef int damage(const CParty* party) noexcept nogil
cdef int resale(const CRules* R, const CParty* party) noexcept nogil
cdef int free_repair(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil
cdef int repair_cost(const CRules* R, int points, int free) noexcept nogil
cdef int restore_cost(const CRules* R, const COps* o, int equipment) noexcept nogil
cdef bint restorable(const COps* o, int equipment) noexcept nogil
cdef void form_party(CState* s, const CRules* R, const COps* o, int seat, int kind) noexcept nogil
cdef void repair(CState* s, const CRules* R, const COps* o, int seat, int points) noexcept nogil
cdef void restore(CState* s, const CRules* R, const COps* o, int seat, int equipment) noexcept nogil
cdef void buy_equipment(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil
cdef void swap_equipment(CState* s, const CRules* R, const COps* o, int seat, int mine) noexcept nogil
cdef void buy_weapon(CState* s, const CRules* R, const COps* o, int seat, int weapon) noexcept nogil
cdef void sell_weapon(CState* s, const CRules* R, const COps* o, int seat, int weapon) noexcept nogil
