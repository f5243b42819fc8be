"""Expected values, in gold-equivalents, of the opportunities a heuristic player weighs:
fighting a party, raiding or delving with an explorer, a mission, a rumor.

Each reads a View (the seat's observation plus its style) and the catalog's public card
lists (e.g. how many rumors are true overall), never hidden cards.
"""

from __future__ import annotations

from functools import lru_cache
from statistics import mean

from toolkit.games.caravans.agents.odds import at_least, expected_skulls
from toolkit.games.caravans.agents.tables import dice_for
from toolkit.games.caravans.engine.cards import bounty_reward, is_brigand
from toolkit.games.caravans.engine.party import party_of
from toolkit.games.caravans.engine.raid import raid_agility
from toolkit.games.caravans.engine.rules import AMBUSH


@lru_cache(maxsize=16)
def raid_cards(rules) -> tuple[float, float]:
    """(mean gold of a non-ambush raid icon, chance that a card is an ambush)."""
    icons = [icon for _good, icon in rules.cards]
    gold = [i for i in icons if i != AMBUSH]
    return (mean(gold) if gold else 0.0), icons.count(AMBUSH) / max(1, len(icons))


@lru_cache(maxsize=16)
def rumor_odds(catalog) -> tuple[float, float]:
    """(share of rumor cards that are true, mean gold of a true one) from the public list."""
    cards = [r for r in catalog.rumors.values() for _ in range(r.copies)]
    true = [r.gold for r in cards if r.truth]
    return (len(true) / len(cards) if cards else 0.0), (mean(true) if true else 0.0)


def _is_target_lawful(v, ref: str) -> bool:
    if ref[0] == "p":
        return not is_brigand(v.obs.players[int(ref[1:])])
    return v.c.npcs[ref[2:]].role == "patrol"


def _target_race(v, ref: str):
    if ref[0] == "p":
        hero = v.obs.players[int(ref[1:])].hero
        return v.c.heroes[hero].race if hero else None
    return v.c.npcs[ref[2:]].race


def bounty_cost(v, race) -> float:
    """A new bounty marker costs more when it closes that race's taverns to the seat."""
    if race is None:
        return 0.0
    fresh = not v.me.bounty.get(race)
    return v.w["bounty"] * (2.0 if fresh else 1.0)


def _spoils(v, ref: str) -> float:
    if ref[0] == "p":
        other = v.obs.players[int(ref[1:])]
        gold = other.gold if isinstance(other.gold, int) else v.game.starting.gold
        goods = min(len(other.goods), max(0, v.room)) * v.game.sell.price
        return gold + goods + bounty_reward(v.obs, v.seat, other)
    card = v.c.npcs[ref[2:]]
    return v.obs.npcs[ref[2:]].gold + card.bounty_reward


def fight_value(v, ref: str, found: bool = False) -> float:
    """Expected gain of exploring (or, when `found`, of fighting) the party `ref`."""
    key = ("fight", ref, found)
    if key not in v.memo:
        v.memo[key] = _fight_value(v, ref, found)
    return v.memo[key]


def _fight_value(v, ref: str, found: bool) -> float:
    if v.me.party is None:
        return 0.0
    if party_of(v.obs, ref) is None:
        return 0.0
    win = v.fight_win(ref)
    appetite = v.w["fight_players"] if ref[0] == "p" else v.w["fight_npcs"]
    if win < v.w["min_win_chance"]:
        return -v.w["risk"] * (1 - win) * v.loss_if_beaten() * 0.5
    gain = win * (v.w["glory"] + _spoils(v, ref)) - (1 - win) * v.w["risk"] * v.loss_if_beaten()
    find = 1.0 if found else v.chance("perception")
    cost = bounty_cost(v, _target_race(v, ref)) if _is_target_lawful(v, ref) else 0.0
    return appetite * find * gain - find * cost


def raid_value(v, race=None) -> float:
    """Expected gain of raiding a found explorer (bounty of `race` if given)."""
    if v.me.party is None:
        return 0.0
    per_card, p_ambush = raid_cards(v.rules)
    raid = v.game.raid
    skulls = expected_skulls(v.rules.faces, dice_for(v.obs, v.seat, "combat", "raid"))
    cards = raid.draw + 0.5 * skulls
    ambushes = p_ambush * max(0.0, cards - skulls)
    fail = min(1.0, ambushes / raid.fail_ambushes)
    gold = cards * (1 - p_ambush) * per_card * (1 - fail)
    glory = v.w["glory"] * (0.3 if gold >= raid.glory_gold else 0.05)
    hits = ambushes * 2.0
    cost = bounty_cost(v, race) if race is not None else v.w["bounty"]
    held = at_least(v.rules.faces, raid_agility(v.obs, v.seat))  # else the explorer escapes
    return v.w["raid"] * held * (gold + glory - hits) - cost


def delve_value(v) -> float:
    if v.me.party is None:
        return 0.0
    n = dice_for(v.obs, v.seat, "leadership")
    gold = expected_skulls(v.rules.faces, n) * v.game.delve.gold_per_skull
    miss = (1 - at_least(v.rules.faces, n)) * v.game.delve.fail_mercenaries * v.w["recruit"]
    return v.w["delve"] * (gold - miss)


def explorer_value(v, region: str) -> float:
    """Expected gain of exploring the explorer in `region` (raid or delve, the better)."""
    if "explorer" not in v.memo:
        v.memo["explorer"] = v.chance("perception") * max(raid_value(v), delve_value(v))
    return v.memo["explorer"]


def mission_value(v, mission: str) -> float:
    """Reward and glory of a mission times the chance the seat can complete it."""
    card = v.c.missions[mission]
    if card.check is not None:
        chance = v.chance(card.check.stat, card.check.successes)
    elif card.deliver is not None:
        chance = 1.0 if v.goods.get(card.deliver.good, 0) >= card.deliver.count else 0.25
    elif card.defeat is not None:
        npc = v.obs.npcs.get(card.defeat)
        chance = 0.0 if npc is None or npc.region is None else \
            v.fight_win(f"n:{card.defeat}")
    else:
        chance = 0.0
    return v.w["mission"] * chance * (v.w["glory"] + card.gold)


def rumor_value(v) -> float:
    """A rumor in hand: the chance it is true times glory and its usual gold."""
    share, gold = rumor_odds(v.catalog)
    return v.w["rumor"] * share * (v.w["glory"] + gold)
