# cython: language_level=3
"""One seat's view of the state at one decision: agents/view.py in C.

A CView lives for one decision (view_init clears it); every fact is computed at most
once and kept in the struct (the `has_*` flags). It reads only what the seat's
observation shows (engine/observe.py): its own cards, the public board, rivals' public
parts (gold carried, goods and hand COUNTS, bounty, party, followers, weapons), never a
deck's order, another seat's goods/hand/rumors/stash or a face-down token.

Refs are fight_layout REFs (seat >= 0, NPC -(index + 1)). Stats are H_* (hero) indices.
Checks are CHK_* bit masks (ops.pxd) beyond the stat's own.
The `s` pointer is non-const only because the engine's pure hooks (hero_stat, dice,
enter_wanted, war, ignore) take CState*; a view never writes to the state.

Scorer modules (agent_turns, agent_plan, agent_decisions, agent_value) keep
their own per-decision memo in the `memo*` fields below (add fields at the END, and
rebuild every module that cimports this file: struct offsets move).
"""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps
from toolkit.games.caravans.core.agent_tables cimport CAgentTables, CStyle

cdef enum:
    MAX_REFS = MAX_PLAYERS + MAX_NPCS     # ref slot: seat, or MAX_PLAYERS + npc index
    MAX_GOALS = 4 * MAX_REGIONS           # (region, where) pairs: 3 wheres a region
    W_ANY = 0                             # goalpull.WHERE
    W_TAVERN = 1
    W_OUT = 2
    N_FIGHTER = 7                         # fight.fighter: combat, shield, agility, defense,
                                          # attack, leadership, mercenaries

cdef struct CGoals:                       # plan.derive / ranked
    int n
    int region[MAX_GOALS]                 # first-found order (plan.derive)
    int where[MAX_GOALS]
    double value[MAX_GOALS]
    int ranked[MAX_GOALS]                 # indices, value descending, stable


cdef struct CView:
    CState* s
    const CRules* R
    const COps* o
    const CAgentTables* T
    const CStyle* style
    const double* w                       # style.w, by F_* (agent_tables.pxd)
    int seat
    const CPlayer* me
    double patience                       # 1 / (1 + idle)
    # --- the flags of the lazies: view_init zeroes has_goods .. _end_flags only ---------
    char has_goods
    char has_open
    char has_loss
    char has_hunting
    char has_rivals
    char has_goals
    char has_pull
    char has_explorer                     # the decision scorers agent_value memo
    char has_dice[4]                      # dice_for(stat) without extra checks, by H_*
    char has_stat[MAX_PLAYERS][4]
    char has_fighter[MAX_REFS]
    char has_threat[MAX_REGIONS]
    char has_fight_value[MAX_REFS][2]     # the decision scorers agent_value memo: by (ref slot, found)
    char has_ranged[MAX_REFS][4]          # fight odds memo by (ref slot, extra dice 0..3)
    char has_melee[MAX_REFS][4]
    int _end_flags
    # --- the values (read only when their flag is set) ---------------------------------
    int goods[MAX_GOODS]                  # own goods cards by good (Counter)
    int n_open
    int open_taverns[MAX_REGIONS]         # tables.open_taverns (board order)
    double loss                           # loss_if_beaten
    int dice[4]
    int stat[MAX_PLAYERS][4]              # hero_stat by (seat, H_*)
    int fighter[MAX_REFS][N_FIGHTER]
    double threat[MAX_REGIONS]
    int n_hunting                         # view._hunting: (npc, region, move chance)
    int hunt_npc[MAX_NPCS]
    int hunt_region[MAX_NPCS]
    double hunt_moves[MAX_NPCS]
    int n_rivals                          # view._rivals: (seat, region, in tavern, weight)
    int rival_seat[MAX_PLAYERS]
    int rival_region[MAX_PLAYERS]
    int rival_inside[MAX_PLAYERS]
    double rival_weight[MAX_PLAYERS]
    double pull_here                      # plan.step_score's pull of the seat's position
    double explorer                       # the decision scorers agent_value memo
    double fight_value[MAX_REFS][2]
    double ranged[MAX_REFS][4]
    double melee[MAX_REFS][4]
    short goal_slot[MAX_REGIONS * 3]      # plan.derive: (region, where) -> goal index + 1
    CGoals goals                          # derive() then ranked (before plan._here)


cdef void view_init(CView* v, CState* s, const CRules* R, const COps* o,
                    const CAgentTables* T, int style, int seat, double patience) noexcept nogil
cdef int ref_slot(int ref) noexcept nogil                 # seat, or MAX_PLAYERS + npc index
cdef const CParty* party_of(const CView* v, int ref) noexcept nogil   # NULL: no party
cdef int dist(const CView* v, int a, int b) noexcept nogil            # FAR when no path
# the seat
cdef int v_goods(CView* v, int good) noexcept nogil       # own cards of `good`
cdef int v_room(CView* v) noexcept nogil
cdef int v_damage(CView* v) noexcept nogil
cdef int v_missing_mercenaries(CView* v) noexcept nogil
cdef int v_glory_total(CView* v) noexcept nogil
cdef int v_stash_room(CView* v) noexcept nogil
cdef int v_home(CView* v) noexcept nogil                  # region | NONE
cdef bint v_wanted(CView* v) noexcept nogil
cdef double v_chance(CView* v, int stat, int need, int checks) noexcept nogil
cdef int v_stat(CView* v, int seat, int stat) noexcept nogil
cdef int v_dice_for(CView* v, int stat, int checks) noexcept nogil   # tables.dice_for
# the board
cdef int v_open_taverns(CView* v) noexcept nogil          # count; list in v.open_taverns
cdef bint v_is_open(CView* v, int region) noexcept nogil
cdef double v_sale_value(CView* v, int good, int here) noexcept nogil   # here NONE: own region
cdef double v_loss_if_beaten(CView* v) noexcept nogil
cdef bint is_brigand(const CPlayer* p) noexcept nogil
cdef bint hunts(const CView* v, int npc, int seat) noexcept nogil
cdef int seen_region(const CView* v, int seat) noexcept nogil   # others' NONE in setup
cdef int seen_gold(const CView* v, int seat) noexcept nogil     # others' observe.seen_gold
# the fight odds and View.threat (agent_view_fight.pyx), re-exported here
from toolkit.games.caravans.core.agent_view_fight cimport *
