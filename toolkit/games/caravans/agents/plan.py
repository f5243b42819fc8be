"""Where a heuristic player wants to be: goals on the board and the pull they exert.

A goal is (region, where, value): `where` is "tavern" (inside, for a visit), "out" (in the
open, to explore) or "any". The pull of a position is the best goal value faded by the
style's `travel_decay` per action needed to get there (moves along shortest paths on the
region graph, plus entering or leaving the tavern). Movement actions score the change of
pull they bring.
"""

from __future__ import annotations

from functools import lru_cache
from statistics import mean

from toolkit.games.caravans.agents.fingerprint import goal_key
from toolkit.games.caravans.agents.goalpull import WHERE
from toolkit.games.caravans.agents.tables import board_of
from toolkit.native import load
from toolkit.games.caravans.agents.value import explorer_value, fight_value, mission_value, rumor_value

# the pull kernel: compiled goalpull_c when built, else the Python reference goalpull
goalpull = load("toolkit.games.caravans.agents.goalpull_c",
                "toolkit.games.caravans.agents.goalpull")


def goals(v) -> list[tuple[str, str, float]]:
    """The seat's goals, the best value (gold-equivalents, before distance) per position."""
    if v.me.hero is None or v.me.region is None:
        return []
    return _here(v, kept(v).found)


def ranked(v) -> list[tuple[str, str, float]]:
    """goals(v), highest value first (a stable sort: equal values keep their order)."""
    if v.me.hero is None or v.me.region is None:
        return []
    return _here(v, kept(v).ranked)


class Kept:
    """The goals of one derivation, before the last step of goals(): as found, ranked best
    first, and ranked as flat data for the pull kernel (goalpull; built on first use)."""

    __slots__ = ("found", "ranked", "flat")

    def __init__(self, found: list):
        self.found = found
        self.ranked = sorted(found, key=_value_desc)
        self.flat = None

    def kernel(self, v):
        if self.flat is None:
            index = board_of(v.rules).index
            ranked = self.ranked
            self.flat = goalpull.Goals([index[g[0]] for g in ranked],
                                       [WHERE[g[1]] for g in ranked],
                                       [g[2] for g in ranked], _fades(v.w["travel_decay"]))
        return self.flat


def kept(v) -> Kept:
    """The seat's goals derived afresh, or the ones the agent kept from an earlier decision
    when nothing they read has changed (`v.cache`, see fingerprint.py)."""
    found = v.memo.get("goals")
    if found is not None:
        return found
    cache = v.cache
    if cache is None:
        found = v.memo["goals"] = Kept(derive(v))
        return found
    key = goal_key(v)
    if cache.get("key") != key:
        cache["key"], cache["goals"] = key, Kept(derive(v))
    found = v.memo["goals"] = cache["goals"]
    return found


def _value_desc(goal) -> float:
    return -goal[2]


def _here(v, found: list) -> list:
    """One tavern action per turn: once visited, this tavern can wait for the next turn."""
    if v.me.visited:
        here = v.me.region
        return [g for g in found if g[0] != here or g[1] != "tavern"]
    return list(found)


def derive(v) -> list[tuple[str, str, float]]:
    """Every goal of the seat, the best value per position, in the order first found."""
    found = []
    found += _trade_goals(v)
    found += _upkeep_goals(v)
    found += _adventure_goals(v)
    found += _hunt_goals(v)
    best: dict[tuple[str, str], float] = {}
    get = best.get
    for region, where, value in found:
        if value > 0.0 and value > get((region, where), 0.0):
            best[region, where] = value
    return [(region, where, value) for (region, where), value in best.items()]


def _trade_goals(v) -> list:
    w, sell = v.w, v.game.sell
    found = []
    for tavern in v.open_taverns:
        good = v.obs.demand.get(tavern)
        held = v.goods.get(good, 0)
        if held:
            gain = held * (sell.demanded_price - sell.price + w["sell_demanded"])
            if held >= sell.glory_min_demanded:
                gain += w["glory"]
            found.append((tavern, "tavern", w["trade_goal"] * gain))
    mean_price, max_price = price_stats(v.rules)
    margin = (sell.demanded_price + sell.price) / 2 - mean_price
    if v.room > 0 and v.me.gold >= w["gold_reserve"] + max_price:
        gain = w["trade_goal"] * w["buy_margin"] * min(v.room, 3) * margin * 0.5
        if gain > 0.0:
            found += [(t, "tavern", gain) for t in v.open_taverns]
    return found


@lru_cache(maxsize=16)
def price_stats(rules) -> tuple:
    """(mean, highest) buying price of a goods card, from game.yaml."""
    prices = list(rules.game.buy.prices.values())
    return mean(prices), max(prices)


def _upkeep_goals(v) -> list:
    w, me = v.w, v.me
    found = []
    per_point = v.game.stash.gold_per_point
    points = min(v.stash_room, int((me.gold - w["stash_keep"]) // per_point))
    if points > 0 and v.home:
        gain = points * w["glory"] * w["stash"] * w["home_goal"]
        if v.glory_total + points >= v.game.glory_to_win:
            gain += 3 * w["glory"]
        found.append((v.home, "tavern", gain))
    fix = min(v.damage * w["repair"], me.gold * w["repair"] / max(1, v.game.armory.repair))
    fix += min(v.missing_mercenaries, me.gold) * w["recruit"]
    if fix > 0:
        found += [(t, "tavern", fix) for t in v.open_taverns]
    return found


def _adventure_goals(v) -> list:
    w, me = v.w, v.me
    found = []
    for mission in me.missions:
        card = v.c.missions[mission]
        found.append((card.target, "any", w["adventure_goal"] * mission_value(v, mission)))
    for mission in v.obs.missions_up:
        card = v.c.missions[mission]
        if card.tavern in v.open_taverns:
            gain = mission_value(v, mission) * v.chance("influence") * 0.5
            found.append((card.tavern, "tavern", w["adventure_goal"] * gain))
    for rumor in me.rumors:
        region = v.c.rumors[rumor].region
        gain = rumor_value(v) * v.chance("perception")
        found.append((region, "out", w["adventure_goal"] * gain))
    if len(me.rumors) < 2:
        gain = w["adventure_goal"] * (rumor_value(v) * v.chance("influence") * 0.4)
        if gain > 0.0:
            found += [(t, "tavern", gain) for t in v.open_taverns]
    return found


def _hunt_goals(v) -> list:
    hunt, obs = v.w["hunt_goal"], v.obs
    found = []
    regions = [region for region, token in obs.explorers.items() if token is not None]
    if regions:
        gain = hunt * explorer_value(v, regions[0])  # the same for every explorer
        if gain > 0.0:  # goals() keeps only positive values
            found += [(region, "out", gain) for region in regions]
    for other in obs.players:
        if other.seat != v.seat and other.hero and other.region and not other.in_tavern:
            found.append((other.region, "out", hunt * fight_value(v, f"p{other.seat}")))
    for npc_id, npc in obs.npcs.items():
        if npc.region is not None:
            found.append((npc.region, "out", hunt * fight_value(v, f"n:{npc_id}")))
    return found


@lru_cache(maxsize=8)
def _fades(decay: float) -> tuple:
    return tuple(decay ** n for n in range(40))


def pull(v, region: str, inside: bool) -> float:
    """The best goal's value faded by the actions needed to reach it from the position
    (goalpull.Goals.best over the ranked goals), less the danger of standing outside."""
    me = v.me
    if me.hero is None or me.region is None:
        best = 0.0
    else:
        board = board_of(v.rules)
        index = board.index
        skip = index[me.region] if me.visited else -1  # goals(): visited, this tavern waits
        best = kept(v).kernel(v).best(board.dist, board.n, index[region], inside, skip)
    if not inside:
        best -= v.w["danger"] * v.patience * v.threat(region)
    return best


def step_score(v, region: str, inside: bool) -> float:
    """What moving to the position (region, inside) is worth against staying."""
    if "pull" not in v.memo:
        v.memo["pull"] = pull(v, v.me.region, v.me.in_tavern)
    return pull(v, region, inside) - v.memo["pull"]

