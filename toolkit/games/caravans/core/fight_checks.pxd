# cython: language_level=3
"""checks.py in C: hero stats, dice for a check, skill checks with the reroll decision.

What follows a check is a continuation by THEN_*: explore and complete are the fight side's
(fight_turn), recruit/rumor/mission the turn side's tavern, registered with set_continuation
(data0/data1: the reroll entry's data, see fight_layout.pxd CDecision)."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps

ctypedef void (*Continue)(CState* s, const CRules* R, const COps* o, int seat, bint ok,
                          int data0, int data1) noexcept nogil

cdef void set_continuation(int then, Continue fn) noexcept nogil
cdef int hero_stat(CState* s, const CRules* R, const COps* o, int seat, int stat) noexcept nogil
cdef int dice_for(CState* s, const CRules* R, const COps* o, int seat, int stat, int checks,
                  bint equipment) noexcept nogil
cdef void check(CState* s, const CRules* R, const COps* o, int seat, int stat, int then,
                bint has_data, int data0, int data1, int need, int dice) noexcept nogil
cdef void reroll(CState* s, const CRules* R, const COps* o, int seat, int glory) noexcept nogil
