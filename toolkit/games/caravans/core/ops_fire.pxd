# cython: language_level=3
"""effects.py in C: fire a seat's effects at a hook, the active events' answers, tricks
from the hand, events' operations; and party.py's stat side (maxima, refresh, new party).

A Ctx carries the hook, the value passed through it and the hook's extra arguments (the
engine's **extra). `fire` walks the seat's sources in the engine's order (hero, followers,
party equipment, special weapons; tricks in hand for "cancel"), taken before any handler
runs, and each source's operations in card order."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps, COp

cdef enum:
    W_HERO = 0
    W_FOLLOWER = 1
    W_EQUIPMENT = 2
    W_WEAPON = 3
    W_HAND = 4
    W_EVENT = 5

cdef struct Ctx:
    int hook                 # HOOK_* bit
    int seat                 # NONE for events
    int value                # the value passed through (bools as 0/1; NONE for None)
    int top[6]               # party_max's value (S_* order)
    int src                  # the source acting now (ops.pxd source space)
    int where                # W_*
    CParty* party            # party_max / fire(equipment): the party (NULL: the seat's)
    # the hook's extra arguments (NONE / 0 when not given)
    int stat                 # hero_stat: H_*
    int checks               # dice: bit (1 << CHK_*) per check named
    int event_kind           # ignore: EV_*
    int location             # cancel: the hit's track (S_*)
    int weapon               # ranged_win / melee_choice: the declared weapon | NONE
    int opponent             # flee / pre_melee / pre_ranged: REF
    int use                  # flee: the equipment its holder chose to flip | NONE
    int race_a               # war
    int race_b
    int good                 # sell_bonus
    int region               # treasure
    int dice                 # reroll: dice to roll
    int arg                  # play: the good named (sell_at_demand) | NONE
    int n_rolled             # reroll: the new roll
    int rolled[16]

ctypedef void (*SellCards)(CState* s, const CRules* R, const COps* o, int seat, int good,
                           int n, bint demanded_price) noexcept nogil
ctypedef void (*SwapDemand)(CState* s, const CRules* R, const COps* o, int tavern) noexcept nogil

cdef void set_tavern_ops(SellCards sell, SwapDemand swap) noexcept nogil
cdef void count_into(int* counts) noexcept nogil   # effects.count_ops: counts[op] (NULL: off)
cdef bint tavern_ops_set() noexcept nogil

cdef void ctx_init(Ctx* c, int hook, int seat, int value) noexcept nogil
cdef int fire(CState* s, const CRules* R, const COps* o, Ctx* c, bint equipment) noexcept nogil
cdef int fire_value(CState* s, const CRules* R, const COps* o, int seat, int hook, int value,
                    bint equipment) noexcept nogil
cdef bint fire_ignore(CState* s, const CRules* R, const COps* o, int seat, int event_kind) noexcept nogil
cdef int fire_events(CState* s, const CRules* R, const COps* o, Ctx* c) noexcept nogil
cdef int fire_events_value(CState* s, const CRules* R, const COps* o, int hook, int value) noexcept nogil
cdef int tricks(const CState* s, const COps* o, int seat, int hook, int* out) noexcept nogil
cdef bint has_trick(const CState* s, const COps* o, int seat, int hook, int glory) noexcept nogil
cdef int use_trick(CState* s, const CRules* R, const COps* o, int seat, int glory, Ctx* c) noexcept nogil
cdef void play_trick(CState* s, const CRules* R, const COps* o, int seat, int glory, int arg) noexcept nogil
cdef void run_event_op(CState* s, const CRules* R, const COps* o, int event, int k) noexcept nogil
cdef bint source_answers(const COps* o, int src, int hook) noexcept nogil
cdef void use_card(CPlayer* p, int sym) noexcept nogil

# party.py's stats
cdef void party_max(CState* s, const CRules* R, const COps* o, int seat, CParty* party,
                    int* out) noexcept nogil
cdef void refresh(CState* s, const CRules* R, const COps* o, int seat, int fill) noexcept nogil
cdef void new_party(CState* s, const CRules* R, const COps* o, CParty* out, int kind,
                    int seat) noexcept nogil
cdef int fills_of(const COps* o, int src) noexcept nogil
