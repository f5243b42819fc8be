# cython: language_level=3
"""Effect operations of the compiled Caravans core: op codes, hooks and params.

Every op of content/ops.py, with its params as ints (ids as indices, see fight_layout.pxd;
NONE = -1 for None):

  # <gen:op-table> generated from caravans/declarations.py by scripts/gen_declarations.py: do not edit
  OP_*                  params as ints                      hooks
  OP_MODIFY_STAT        a=stat (S_*)  b=by  c=fill          party_max
  OP_MODIFY_HERO_STAT   a=stat (H_*)  b=by                  hero_stat
  OP_EXTRA_DIE          a=check (CHK_*)  b=dice             dice
  OP_CANCEL_HIT         a=hits  b=restore_cost (NONE)       cancel
  OP_FLEE_STRIKE        a=hits                              flee
  OP_PRE_MELEE_STRIKE   a=dice                              pre_melee
  OP_VOLLEY             -                                   pre_ranged
  OP_REDIRECT_HITS      a=location (S_*)                    ranged_win
  OP_MELEE_BOOST        a=dice  b=no_flee                   melee_choice
  OP_IGNORE_EVENT       a=event kind (EV_*)                 ignore
  OP_BUY_DRAW           a=by                                buy_draw, play
  OP_FREE_MOVE          a=per_turn                          free_moves
  OP_ENTER_WANTED       -                                   enter_wanted
  OP_RECRUIT_DISCOUNT   a=percent                           recruit_discount
  OP_RAID_BONUS         a=gold_per_card                     raid_bonus
  OP_FREE_REPAIR        a=points                            free_repair
  OP_REROLL_CHECK       -                                   reroll
  OP_COMBAT_DICE        a=dice                              contest
  OP_EXTRA_ACTION       a=actions                           play
  OP_SELL_AT_DEMAND     a=cards                             play
  OP_FREE_RECRUIT       a=mercenaries                       play
  OP_GAIN_GOLD          a=amount                            play, event
  OP_NPC_ENTER          a=npc  b=region (NONE: its start)   event
  OP_MOVE_NPC           a=npc  b=region (NONE: "target")    event
  OP_STORM              a=hits  regions=bit mask of regions event
  OP_WAR                a=race  b=race                      war
  OP_DEMAND_SHIFT       a=tavern region                     event
  OP_MARKET_BOOM        a=good  b=bonus                     sell_bonus
  OP_PLAGUE             a=race  b=mercenaries               event
  OP_RUMOR_NO_CHECK     -                                   rumor_free
  OP_TREASURE           a=region  b=multiplier              treasure
  OP_AMNESTY            a=remove                            event
  OP_TOLLS              a=gold                              toll
  # </gen:op-table>

The table (COps) is compiled once per Rules by ops_table.pyx `compile_ops`:
the turn side's content compile calls it and keeps the COps in its content object; a reason
string back means the Python engine runs. Sources: one int space (heroes, glory cards,
equipment, weapons, events, each in catalog order); the ops of source s are
ops[first[s]:first[s + 1]], in the card's order (abilities' effects after `effects`).
"""

from libc.stdint cimport uint64_t

# <gen:op-codes> generated from caravans/declarations.py by scripts/gen_declarations.py: do not edit
cdef enum:
    OP_MODIFY_STAT = 0
    OP_MODIFY_HERO_STAT = 1
    OP_EXTRA_DIE = 2
    OP_CANCEL_HIT = 3
    OP_FLEE_STRIKE = 4
    OP_PRE_MELEE_STRIKE = 5
    OP_VOLLEY = 6
    OP_REDIRECT_HITS = 7
    OP_MELEE_BOOST = 8
    OP_IGNORE_EVENT = 9
    OP_BUY_DRAW = 10
    OP_FREE_MOVE = 11
    OP_ENTER_WANTED = 12
    OP_RECRUIT_DISCOUNT = 13
    OP_RAID_BONUS = 14
    OP_FREE_REPAIR = 15
    OP_REROLL_CHECK = 16
    OP_COMBAT_DICE = 17
    OP_EXTRA_ACTION = 18
    OP_SELL_AT_DEMAND = 19
    OP_FREE_RECRUIT = 20
    OP_GAIN_GOLD = 21
    OP_NPC_ENTER = 22
    OP_MOVE_NPC = 23
    OP_STORM = 24
    OP_WAR = 25
    OP_DEMAND_SHIFT = 26
    OP_MARKET_BOOM = 27
    OP_PLAGUE = 28
    OP_RUMOR_NO_CHECK = 29
    OP_TREASURE = 30
    OP_AMNESTY = 31
    OP_TOLLS = 32
    N_OPS = 33
# </gen:op-codes>

# hooks as bits (declarations.HOOKS: bit i is hook i)
# <gen:hook-bits> generated from caravans/declarations.py by scripts/gen_declarations.py: do not edit
cdef enum:
    HOOK_PARTY_MAX = 1 << 0
    HOOK_HERO_STAT = 1 << 1
    HOOK_DICE = 1 << 2
    HOOK_CANCEL = 1 << 3
    HOOK_FLEE = 1 << 4
    HOOK_PRE_MELEE = 1 << 5
    HOOK_PRE_RANGED = 1 << 6
    HOOK_RANGED_WIN = 1 << 7
    HOOK_MELEE_CHOICE = 1 << 8
    HOOK_IGNORE = 1 << 9
    HOOK_BUY_DRAW = 1 << 10
    HOOK_FREE_MOVES = 1 << 11
    HOOK_ENTER_WANTED = 1 << 12
    HOOK_RECRUIT_DISCOUNT = 1 << 13
    HOOK_RAID_BONUS = 1 << 14
    HOOK_FREE_REPAIR = 1 << 15
    HOOK_REROLL = 1 << 16
    HOOK_CONTEST = 1 << 17
    HOOK_PLAY = 1 << 18
    HOOK_EVENT = 1 << 19
    HOOK_WAR = 1 << 20
    HOOK_SELL_BONUS = 1 << 21
    HOOK_RUMOR_FREE = 1 << 22
    HOOK_TREASURE = 1 << 23
    HOOK_TOLL = 1 << 24
# </gen:hook-bits>

# extra_die checks
cdef enum:
    CHK_COMBAT = 0
    CHK_PERCEPTION = 1
    CHK_LEADERSHIP = 2
    CHK_INFLUENCE = 3
    CHK_RANGED = 4
    CHK_MELEE = 5

# ignore_event kinds
cdef enum:
    EV_STORM = 0
    EV_PLAGUE = 1
    EV_TOLLS = 2
    EV_WAR = 3

cdef enum:
    OPS_MAX_SRC = 512
    OPS_MAX = 1024
    OPS_MAX_REGIONS = 64     # storm regions are a 64-bit mask


cdef struct COp:
    int op
    int hooks                # HOOK_* bits
    int a
    int b
    int c
    uint64_t regions         # OP_STORM: bit r set for region index r


cdef struct COps:
    int n_src
    int hero0                # first source of each kind
    int glory0
    int equip0
    int weapon0
    int event0
    int hooks_of[512]        # OR of the hooks of a source's ops (a quick skip)
    int first[513]
    int n_ops
    COp ops[1024]


cdef inline int src_hero(const COps* t, int hero) noexcept nogil:
    return t.hero0 + hero

cdef inline int src_glory(const COps* t, int glory) noexcept nogil:
    return t.glory0 + glory

cdef inline int src_equip(const COps* t, int equipment) noexcept nogil:
    return t.equip0 + equipment

cdef inline int src_weapon(const COps* t, int weapon) noexcept nogil:
    return t.weapon0 + weapon

cdef inline int src_event(const COps* t, int event) noexcept nogil:
    return t.event0 + event

cdef inline bint src_has(const COps* t, int src, int op) noexcept nogil:
    """Whether source `src` has an operation `op` (e.g. flee_strike equipment)."""
    cdef int i
    for i in range(t.first[src], t.first[src + 1]):
        if t.ops[i].op == op:
            return True
    return False

cdef str compile_ops(COps* out, object rules)
