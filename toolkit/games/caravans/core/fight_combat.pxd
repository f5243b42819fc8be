# cython: language_level=3
"""combat.py in C: opening a fight, the choices, the ranged rounds, flight, the end."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps

cdef void npc_attacks(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil
cdef void start(CState* s, const CRules* R, const COps* o, int attacker, int defender,
                const int* queue, int n_queue) noexcept nogil
cdef void choose(CState* s, const CRules* R, const COps* o, int mode, int weapon, int glory) noexcept nogil
cdef void block_hit(CState* s, const CRules* R, const COps* o, int equipment, bint use) noexcept nogil
cdef void flee_strike(CState* s, const CRules* R, const COps* o, int equipment, bint use) noexcept nogil
cdef void end_fight(CState* s, const CRules* R, const COps* o) noexcept nogil
