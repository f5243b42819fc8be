# cython: language_level=3
"""The fight side of the compiled Caravans state: combat, raid and the pending
decisions the fight side pushes, as C structs mirroring the dicts of engine/state.py
(`state.combat`, `state.raid`, `state.pending` entries). `layout.pxd` cimports
this file; this file cimports nothing of layout.pxd (no cycle).

Encodings shared with layout.pxd (please keep them):
- a combatant ("p<seat>" / "n:<npc id>") is an int REF: seat >= 0 for a player,
  -(npc index + 1) for an NPC (npc index: Rules.npcs order); REF_NONE when absent.
- ids are small ints in the catalog order of their kind (Rules.regions, Rules.npcs,
  Rules.races, Rules.goods, rules.c.<kind> order for heroes, glory cards, equipment,
  weapons, parties, missions, rumors, events); goods cards are their Rules.cards index;
  explorer tokens their Rules.explorers index. NONE (-1) stands for Python's None / "".
- an effect SOURCE (a cancel key's card) is one int space: heroes, then glory cards,
  then equipment, then weapons, then events (see ops.pxd, src_* helpers there).
- party stats are arrays in PARTY_STATS order (engine/rules.py): defense, shield, cargo,
  mercenaries, attack, agility (S_* below).

layout.pxd's CState holds these by value (`combat`, `raid`, `pending[MAX_PENDING]` with
`n_pending`; a struct's `active` flag is "not None"); its players and NPCs use CParty.
"""

cdef enum:
    NONE = -1
    REF_NONE = -1000
    N_STATS = 6
    S_DEFENSE = 0
    S_SHIELD = 1
    S_CARGO = 2
    S_MERCENARIES = 3
    S_ATTACK = 4
    S_AGILITY = 5
    # capacities of the fight structs; content larger than these is refused at compile
    FMAX_SEATS = 6
    FMAX_NPCS = 16
    FMAX_DICE = 16           # dice.count is capped to this
    FMAX_EQUIP = 16          # equipment on one party
    FMAX_USED = 8            # special weapons declared by one side in a fight
    FMAX_CANCEL = 32         # cancel counters of a fight
    FMAX_ARMED = 4
    FMAX_CARDS = 32          # raid cards, loot cards
    FMAX_ITEMS = 32          # tokens / taverns of a place_equipment decision
    FMAX_OWED = 8            # hit batches waiting on a block_hit decision

# combat modes (combat_choice's first argument); MODE_NONE: no choice made yet (None)
cdef enum:
    MODE_NONE = -1
    MODE_RANGED = 0
    MODE_MELEE = 1
    MODE_FLEE = 2

# combat["struck"][side]: None, "done", [] or [equipment]
cdef enum:
    STRUCK_NONE = -3
    STRUCK_DONE = -2
    STRUCK_EMPTY = -1        # >= 0: [that equipment index]

# pending decision kinds (DecisionKind; engine/legal.py DECISIONS)
cdef enum:
    D_CHOOSE_PARTY = 0
    D_COMBAT_CHOICE = 1
    D_CAPTURE = 2
    D_EXPLORER = 3
    D_RAID = 4
    D_REROLL = 5
    D_DISCARD_GLORY = 6
    D_FOUND = 7
    D_FLEE_STRIKE = 8
    D_LOOT = 9
    D_REDRAW = 10
    D_AMNESTY = 11
    D_PLACE_EQUIPMENT = 12
    D_BLOCK_HIT = 13
    N_DECISIONS = 14

# combat["stage"]: where a fight resumes after a block_hit decision (engine/combat.py)
cdef enum:
    STAGE_PRE0 = 0           # "pre0", "pre1": the side whose pre_ranged effects fire next
    STAGE_PRE1 = 1
    STAGE_CHOOSE = 2         # "choose": the round's choices
    STAGE_FLEE = 3           # "flee": the rolls made, flee effects next
    STAGE_HITS = 4           # "hits": the winner's hits dealt, the loser's next
    STAGE_BACK = 5           # "back": both dealt

# a reroll's "then" (checks.CONTINUE names)
cdef enum:
    THEN_EXPLORE = 0
    THEN_COMPLETE = 1
    THEN_RECRUIT = 2
    THEN_RUMOR = 3
    THEN_MISSION = 4

# explore target kinds (explore's first argument; reroll data of THEN_EXPLORE)
cdef enum:
    T_PLAYER = 0
    T_NPC = 1
    T_EXPLORER = 2
    T_RUMOR = 3

# hero stats (engine/rules.py HERO_STATS order)
cdef enum:
    H_COMBAT = 0
    H_PERCEPTION = 1
    H_LEADERSHIP = 2
    H_INFLUENCE = 3


cdef struct CParty:
    # a Party (kind, top, cur, equipment, flipped); also the `party` of a capture decision
    int kind                 # party index; NONE when the party is None
    int top[6]
    int cur[6]
    int n_equipment
    int equipment[16]        # equipment indices, in order
    int n_flipped
    int flipped[16]


cdef struct CChoice:
    int mode                 # MODE_*; MODE_NONE = None (not chosen yet)
    int weapon               # weapon index or NONE ("")
    int glory                # glory card index or NONE ("")


cdef struct CCancel:
    int seat
    int src                  # effect source (ops.pxd); key "p<seat>:<source id>"
    int left


cdef struct COwed:
    # one batch of combat["owed"]: [ref, hits left, location (None: rolled), hits in all]
    int ref
    int left
    int location             # S_* or NONE
    int total


cdef struct CArmed:
    int seat
    int glory                # glory card index; "p<seat>:<glory id>"


cdef struct CCombat:
    bint active              # state.combat is not None
    int sides[2]             # REFs
    int round
    CChoice choices[2]
    int n_used[2]
    int used[2][8]           # weapon indices declared by each side
    int no_flee              # seat or NONE
    int n_cancel
    CCancel cancel[32]       # dict order of combat["cancel"]
    int n_queue
    int queue[16]            # npc indices
    bint bounty[2]
    bint melee
    # keys added by the first resolve_round: "armed", "rolled", "struck"
    bint resolved
    int n_armed
    CArmed armed[4]
    int modes[2]             # combat["rolled"][0]
    int n_roll[2]
    int rolls[2][16]         # combat["rolled"][1]: die faces (SKULL = -1)
    int struck[2]            # STRUCK_* or an equipment index
    int stage                # STAGE_*
    int n_owed
    COwed owed[8]            # hits waiting on a block_hit decision (the first: the hit's batch)


cdef struct CRaid:
    bint active              # state.raid is not None
    int player
    int n_cards
    int cards[32]            # goods card indices
    int skulls
    int token                # explorer token index
    int region               # region index (NONE for None)


cdef struct CDecision:
    # one entry of state.pending; only the fields of its kind are meaningful
    int kind                 # D_*
    int player
    int side                 # combat_choice, flee_strike
    int where                # block_hit: the located hit's track (S_*)
    int target               # found: REF; explorer: token index
    int left                 # amnesty: markers left; loot: room
    bint end_turn            # choose_party
    # reroll: {"stat", "dice", "need", "then", "data"}
    int stat                 # H_*
    int dice
    int need
    int then                 # THEN_*
    bint has_data            # data is not None
    int data0                # explore: T_* ; complete/mission: mission index; recruit: n
    int data1                # explore: seat / npc index / token / rumor index
    # loot: cards; place_equipment: tokens (equipment indices) and chosen (regions)
    int n_items
    int items[32]
    int n_chosen
    int chosen[32]
    CParty party             # capture
