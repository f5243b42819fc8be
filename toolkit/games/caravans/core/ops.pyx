# cython: language_level=3, boundscheck=False, wraparound=False
# mirrors: toolkit/games/caravans/engine/effects.py sha256:832bf26958b8b46c
"""Compile a Rules' card effects into the C table of ops.pxd (once per content).

`compile_ops(&table, rules)` returns None, or the one-line reason the core cannot run the
content (an op it does not know, a table too large): the Python engine then runs."""

from libc.stdlib cimport malloc, free
from libc.string cimport memset

from toolkit.games.caravans.engine.rules import HERO_STATS, PARTY_STATS

# <gen:op-names> generated from caravans/declarations.py by scripts/gen_declarations.py: do not edit
CODES = {
    "modify_stat": OP_MODIFY_STAT, "modify_hero_stat": OP_MODIFY_HERO_STAT,
    "extra_die": OP_EXTRA_DIE, "cancel_hit": OP_CANCEL_HIT, "flee_strike": OP_FLEE_STRIKE,
    "pre_melee_strike": OP_PRE_MELEE_STRIKE, "volley": OP_VOLLEY,
    "redirect_hits": OP_REDIRECT_HITS, "melee_boost": OP_MELEE_BOOST,
    "ignore_event": OP_IGNORE_EVENT, "buy_draw": OP_BUY_DRAW, "free_move": OP_FREE_MOVE,
    "enter_wanted_taverns": OP_ENTER_WANTED, "recruit_discount": OP_RECRUIT_DISCOUNT,
    "raid_bonus": OP_RAID_BONUS, "free_repair": OP_FREE_REPAIR,
    "reroll_check": OP_REROLL_CHECK, "combat_dice": OP_COMBAT_DICE,
    "extra_action": OP_EXTRA_ACTION, "sell_at_demand": OP_SELL_AT_DEMAND,
    "free_recruit": OP_FREE_RECRUIT, "gain_gold": OP_GAIN_GOLD, "npc_enter": OP_NPC_ENTER,
    "move_npc": OP_MOVE_NPC, "storm": OP_STORM, "war": OP_WAR,
    "demand_shift": OP_DEMAND_SHIFT, "market_boom": OP_MARKET_BOOM, "plague": OP_PLAGUE,
    "rumor_no_check": OP_RUMOR_NO_CHECK, "treasure": OP_TREASURE, "amnesty": OP_AMNESTY,
    "tolls": OP_TOLLS,
}

HOOKS = {
    "party_max": HOOK_PARTY_MAX, "hero_stat": HOOK_HERO_STAT, "dice": HOOK_DICE,
    "cancel": HOOK_CANCEL, "flee": HOOK_FLEE, "pre_melee": HOOK_PRE_MELEE,
    "pre_ranged": HOOK_PRE_RANGED, "ranged_win": HOOK_RANGED_WIN,
    "melee_choice": HOOK_MELEE_CHOICE, "ignore": HOOK_IGNORE, "buy_draw": HOOK_BUY_DRAW,
    "free_moves": HOOK_FREE_MOVES, "enter_wanted": HOOK_ENTER_WANTED,
    "recruit_discount": HOOK_RECRUIT_DISCOUNT, "raid_bonus": HOOK_RAID_BONUS,
    "free_repair": HOOK_FREE_REPAIR, "reroll": HOOK_REROLL, "contest": HOOK_CONTEST,
    "play": HOOK_PLAY, "event": HOOK_EVENT, "war": HOOK_WAR, "sell_bonus": HOOK_SELL_BONUS,
    "rumor_free": HOOK_RUMOR_FREE, "treasure": HOOK_TREASURE, "toll": HOOK_TOLL,
}
# </gen:op-names>

CHECKS = ("combat", "perception", "leadership", "influence", "ranged", "melee")
EVENT_KINDS = ("storm", "plague", "tolls", "war")


def source_ids(rules) -> list:
    """Every effect source id in the core's source order (heroes, glory cards, equipment,
    weapons, events, each in catalog order)."""
    c = rules.c
    return [*c.heroes, *c.glory_cards, *c.equipment, *c.weapons, *c.events]


def _none(index, value):
    return -1 if value is None else index[value]


def _params(op, p, rules):
    """(a, b, c, region mask) of one operation's params."""
    regions = {r: i for i, r in enumerate(rules.regions)}
    npcs = {n: i for i, n in enumerate(rules.npcs)}
    races = {r: i for i, r in enumerate(rules.races)}
    goods = {g: i for i, g in enumerate(rules.goods)}
    stats = {s: i for i, s in enumerate(PARTY_STATS)}
    if op == "modify_stat":
        return stats[p.stat], p.by, int(p.fill), 0
    if op == "modify_hero_stat":
        return HERO_STATS.index(p.stat), p.by, 0, 0
    if op == "extra_die":
        return CHECKS.index(p.check), p.dice, 0, 0
    if op == "cancel_hit":
        return p.hits, -1 if p.restore_cost is None else p.restore_cost, 0, 0
    if op == "redirect_hits":
        return stats[p.location], 0, 0, 0
    if op == "melee_boost":
        return p.dice, int(p.no_flee), 0, 0
    if op == "ignore_event":
        return EVENT_KINDS.index(p.event), 0, 0, 0
    if op == "npc_enter":
        return npcs[p.npc], _none(regions, p.region), 0, 0
    if op == "move_npc":
        return npcs[p.npc], -1 if p.toward == "target" else regions[p.toward], 0, 0
    if op == "storm":
        mask = 0
        for r in p.regions:
            mask |= 1 << regions[r]
        return p.hits, 0, 0, mask
    if op == "war":
        return races[p.races[0]], races[p.races[1]], 0, 0
    if op == "demand_shift":
        return regions[p.tavern], 0, 0, 0
    if op == "market_boom":
        return goods[p.good], p.bonus, 0, 0
    if op == "plague":
        return races[p.race], p.mercenaries, 0, 0
    if op == "treasure":
        return regions[p.region], p.multiplier, 0, 0
    values = [v for v in p.model_dump().values() if not isinstance(v, bool)]
    return (values[0] if values else 0), 0, 0, 0   # one int param (or none)


def _fight_bounds(rules):
    """The content's numbers against the fight structs' capacities (fight_layout.pxd)."""
    game = rules.game
    cancels = sum(1 for ops in rules.effects.values() if any(op == "cancel_hit" for op, _ in ops))
    for what, n, most in (
            ("dice in a roll", game.dice.count, 16),
            ("raid cards (draw plus one per die)", game.raid.draw + game.dice.count, 32),
            ("goods a party carries (stat cap)", game.combat.stat_cap, 32),
            ("equipment tokens (one party may hold them all)", len(rules.equipment), 16),
            ("cancel counters of a fight (two per hit-cancelling card)", 2 * cancels, 32)):
        if n > most:
            return f"{n} {what}; the compiled core holds at most {most}"
    return None


cdef str compile_ops(COps* out, object rules):
    from toolkit.games.caravans.engine import effects   # the hooks of each op (registry)
    import toolkit.games.caravans.engine                # registers every handler
    memset(out, 0, sizeof(COps))
    c = rules.c
    ids = source_ids(rules)
    if len(set(ids)) != len(ids):
        return "a card id is shared by two kinds of effect source"
    if len(ids) > OPS_MAX_SRC:
        return f"more than {OPS_MAX_SRC} effect sources"
    if len(rules.regions) > OPS_MAX_REGIONS:
        return f"more than {OPS_MAX_REGIONS} regions"
    why = _fight_bounds(rules)
    if why:
        return why
    out.hero0 = 0
    out.glory0 = len(c.heroes)
    out.equip0 = out.glory0 + len(c.glory_cards)
    out.weapon0 = out.equip0 + len(c.equipment)
    out.event0 = out.weapon0 + len(c.weapons)
    out.n_src = len(ids)
    cdef int n = 0, s, hooks
    for s, src in enumerate(ids):
        out.first[s] = n
        for op, params in rules.effects.get(src, ()):
            if op not in CODES or op not in effects.HANDLERS:
                return f"effect operation {op!r} is not in the compiled core"
            if n >= OPS_MAX:
                return f"more than {OPS_MAX} effect operations"
            hooks = 0
            for hook in effects.HANDLERS[op][0]:
                hooks |= HOOKS[hook]
            a, b, cc, mask = _params(op, params, rules)
            out.ops[n].op, out.ops[n].hooks = CODES[op], hooks
            out.ops[n].a, out.ops[n].b, out.ops[n].c = a, b, cc
            out.ops[n].regions = mask
            out.hooks_of[s] |= hooks
            n += 1
    out.first[out.n_src] = n
    out.n_ops = n
    return None


def refusal(rules):
    """Why the core cannot run this content's effects (None: it can); for tests and for
    a one-line message."""
    cdef COps* table = <COps*>malloc(sizeof(COps))
    if table == NULL:
        raise MemoryError()
    try:
        return compile_ops(table, rules)
    finally:
        free(table)
