"""Scores of a heuristic player's own turn: moving, exploring, the tavern's activities,
the stash, glory cards; in gold-equivalents, ending the turn or the visit scores 0.

Movement scores the change in the pull of the seat's goals (plan.py); exploring scores
the expected value of the target (value.py); trade and the armory score their profit.
"""

from __future__ import annotations

from toolkit.floats import add_up
from toolkit.games.caravans.agents.decisions import glory_card_value, party_pref
from toolkit.games.caravans.agents.gear import equipment_value, weapon_use, will_upgrade
from toolkit.games.caravans.agents.plan import price_stats, step_score
from toolkit.games.caravans.agents.value import explorer_value, fight_value, mission_value, rumor_value
from toolkit.games.caravans.engine.armory import form_cost, repair_cost, restore_cost
from toolkit.games.caravans.engine.tavern import recruit_cost

WASTED_ACTION = 0.5  # an action spent for nothing scores a little below ending the turn


# --- moving and exploring ---------------------------------------------------------------
def move(v, args) -> float:
    return step_score(v, args[0], False)


def enter_tavern(v, args) -> float:
    return step_score(v, v.me.region, True)


def leave_tavern(v, args) -> float:
    return step_score(v, v.me.region, False)


def explore(v, args) -> float:
    kind, target = args
    if kind == "player":
        return fight_value(v, f"p{target}")
    if kind == "npc":
        return fight_value(v, f"n:{target}")
    if kind == "explorer":
        return explorer_value(v, v.me.region)
    return rumor_value(v) * v.chance("perception")


def complete_mission(v, args) -> float:
    return mission_value(v, args[0]) + v.w["glory"]


def open_tavern(v, args) -> float:
    """The tavern action is worth its best goal here."""
    here = [value for region, where, value in v.goals
            if region == v.me.region and where == "tavern"]
    return max(here, default=0.0) - WASTED_ACTION


# --- trade ------------------------------------------------------------------------------
def sell(v, args) -> float:
    good = args[0]
    here = v.me.region
    sell_rules = v.game.sell
    from toolkit.games.caravans.engine.tavern import price
    if v.obs.demand.get(here) == good:
        held = v.goods[good] + v.obs.visit.sold_demanded
        bonus = v.w["glory"] / held if held >= sell_rules.glory_min_demanded else 0.0
        return price(v.obs, good, True) + v.w["sell_demanded"] + bonus
    gold = price(v.obs, good, False)
    return gold * (0.5 + v.w["sell_other"]) - 0.9 * v.sale_value(good, here)


def buy_goods(v, args) -> float:
    prices = v.game.buy.prices.values()
    if v.room <= 0 or v.me.gold < v.w["gold_reserve"] + min(prices):
        return -1.0
    return v.w["buy_margin"] * min(v.room, 3)


def buy(v, args) -> float:
    good = args[0]
    cost = v.obs.visit.prices[good]
    if v.room <= 0:
        return -5.0
    worth = v.sale_value(good, v.me.region) + _delivery_bonus(v, good)
    short = max(0.0, v.w["gold_reserve"] - (v.me.gold - cost))
    return v.w["buy_margin"] * (worth - cost) - short


def _delivery_bonus(v, good: str) -> float:
    bonus = 0.0
    for mission in v.me.missions:
        deliver = v.c.missions[mission].deliver
        if deliver is not None and deliver.good == good and v.goods[good] < deliver.count:
            bonus += (v.w["glory"] + v.c.missions[mission].gold) / deliver.count
    return bonus * v.w["mission"]


def discard_goods(v, args) -> float:
    """Outside a tavern the excess must go: the least valuable first. In a tavern, after
    its tavern action, make room to leave (the cheapest card first)."""
    if v.me.in_tavern and v.me.visited and v.me.actions > 0:
        return 2.0 - 0.1 * v.sale_value(args[0])
    return -v.sale_value(args[0])


# --- the armory -------------------------------------------------------------------------
def form_party(v, args) -> float:
    kind = args[0]
    cost = form_cost(v.obs, v.seat, kind)
    card = v.c.parties[kind]
    glory = v.w["glory"] if card.size == "large" and not v.me.large_formed else 0.0
    short = max(0.0, v.w["gold_reserve"] - (v.me.gold - cost))
    gain = party_pref(v, kind) - party_pref(v, v.me.party.kind) + glory
    kept = v.me.party.flipped  # the old party's equipment goes back to the taverns
    lost = add_up(equipment_value(v, e, e in kept) for e in v.me.party.equipment)
    return gain - v.w["gold"] * cost - short - 0.5 * lost


def repair(v, args) -> float:
    return v.w["repair"] * args[0] - v.w["gold"] * repair_cost(v.obs, v.seat, args[0])


def restore(v, args) -> float:
    """Turn a used amulet face up: one more hit it can cancel, plus the token's worth."""
    cost = restore_cost(v.obs, args[0])
    short = max(0.0, v.w["gold_reserve"] - (v.me.gold - cost))
    return equipment_value(v, args[0]) - equipment_value(v, args[0], flipped=True) \
        - v.w["gold"] * cost - short


def buy_equipment(v, args) -> float:
    cost = v.game.armory.equipment_cost
    short = max(0.0, v.w["gold_reserve"] - (v.me.gold - cost))
    token = v.obs.tavern_eq.get(v.me.region)
    worth = equipment_value(v, token) if isinstance(token, str) else v.w["equipment"]
    if will_upgrade(v):  # a token bought now is left behind with the small party
        worth *= 0.5
    return worth - v.w["gold"] * cost - short


def swap_equipment(v, args) -> float:
    """At Nightshade: the tavern's token for one of ours, at the token's price. It pays
    only when ours is worth less than nothing to us (buying keeps both)."""
    cost = v.game.armory.equipment_cost
    token = v.obs.tavern_eq.get(v.me.region)
    worth = equipment_value(v, token) if isinstance(token, str) else v.w["equipment"]
    mine = equipment_value(v, args[0], flipped=args[0] in v.me.party.flipped)
    short = max(0.0, v.w["gold_reserve"] - (v.me.gold - cost))
    return worth - mine - v.w["gold"] * cost - short


def buy_weapon(v, args) -> float:
    cost = v.game.armory.weapon_cost
    short = max(0.0, v.w["gold_reserve"] - (v.me.gold - cost))
    return v.w["weapon"] - v.w["gold"] * cost - short


def sell_weapon(v, args) -> float:
    """The resale gold against the weapon's use to this party: weapons serve war bands
    that fight; a gold piece that completes a stash point at home is worth that point."""
    resale = v.game.armory.weapon_resale
    gold = v.w["gold"] * resale + _stash_step(v, resale)
    if v.me.gold < v.w["gold_reserve"]:
        gold += 0.5 * min(resale, v.w["gold_reserve"] - v.me.gold)
    return gold - weapon_use(v)


def _stash_step(v, extra: int) -> float:
    """Stash points that `extra` more gold would buy at home this visit."""
    rules = v.game.stash
    if v.me.region != v.home or v.stash_room <= 0 or "stash" in v.obs.visit.done:
        return 0.0
    per = rules.gold_per_point
    usable = max(0, v.me.gold - v.w["stash_keep"])
    points = (usable + extra) // per - usable // per
    return min(points, v.stash_room) * v.w["glory"] * v.w["stash"]


def recruit(v, args) -> float:
    n = args[0]
    free = v.game.recruit.free_without_check
    gain = min(n, free) + (n - free) * v.chance("leadership") if n > free else n
    return v.w["recruit"] * gain - v.w["gold"] * recruit_cost(v.obs, v.seat, n) * gain / n


def _buy_draw(v, extra: int) -> float:
    """More goods to choose from when buying now: worth the buy itself (the card can only
    be played before it) plus a share of a card's margin per extra card drawn."""
    if v.obs.visit is None or v.room <= 0:
        return -1.0
    now = buy_goods(v, ())
    if now <= 0.0:
        return -1.0
    mean_price, _ = price_stats(v.rules)
    margin = (v.game.sell.demanded_price + v.game.sell.price) / 2 - mean_price
    return now + extra * v.w["buy_margin"] * margin * 0.75


# --- adventures and the stash -----------------------------------------------------------
def hear_rumor(v, args) -> float:
    held = len(v.me.rumors)
    return rumor_value(v) * v.chance("influence") * (0.5 if held else 1.0) - held


def take_mission(v, args) -> float:
    mission = args[0]
    target = v.c.missions[mission].target
    fade = v.w["travel_decay"] ** v.dist(v.me.region, target)
    return mission_value(v, mission) * v.chance("influence") * fade


def stash(v, args) -> float:
    """STASH (gold): the points the deposit adds (10 gold a point, at most 5 in all)."""
    cost = args[0]
    rules = v.game.stash
    before = min(v.me.stash // rules.gold_per_point, rules.max_points)
    points = min((v.me.stash + cost) // rules.gold_per_point, rules.max_points) - before
    gain = points * v.w["glory"] * v.w["stash"] - v.w["gold"] * cost
    if v.glory_total + points >= v.game.glory_to_win:
        gain += 3 * v.w["glory"]
    if v.glory_total + points >= v.game.glory_to_win:
        return gain
    short = max(0.0, v.w["stash_keep"] - (v.me.gold - cost))
    return gain - WORKING_CAPITAL * short


WORKING_CAPITAL = 4.0  # a gold piece stashed below `stash_keep` costs this much: a party
# left with nothing to trade, repair or recruit with earns no more glory (issue #12)


def play_glory(v, args) -> float:
    card, good = args
    if v.c.glory_cards[card].type == "follower":
        return v.w["glory_cards"] * glory_card_value(v, card)
    score = 0.0
    for op, p in v.rules.effects.get(card, ()):
        if op == "extra_action":
            score += 3.0 if v.me.actions <= 1 and v.goals else -1.0
        elif op == "gain_gold":
            score += p.amount
        elif op == "free_recruit":
            score += v.w["recruit"] * min(p.mercenaries, v.missing_mercenaries)
        elif op == "buy_draw":
            score += _buy_draw(v, p.by)
        elif op == "sell_at_demand":
            cards = min(p.cards, v.goods.get(good, 0))
            score += cards * (v.game.sell.demanded_price - v.sale_value(good))
    return v.w["glory_cards"] * score - glory_card_value(v, card)
