# cython: language_level=3
"""The content compiled once per Rules (engine/rules.py) into C arrays: ids as small ints
(kind order of the catalog, as layout.pxd says), the board (adjacency in board order,
distances), the game's numbers, the cards' data; the effects as ops.pxd's COps (op code, hooks, params).
`Content.r` is read by nogil code through a `const CRules*`."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.ops cimport COps

cdef enum:
    MAX_FACES = 12
    MAX_PRICES = 8
    MAX_STARTING = 8

cdef struct CRules:
    int n_players_min
    int n_players_max
    # board
    int n_regions
    int n_adj[MAX_REGIONS]
    int adj[MAX_REGIONS][MAX_ADJ]
    int dist[MAX_REGIONS][MAX_REGIONS]      # NONE: unreachable
    int region_race[MAX_REGIONS]            # race | NONE
    bint has_tavern[MAX_REGIONS]
    bint nightshade[MAX_REGIONS]
    int n_taverns
    int taverns[MAX_REGIONS]                # regions with a tavern, board order
    # dice
    int n_faces
    int faces[MAX_FACES]                    # SKULL = -1
    # goods
    int n_goods
    int n_cards
    int card_good[MAX_CARDS]
    int card_raid[MAX_CARDS]                # AMBUSH = -1
    # kinds
    int n_races
    int n_heroes                            # hero ids
    int hero_home[MAX_HEROES]
    int hero_race[MAX_HEROES]               # | NONE
    int hero_stats[MAX_HEROES][4]           # H_* order
    int n_parties
    int party_base[MAX_PARTY_KINDS][6]      # S_* order, shield = defense
    int party_cost[MAX_PARTY_KINDS]         # | NONE (not for sale)
    int party_resale[MAX_PARTY_KINDS]       # | NONE
    bint party_large[MAX_PARTY_KINDS]
    int party_hit[MAX_PARTY_KINDS][MAX_FACES + 1]   # die face value -> stat | NONE (defense)
    int n_starting
    int starting_parties[MAX_STARTING]
    int n_glory                             # glory card ids
    bint glory_follower[MAX_GLORY]
    int n_missions
    int mission_tavern[MAX_MISSIONS]
    int mission_target[MAX_MISSIONS]
    int mission_check_stat[MAX_MISSIONS]    # H_* | NONE
    int mission_check_need[MAX_MISSIONS]
    int mission_deliver_good[MAX_MISSIONS]  # | NONE
    int mission_deliver_count[MAX_MISSIONS]
    int mission_defeat[MAX_MISSIONS]        # npc | NONE
    int mission_gold[MAX_MISSIONS]
    int n_rumors
    int rumor_region[MAX_RUMORS]
    bint rumor_truth[MAX_RUMORS]
    int rumor_gold[MAX_RUMORS]
    int n_events
    int event_duration[MAX_EVENTS]          # Duration
    int n_equipment                         # equipment ids
    int n_weapons
    int weapon_copies[MAX_WEAPONS]
    int n_npcs
    int npc_race[MAX_NPCS]
    bint npc_brigand[MAX_NPCS]              # role brigand
    bint npc_patrol[MAX_NPCS]               # role patrol
    int npc_party[MAX_NPCS]
    int npc_start[MAX_NPCS]                 # region | NONE
    int npc_gold[MAX_NPCS]
    int npc_bounty_reward[MAX_NPCS]
    int npc_combat[MAX_NPCS]
    int npc_leadership[MAX_NPCS]
    int n_explorers                         # explorer tokens
    int explorer_race[MAX_EXPLORERS]
    int explorer_region[MAX_EXPLORERS]
    # decks (copies, in Rules order: the order setup shuffles)
    int n_hero_cards
    int hero_cards[MAX_HEROES]
    int n_glory_cards
    int glory_cards[MAX_GLORY]
    int n_event_cards
    int event_cards[MAX_EVENTS]
    int n_mission_cards
    int mission_cards[MAX_MISSIONS]
    int n_rumor_cards
    int rumor_cards[MAX_RUMORS]
    int n_eq_tokens
    int eq_tokens[MAX_EQUIPMENT]
    int n_markers
    int markers[MAX_MARKERS]
    # the game's numbers (game.yaml)
    int glory_to_win
    int actions_per_turn
    int glory_hand_limit
    int dice_count
    int starting_gold
    int starting_glory_cards
    int sell_price
    int sell_demanded_price
    int sell_glory_min_demanded
    int buy_draw
    int buy_repeat_draw
    int n_buy_prices
    int buy_price_n[MAX_PRICES]             # cards of one good in the offer, ascending
    int buy_price[MAX_PRICES]
    int armory_repair
    int armory_equipment_cost
    int armory_equipment_resale
    int armory_weapon_cost
    int armory_weapon_resale
    int armory_amulet_restore
    int recruit_cost
    int recruit_free_without_check
    int stash_gold_per_point
    int stash_max_points
    int raid_draw
    int raid_glory_gold
    int raid_fail_ambushes
    int delve_gold_per_skull
    int delve_fail_mercenaries
    int combat_agility_edge
    int combat_edge_dice
    int combat_stat_cap
    int bounty_markers_per_race
    int bounty_brigand_reward
    int track_glory
    int track_explorer
    int mission_slots
    int death_top_up_gold
    # symbols (Player.used keys): sym of each id by kind
    int n_syms
    int sym_hero[MAX_HEROES]
    int sym_glory[MAX_GLORY]
    int sym_party[MAX_PARTY_KINDS]
    int sym_equipment[MAX_EQUIPMENT]
    int sym_weapon[MAX_WEAPONS]
    int sym_mission[MAX_MISSIONS]
    int sym_rumor[MAX_RUMORS]


cdef class Content:
    cdef CRules r
    cdef COps ops                         # the effects (the fight side's ops.compile_ops)
    cdef readonly object rules              # the engine's Rules it was compiled from
    cdef readonly tuple regions, goods, races, heroes, parties, glory, missions, rumors
    cdef readonly tuple events, equipment, weapons, npcs, syms
    cdef readonly dict index                # kind -> {id: index}
    cdef readonly dict sym                  # id -> symbol
