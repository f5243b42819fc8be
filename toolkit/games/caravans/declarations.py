"""The mechanical parts of Caravans & Brigands, declared once: the action kinds, the hooks
at which effects are asked for, and the effect operations with their codes and hooks.

Both sides of the game are written from these tables by `scripts/gen_declarations.py`
(`--check`: exit 1 when a generated part is stale; tests/native/test_declarations.py runs
it): the Python engine's `ActionKind` enum (engine/actions.py) and its table of the hooks
of every operation (`OP_HOOKS`, engine/effects.py), and the compiled core's constants
(`AK_*` in core/layout.pxd, `OP_*` and `HOOK_*` in core/ops.pxd, the `CODES` and `HOOKS`
dicts of core/ops.pyx, the argument specs `ARGS` of core/codec.pyx). The rules themselves
stay hand-written in both (an operation's handler in the engine, its twin in core/ops_*.pyx):
what is declared here is names, codes, argument encodings and hooks.

A code is a position in its table: add a new entry at the END of a table (a code that
moves would make the compiled core, until it is rebuilt, read one kind as another), then
run `python scripts/gen_declarations.py` and `python scripts/stamp_mirrors.py` once the
core's part is written. This module imports nothing.
"""

# ACTION_KINDS: (name, python args, core args, comment). The code of a kind is its index.
#   python args: what `Action.args` holds (the comment of the enum member)
#   core args: how core/codec.pyx encodes each arg as an int of CAction (a, b, c):
#     a content kind ("party", "good", ...): its index in the content; with "?": "" is NONE
#     "int" / "bool": as is; "mode": ranged|melee|flee; "tkind"/"target": an explore target
ACTION_KINDS = (
    # setup and decisions
    ("choose_party", "(party_id,)", ("party",), ""),
    ("combat_choice", '(mode "ranged"|"melee"|"flee", weapon_id|"", glory_id|"")',
     ("mode", "weapon?", "glory_card?"), ""),
    ("capture", "(take: bool,)", ("bool",), ""),
    ("raid", "(bounty_race,)", ("race",), "after finding an explorer"),
    ("delve", "()", (), "after finding an explorer"),
    ("raid_draw", "()", (), ""),
    ("raid_discard", "(goods_card_index,)", ("int",), ""),
    ("raid_swap", "(goods_card_index,)", ("int",), ""),
    ("raid_end", "()", (), ""),
    ("reroll", "(glory_id,)", ("glory_card",), "after a failed skill check"),
    ("accept", "()", (), "keep the failed check"),
    ("discard_glory", "(glory_id,)", ("glory_card",), "over the hand limit"),
    ("attack", "()", (), "fight the player or NPC found"),
    ("let_go", "()", (), "leave a found target alone"),
    ("flee_strike", "(equipment_id, use: bool)", ("equipment", "bool"), "the orb on a flight"),
    ("loot", "(good_id,)", ("good",), "take one of the beaten's goods"),
    ("loot_end", "()", (), "leave the rest"),
    ("keep_hero", "()", (), "keep a hero whose home is raided"),
    ("redraw_hero", "()", (), "draw the next hero instead"),
    ("amnesty", "(race,)", ("race",), "remove one bounty marker"),
    ("place_equipment", "(tavern_region,)", ("region",), "a lost party's equipment"),
    # the turn
    ("move", "(region_id,)", ("region",), ""),
    ("enter_tavern", "()", (), ""),
    ("leave_tavern", "()", (), ""),
    ("explore", '(target_kind "player"|"npc"|"explorer"|"rumor", target_id)',
     ("tkind", "target"), ""),
    ("complete_mission", "(mission_id,)", ("mission",), ""),
    ("tavern", "()", (), "opens the tavern action (costs 1 action)"),
    ("sell", "(good_id,)", ("good",), "one card"),
    ("buy_goods", "()", (), "draws the offer"),
    ("buy", "(good_id,)", ("good",), "one card of the offer"),
    ("form_party", "(party_id,)", ("party",), ""),
    ("repair", "(points,)", ("int",), ""),
    ("restore", "(equipment_id,)", ("equipment",), "turn a used amulet face up"),
    ("buy_equipment", "()", (), "the token of this tavern"),
    ("swap_equipment", "(own_equipment_id,)", ("equipment",), "Nightshade only"),
    ("buy_weapon", "(weapon_id,)", ("weapon",), ""),
    ("sell_weapon", "(weapon_id,)", ("weapon",), ""),
    ("recruit", "(mercenaries,)", ("int",), ""),
    ("hear_rumor", "()", (), ""),
    ("take_mission", "(mission_id,)", ("mission",), ""),
    ("stash", "(gold,)", ("int",), ""),
    ("end_visit", "()", (), ""),
    ("play_glory", "(glory_id, arg)", ("glory_card", "good?"),
     'arg: good_id for sell_at_demand, else ""'),
    ("discard_goods", "(good_id,)", ("good",), "only while over cargo"),
    ("end_turn", "()", (), ""),
    # decisions added since (a new kind goes last: see above)
    ("block_hit", "(equipment_id, use: bool)", ("equipment", "bool"),
     "the amulet on a located hit"),
)
# where the enum's comment lines go: the kind that starts each section
ACTION_SECTIONS = {"choose_party": "setup and decisions", "move": "the turn"}

# HOOKS: the named points at which the engine asks for effects; the core's HOOK_* bit of a
# hook is 1 << its index.
HOOKS = (
    "party_max", "hero_stat", "dice", "cancel", "flee", "pre_melee", "pre_ranged",
    "ranged_win", "melee_choice", "ignore", "buy_draw", "free_moves", "enter_wanted",
    "recruit_discount", "raid_bonus", "free_repair", "reroll", "contest", "play", "event",
    "war", "sell_bonus", "rumor_free", "treasure", "toll",
)

# OPS: (name, core name, hooks, core params). The code of an operation is its index.
#   name: the op of content/ops.py (its params model, kinds and rules text live there)
#   core name: the OP_* constant's suffix
#   core params: how core/ops.pyx `_params` encodes the params as ints (a, b, c, regions)
OPS = (
    ("modify_stat", "MODIFY_STAT", ("party_max",), "a=stat (S_*)  b=by  c=fill"),
    ("modify_hero_stat", "MODIFY_HERO_STAT", ("hero_stat",), "a=stat (H_*)  b=by"),
    ("extra_die", "EXTRA_DIE", ("dice",), "a=check (CHK_*)  b=dice"),
    ("cancel_hit", "CANCEL_HIT", ("cancel",), "a=hits  b=restore_cost (NONE)"),
    ("flee_strike", "FLEE_STRIKE", ("flee",), "a=hits"),
    ("pre_melee_strike", "PRE_MELEE_STRIKE", ("pre_melee",), "a=dice"),
    ("volley", "VOLLEY", ("pre_ranged",), "-"),
    ("redirect_hits", "REDIRECT_HITS", ("ranged_win",), "a=location (S_*)"),
    ("melee_boost", "MELEE_BOOST", ("melee_choice",), "a=dice  b=no_flee"),
    ("ignore_event", "IGNORE_EVENT", ("ignore",), "a=event kind (EV_*)"),
    ("buy_draw", "BUY_DRAW", ("buy_draw", "play"), "a=by"),
    ("free_move", "FREE_MOVE", ("free_moves",), "a=per_turn"),
    ("enter_wanted_taverns", "ENTER_WANTED", ("enter_wanted",), "-"),
    ("recruit_discount", "RECRUIT_DISCOUNT", ("recruit_discount",), "a=percent"),
    ("raid_bonus", "RAID_BONUS", ("raid_bonus",), "a=gold_per_card"),
    ("free_repair", "FREE_REPAIR", ("free_repair",), "a=points"),
    ("reroll_check", "REROLL_CHECK", ("reroll",), "-"),
    ("combat_dice", "COMBAT_DICE", ("contest",), "a=dice"),
    ("extra_action", "EXTRA_ACTION", ("play",), "a=actions"),
    ("sell_at_demand", "SELL_AT_DEMAND", ("play",), "a=cards"),
    ("free_recruit", "FREE_RECRUIT", ("play",), "a=mercenaries"),
    ("gain_gold", "GAIN_GOLD", ("play", "event"), "a=amount"),
    ("npc_enter", "NPC_ENTER", ("event",), "a=npc  b=region (NONE: its start)"),
    ("move_npc", "MOVE_NPC", ("event",), 'a=npc  b=region (NONE: "target")'),
    ("storm", "STORM", ("event",), "a=hits  regions=bit mask of regions"),
    ("war", "WAR", ("war",), "a=race  b=race"),
    ("demand_shift", "DEMAND_SHIFT", ("event",), "a=tavern region"),
    ("market_boom", "MARKET_BOOM", ("sell_bonus",), "a=good  b=bonus"),
    ("plague", "PLAGUE", ("event",), "a=race  b=mercenaries"),
    ("rumor_no_check", "RUMOR_NO_CHECK", ("rumor_free",), "-"),
    ("treasure", "TREASURE", ("treasure",), "a=region  b=multiplier"),
    ("amnesty", "AMNESTY", ("event",), "a=remove"),
    ("tolls", "TOLLS", ("toll",), "a=gold"),
)
