# cython: language_level=3
"""cards.py (decks, glory, gold, bounty, missions), tokens.py (equipment back to the
board) and ending.game_over, in C."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps

cdef int draw(CState* s, int* deck, int* n_deck, int* pile, int* n_pile) noexcept nogil
cdef int draw_goods(CState* s) noexcept nogil
cdef int total_glory(const CState* s, const CRules* R, int seat) noexcept nogil
cdef void note_first_gains(int* out, int* n) noexcept nogil   # out NULL: off (default)
cdef void gain_glory(CState* s, const CRules* R, const COps* o, int seat, int source) noexcept nogil
cdef void draw_glory_card(CState* s, const CRules* R, int seat) noexcept nogil
cdef void check_announce(CState* s, const CRules* R, int seat) noexcept nogil
cdef void gain_gold(CState* s, int seat, int amount) noexcept nogil
cdef int hero_race(const CState* s, const CRules* R, int seat) noexcept nogil
cdef bint at_war(CState* s, const CRules* R, const COps* o, int race_a, int race_b) noexcept nogil
cdef void add_bounty(CState* s, const CRules* R, const COps* o, int seat, int race) noexcept nogil
cdef int bounty_reward(CState* s, const CRules* R, const COps* o, int victor, int loser) noexcept nogil
cdef void complete_mission(CState* s, const CRules* R, const COps* o, int seat, int mission) noexcept nogil
cdef int free_taverns(const CState* s, const CRules* R, int* out) noexcept nogil
cdef void place_equipment(CState* s, const CRules* R, const int* tokens, int n, int near,
                          int seat) noexcept nogil
cdef void choose_tavern(CState* s, const CRules* R, int seat, int tavern) noexcept nogil
cdef void game_over(CState* s, const CRules* R, int reason) noexcept nogil
