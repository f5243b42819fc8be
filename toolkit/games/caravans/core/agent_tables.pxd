# cython: language_level=3
"""Per-content tables of the compiled heuristic agents, built once per (Rules,
styles file) by agent_tables.pyx `agent_tables(content, styles)`: every style's weights
as an array (F_* = toolkit/games/caravans/agents/features.py FEATURES order), its fades
(travel_decay ** n), and the dice odds the Python agents take from odds.py/plan.py/value.py,
computed by that Python code itself so the C agents read the very same doubles."""

from toolkit.games.caravans.core.layout cimport MAX_NPCS, MAX_PARTY_KINDS

cdef enum:  # Feature (FEATURES order; agent_tables.pyx refuses a FEATURES that differs)
    F_GOLD = 0
    F_GLORY = 1
    F_GOLD_RESERVE = 2
    F_SELL_DEMANDED = 3
    F_SELL_OTHER = 4
    F_BUY_MARGIN = 5
    F_TRADE_GOAL = 6
    F_CARAVAN = 7
    F_WAR_BAND = 8
    F_LARGE = 9
    F_REPAIR = 10
    F_RECRUIT = 11
    F_EQUIPMENT = 12
    F_WEAPON = 13
    F_FIGHT_PLAYERS = 14
    F_FIGHT_NPCS = 15
    F_RAID = 16
    F_DELVE = 17
    F_HUNT_GOAL = 18
    F_BOUNTY = 19
    F_RISK = 20
    F_MIN_WIN_CHANCE = 21
    F_FLEE_BELOW = 22
    F_DANGER = 23
    F_MISSION = 24
    F_RUMOR = 25
    F_ADVENTURE_GOAL = 26
    F_STASH = 27
    F_STASH_KEEP = 28
    F_HOME_GOAL = 29
    F_GLORY_CARDS = 30
    F_TRAVEL_DECAY = 31
    F_NOISE = 32
    N_FEATURES = 33

cdef enum:
    MAX_STYLES = 32
    N_FADES = 40           # plan._fades: decay ** n for n < 40
    TD = 48                # dice counts the odds tables hold (0..TD); more -> computed in C
    FAR = 99               # tables.FAR: steps between regions with no path
    ROLE_OTHER = 0         # a party card's role
    ROLE_CARAVAN = 1
    ROLE_WAR_BAND = 2


cdef struct CStyle:
    double w[N_FEATURES]
    double fades[N_FADES]


cdef struct CAgentTables:
    int n_styles
    CStyle styles[MAX_STYLES]
    double skull_q                       # odds.skull_chance(faces)
    double at_least[TD + 1][TD + 2]      # odds.at_least(faces, n, need), need 0..n+1
    double contest3[TD + 1][TD + 1]      # round(odds.contest(faces, a, b), 3)
    double price_mean                    # plan.price_stats
    int price_max
    double npc_moves[MAX_NPCS]           # view.npc_moves by NPC index
    double raid_gold                     # value.raid_cards: mean gold of a non-ambush icon
    double raid_ambush                   # value.raid_cards: chance of an ambush
    double rumor_share                   # value.rumor_odds
    double rumor_gold
    double buy_draw_margin               # turns._buy_draw: (demanded + price) / 2 - mean
    int party_role[MAX_PARTY_KINDS]      # ROLE_*


cdef class AgentTables:
    cdef CAgentTables t
    cdef readonly tuple style_names      # index -> style name
    cdef readonly object content         # the core Content the tables belong to


cdef double at_least(const CAgentTables* T, int n, int need) noexcept nogil
cdef double contest3(const CAgentTables* T, int a, int b) noexcept nogil
cdef double race(double p, int need_mine, int need_theirs) noexcept nogil
