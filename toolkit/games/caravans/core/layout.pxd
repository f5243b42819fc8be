# cython: language_level=3
"""The whole Caravans state as C structs (mirrors engine/state.py field by field).

Encoding: every catalog id is a small int, its index in the compiled content
(core/content.pyx: regions, goods, heroes, glory cards, ... in catalog order); a goods card
is its index in Rules.cards, as in Python. Absent values: NONE (-1) for Python's None,
ABSENT (-2) for a dict key that is not there (bounty, demand, tavern_eq, explorers, prices).
Lists are `int x[MAX]` plus `n_x`; order is kept exactly (state_hash depends on it). Dicts
whose keys are catalog ids are arrays by index (state_hash sorts keys, so order is free).

Bounds: the MAX_* below are compile-time; core/content.pyx refuses (one line, the Python
engine runs) a content whose counts exceed them, and convert refuses a state that does.

Fight side: `CCombat`, `CRaid`, `CParty`, the pending `CDecision` and the shared enums
(NONE, S_*, H_*, T_*, D_*, THEN_*, REF encoding) come from core/fight_layout.pxd.
A choose_party decision has the key "end_turn" exactly when the phase is not setup (death
pushes it, setup does not), so `CDecision.end_turn` needs no presence flag.
"""

from toolkit.native.mt cimport MT
from toolkit.games.caravans.core.fight_layout cimport *

cdef enum:
    ABSENT = -2             # (NONE = -1, N_STATS, S_*, H_*, T_*, D_*, THEN_*: fight_layout)
    MAX_PLAYERS = 6
    MAX_REGIONS = 64
    MAX_ADJ = 16
    MAX_GOODS = 16          # kinds of goods
    MAX_CARDS = 128         # goods cards
    MAX_GLORY = 96          # glory card copies (deck, hands)
    MAX_HEROES = 64         # hero card copies
    MAX_EVENTS = 96         # event card copies (bounds the rounds too)
    MAX_MISSIONS = 64
    MAX_RUMORS = 64
    MAX_EQUIPMENT = 48      # equipment token copies
    MAX_WEAPONS = 8         # kinds of special weapon
    MAX_WEAPON_TOKENS = 32
    MAX_MARKERS = 64
    MAX_EXPLORERS = 48
    MAX_NPCS = 16
    MAX_RACES = 8
    MAX_PARTY_KINDS = 8
    MAX_SYMS = 256          # distinct ids of all kinds (Player.used keys)
    MAX_EXPLORED = 32
    MAX_DONE = 32           # activities of one tavern visit
    MAX_ACTIVE = 16         # active events
    MAX_PENDING = 16
    NSTREAMS = 4

# random streams, the engine's PURPOSES in sorted order (state_hash order)
cdef enum:  # Stream
    RNG_DECK = 0
    RNG_DICE = 1
    RNG_NPC = 2
    RNG_SETUP = 3

cdef enum:  # Phase
    PH_SETUP = 0
    PH_PLAY = 1
    PH_OVER = 2

cdef enum:  # EndReason              # NONE while running
    END_ROUND_LIMIT = 0
    END_EVENTS_EXHAUSTED = 1
    END_GLORY = 2
    END_HEROES_EXHAUSTED = 3

cdef enum:  # Duration
    DUR_INSTANT = 0
    DUR_ROUND = 1
    DUR_UNTIL_REPLACED = 2

cdef enum:  # GlorySource            # Player.glory_src keys (engine/components.GLORY_SOURCES)
    GS_DEFEAT = 0
    GS_SELL = 1
    GS_RAID = 2
    GS_MISSION = 3
    GS_RUMOR = 4
    GS_LARGE_PARTY = 5
    N_GLORY_SOURCES = 6

cdef enum:  # Activity               # Visit.done entries
    ACT_SELL = 0
    ACT_BUY = 1
    ACT_RECRUIT = 2
    ACT_RUMOR = 3
    ACT_MISSION = 4
    ACT_STASH = 5
    ACT_FORM = 6
    ACT_REPAIR = 7
    ACT_RESTORE = 8
    ACT_EQUIPMENT = 9
    ACT_END = 10
    ACT_WEAPON = 16               # + weapon index: "weapon:<id>"
    ACT_SELL_WEAPON = 32          # + weapon index: "sell_weapon:<id>"

cdef struct CPlayer:
    int seat
    int hero                      # hero id index | NONE
    bint has_party
    CParty party
    int region                    # | NONE
    bint in_tavern
    int gold
    int stash
    int deposits
    int glory
    int n_goods
    int goods[MAX_CARDS]          # goods card indices
    int n_hand
    int hand[MAX_GLORY]           # glory id indices
    int n_followers
    int followers[MAX_GLORY]
    int n_weapons
    int weapons[MAX_WEAPON_TOKENS]
    int bounty[MAX_RACES]         # markers | ABSENT
    int n_rumors
    int rumors[MAX_RUMORS]
    int n_missions
    int missions[MAX_MISSIONS]
    bint large_formed
    int actions
    int n_explored
    int explored_kind[MAX_EXPLORED]     # T_*
    int explored_target[MAX_EXPLORED]
    bint visited
    int free_moves
    bint free_repair
    int turns
    bint has_last_buy
    int last_buy_turn
    int last_buy_region
    int n_heroes
    int heroes[MAX_HEROES]
    int start_party               # party kind index | NONE
    int deaths
    int glory_src[N_GLORY_SOURCES]      # 0 = key absent (counts only grow)
    int used[MAX_SYMS]                  # by symbol (content.sym of an id); 0 = absent
    int n_gold_rounds
    int gold_rounds[MAX_EVENTS]


cdef struct CNpc:
    int region                    # | NONE
    bint has_party
    CParty party
    int gold


cdef struct CVisit:
    int region
    int n_done
    int done[MAX_DONE]            # Activity codes
    bint selling
    int sold_demanded
    int n_offer
    int offer[MAX_CARDS]
    int prices[MAX_GOODS]         # by good | ABSENT
    int bonus_draw


cdef struct CState:
    int n_players
    int order[MAX_PLAYERS]
    CPlayer players[MAX_PLAYERS]
    int n_npcs
    CNpc npcs[MAX_NPCS]           # in content order (Rules.npcs)
    MT rng[NSTREAMS]              # Stream order
    int phase
    int end_reason                # EndReason | NONE
    int round
    int turn_pos
    int max_rounds                # | NONE
    int n_goods_deck
    int goods_deck[MAX_CARDS]
    int n_goods_discard
    int goods_discard[MAX_CARDS]
    int n_glory_deck
    int glory_deck[MAX_GLORY]
    int n_glory_discard
    int glory_discard[MAX_GLORY]
    int n_hero_deck
    int hero_deck[MAX_HEROES]
    int n_hero_discard
    int hero_discard[MAX_HEROES]
    int n_event_deck
    int event_deck[MAX_EVENTS]
    int n_event_discard
    int event_discard[MAX_EVENTS]
    int n_mission_deck
    int mission_deck[MAX_MISSIONS]
    int n_mission_discard
    int mission_discard[MAX_MISSIONS]
    int n_missions_up
    int missions_up[MAX_MISSIONS]
    int n_rumor_deck
    int rumor_deck[MAX_RUMORS]
    int n_rumor_discard
    int rumor_discard[MAX_RUMORS]
    int demand[MAX_REGIONS]       # good | NONE | ABSENT
    int n_marker_pool
    int marker_pool[MAX_MARKERS]  # goods
    int tavern_eq[MAX_REGIONS]    # equipment id | NONE | ABSENT
    int n_eq_revealed
    int eq_revealed[MAX_REGIONS]
    int n_eq_reserve
    int eq_reserve[MAX_EQUIPMENT]
    int weapon_supply[MAX_WEAPONS]
    int explorers[MAX_REGIONS]    # token | NONE | ABSENT
    int n_explorer_track
    int explorer_track[MAX_EXPLORERS]
    int n_active
    int active_event[MAX_ACTIVE]
    int active_duration[MAX_ACTIVE]     # Duration
    int n_pending
    CDecision pending[MAX_PENDING]      # the last is the decision owed now
    CCombat combat                # .active: state.combat is not None
    CRaid raid                    # .active: state.raid is not None
    bint has_visit
    CVisit visit
    int announced                 # seat | NONE
    bint in_turn


# --- actions ----------------------------------------------------------------------------
# kind: engine/actions.ActionKind in declaration order; args as ints (convert.pyx):
#   choose_party/form_party: a=party  combat_choice: a=mode b=weapon|NONE c=glory|NONE
#   capture: a=take  raid/amnesty: a=race  raid_discard/raid_swap: a=goods card
#   reroll/discard_glory: a=glory  flee_strike/block_hit: a=equipment b=use  loot/sell/buy/
#   discard_goods: a=good  place_equipment/move: a=region  explore: a=T_* b=target
#   complete_mission/take_mission: a=mission  repair/recruit/stash: a=number
#   restore/swap_equipment: a=equipment  buy_weapon/sell_weapon: a=weapon
#   play_glory: a=glory b=good|NONE
# <gen:action-kinds> generated from caravans/declarations.py by scripts/gen_declarations.py: do not edit
cdef enum:  # ActionKindC
    AK_CHOOSE_PARTY = 0
    AK_COMBAT_CHOICE = 1
    AK_CAPTURE = 2
    AK_RAID = 3
    AK_DELVE = 4
    AK_RAID_DRAW = 5
    AK_RAID_DISCARD = 6
    AK_RAID_SWAP = 7
    AK_RAID_END = 8
    AK_REROLL = 9
    AK_ACCEPT = 10
    AK_DISCARD_GLORY = 11
    AK_ATTACK = 12
    AK_LET_GO = 13
    AK_FLEE_STRIKE = 14
    AK_LOOT = 15
    AK_LOOT_END = 16
    AK_KEEP_HERO = 17
    AK_REDRAW_HERO = 18
    AK_AMNESTY = 19
    AK_PLACE_EQUIPMENT = 20
    AK_MOVE = 21
    AK_ENTER_TAVERN = 22
    AK_LEAVE_TAVERN = 23
    AK_EXPLORE = 24
    AK_COMPLETE_MISSION = 25
    AK_TAVERN = 26
    AK_SELL = 27
    AK_BUY_GOODS = 28
    AK_BUY = 29
    AK_FORM_PARTY = 30
    AK_REPAIR = 31
    AK_RESTORE = 32
    AK_BUY_EQUIPMENT = 33
    AK_SWAP_EQUIPMENT = 34
    AK_BUY_WEAPON = 35
    AK_SELL_WEAPON = 36
    AK_RECRUIT = 37
    AK_HEAR_RUMOR = 38
    AK_TAKE_MISSION = 39
    AK_STASH = 40
    AK_END_VISIT = 41
    AK_PLAY_GLORY = 42
    AK_DISCARD_GOODS = 43
    AK_END_TURN = 44
    AK_BLOCK_HIT = 45
    N_ACTION_KINDS = 46
# </gen:action-kinds>

cdef enum:
    MAX_ACTIONS = 512             # legal actions of one position
    NOT_PORTED = -100             # a rule function's answer: this part is not in C yet

cdef struct CAction:
    int kind
    int a
    int b
    int c
