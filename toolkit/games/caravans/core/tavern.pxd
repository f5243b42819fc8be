# cython: language_level=3
"""tavern.py in C: the tavern action's activities (sell, buy, recruit, rumor, mission,
stash), the demand markers and prices. Functions that may reach a part not ported yet
return int (0 or NOT_PORTED)."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps

cdef void begin(CState* s, const CRules* R, const COps* o, int activity) noexcept nogil
cdef void close_visit(CState* s, const CRules* R, const COps* o) noexcept nogil
cdef void swap_demand(CState* s, const CRules* R, const COps* o, int tavern) noexcept nogil
cdef int price(CState* s, const CRules* R, const COps* o, int good, bint demanded) noexcept nogil
cdef void sell(CState* s, const CRules* R, const COps* o, int seat, int good) noexcept nogil
cdef void sell_cards(CState* s, const CRules* R, const COps* o, int seat, int good, int n,
                     bint demanded_price) noexcept nogil
cdef void buy_goods(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil
cdef void buy(CState* s, const CRules* R, const COps* o, int seat, int good) noexcept nogil
cdef int recruit_discount(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil
cdef int recruit_cost(const CRules* R, int n, int off) noexcept nogil
cdef int recruit(CState* s, const CRules* R, const COps* o, int seat, int n) noexcept nogil
cdef int hear_rumor(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil
cdef int take_mission(CState* s, const CRules* R, const COps* o, int seat, int mission) noexcept nogil
cdef void stash(CState* s, const CRules* R, const COps* o, int seat, int gold) noexcept nogil
cdef void after_recruit(CState* s, const CRules* R, const COps* o, int seat, bint ok, int n,
                        int data1) noexcept nogil
cdef void after_rumor(CState* s, const CRules* R, const COps* o, int seat, bint ok, int data0,
                      int data1) noexcept nogil
cdef void after_take_mission(CState* s, const CRules* R, const COps* o, int seat, bint ok,
                             int mission, int data1) noexcept nogil
