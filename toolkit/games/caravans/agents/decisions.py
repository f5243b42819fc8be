"""Scores of the decisions a heuristic player takes outside its own actions: the starting
party, combat choices, capture, raids and delves, rerolls and glory-card discards.

Each scorer takes (view, action args) and returns gold-equivalents; declining scores 0.
"""

from __future__ import annotations

from toolkit.floats import add_up
from toolkit.games.caravans.agents.gear import equipment_value
from toolkit.games.caravans.agents.odds import at_least
from toolkit.games.caravans.agents.value import delve_value, fight_value, raid_cards, raid_value
from toolkit.games.caravans.engine.armory import restore_cost
from toolkit.games.caravans.engine.party import party_of
from toolkit.games.caravans.engine.rules import AMBUSH

CARD_VALUE = {"follower": 6.0, "trick": 3.0}


def zero(v, args) -> float:
    return 0.0


def glory_card_value(v, card: str) -> float:
    return CARD_VALUE[v.c.glory_cards[card].type]


# --- decisions --------------------------------------------------------------------------
def choose_party(v, args) -> float:
    return party_pref(v, args[0])


def party_pref(v, kind: str) -> float:
    card = v.c.parties[kind]
    role = {"caravan": v.w["caravan"], "war_band": v.w["war_band"]}.get(card.role, 0.0)
    return role + v.w["large"] * (card.size == "large") + 0.5 * _stat_sum(card)


_STAT_SUMS: dict = {}


def _stat_sum(card) -> int:
    """The sum of a party card's stats (cards are immutable: computed once per card)."""
    key = id(card)
    hit = _STAT_SUMS.get(key)
    if hit is None or hit[0] is not card:
        hit = _STAT_SUMS[key] = (card, sum(card.stats.model_dump().values()))
    return hit[1]


def combat_choice(v, args) -> float:
    mode, weapon, glory = args
    combat = v.obs.combat
    side = next(i for i, r in enumerate(combat["sides"]) if r == v.ref)
    other = combat["sides"][1 - side]
    extra = _trick_dice(v, glory) if glory else 0
    gain = v.w["glory"] + _quick_spoils(v, other)
    loss = v.w["risk"] * v.loss_if_beaten()
    ranged = v.ranged_win(other, extra)
    if mode == "melee":
        win = v.melee_win(other, extra + (1 if weapon else 0))
        score = win * gain - (1 - win) * loss
    elif mode == "flee":
        score = (v.w["flee_below"] - ranged) * loss - (1 - ranged) * loss * 0.5
    else:
        score = ranged * gain - (1 - ranged) * loss
    if weapon:
        score += 0.3 * v.w["weapon"]
    if glory:
        score -= glory_card_value(v, glory) / max(0.1, v.w["glory_cards"])
        if _cancels(v, glory):  # Close Shave held ready: worth a hit if this round is lost
            score += (1 - ranged) * _hit_worth(v, other)
    return score


def _cancels(v, card: str) -> bool:
    return any(op == "cancel_hit" for op, _ in v.rules.effects.get(card, ()))


def _hit_worth(v, other: str) -> float:
    """A hit saved: a repair, or the party itself when the enemy's hits could end it."""
    mine, theirs = v.me.party, party_of(v.obs, other)
    if mine is None or theirs is None:
        return 0.0
    fatal = mine.cur["defense"] <= theirs.cur["attack"]
    return v.game.armory.repair + (0.5 * v.loss_if_beaten() if fatal else 0.0)


def _trick_dice(v, card: str) -> int:
    return sum(getattr(p, "dice", 0) for op, p in v.rules.effects.get(card, ())
               if op == "combat_dice")


def _quick_spoils(v, ref: str) -> float:
    if ref[0] == "p":
        other = v.obs.players[int(ref[1:])]
        return other.gold if isinstance(other.gold, int) else 0
    return v.obs.npcs[ref[2:]].gold + v.c.npcs[ref[2:]].bounty_reward


def capture(v, args) -> float:
    if not args[0] or v.me.party is None:
        return 0.0
    entry = v.obs.pending[-1]["party"]
    mine = v.me.party
    # the crew stays with the player; each party's equipment goes with it
    better = sum(n for stat, n in entry["cur"].items() if stat != "mercenaries") \
        - sum(n for stat, n in mine.cur.items() if stat != "mercenaries")
    gear = add_up(equipment_value(v, e, e in entry["flipped"]) for e in entry["equipment"]) \
        - add_up(equipment_value(v, e, e in mine.flipped) for e in mine.equipment)
    return better + gear + party_pref(v, entry["kind"]) - party_pref(v, mine.kind)


def raid(v, args) -> float:
    return raid_value(v, args[0])


def delve(v, args) -> float:
    return delve_value(v)


def _raid_worth(v, icons: list) -> float:
    """Value of a raid's cards if it ended now: gold unless failed, minus ambush hits."""
    ambushes = icons.count(AMBUSH)
    gold = sum(i for i in icons if i != AMBUSH)
    if ambushes >= v.game.raid.fail_ambushes:
        gold = 0
    glory = v.w["glory"] if gold >= v.game.raid.glory_gold else 0.0
    return gold + glory - 2.0 * ambushes


def _raid_after(v, icons: list, drop=None, draw: bool = False) -> float:
    kept = list(icons)
    if drop is not None:
        kept.remove(drop)
    if not draw:
        return _raid_worth(v, kept)
    per_card, p_ambush = raid_cards(v.rules)
    return (p_ambush * _raid_worth(v, kept + [AMBUSH])
            + (1 - p_ambush) * _raid_worth(v, kept + [round(per_card)]))


def _raid_icons(v) -> list:
    return [v.rules.cards[c][1] for c in v.obs.raid["cards"]]


def raid_draw(v, args) -> float:
    icons = _raid_icons(v)
    return _raid_after(v, icons, draw=True) - _raid_worth(v, icons)


def raid_discard(v, args) -> float:
    icons = _raid_icons(v)
    return _raid_after(v, icons, drop=v.rules.cards[args[0]][1]) - _raid_worth(v, icons)


def raid_swap(v, args) -> float:
    icons = _raid_icons(v)
    drop = v.rules.cards[args[0]][1]
    return _raid_after(v, icons, drop=drop, draw=True) - _raid_worth(v, icons)


IMPORTANCE = {"explore": 6.0, "complete": 12.0, "mission": 6.0, "rumor": 4.0, "recruit": 2.0}


def reroll(v, args) -> float:
    entry = v.obs.pending[-1]
    stake = IMPORTANCE.get(entry["then"], 2.0) * v.w["glory_cards"]
    return stake * at_least(v.rules.faces, entry["dice"], entry["need"]) \
        - glory_card_value(v, args[0])


def discard_glory(v, args) -> float:
    return -glory_card_value(v, args[0])


# --- the player's own choices the seed leaves open (issue #12) ---------------------------
def attack(v, args) -> float:
    """Fight the party just found: the expected gain of the fight itself."""
    return fight_value(v, v.obs.pending[-1]["target"], found=True)


def flee_strike(v, args) -> float:
    """The orb turns back after the fight, so a free hit is always worth flipping it."""
    return 1.0 if args[1] else 0.0


def block_hit(v, args) -> float:
    """Flip the amulet (turning it back costs its restore price) unless the hit costs less:
    a hit on the cargo track with no goods carried only takes a point the armory mends,
    while any other hit weakens the party for the rest of the fight (fewer dice, hits or
    crew), throws away a goods card, or destroys the party (what losing it costs)."""
    if not args[1]:
        return 0.0
    party = v.me.party
    where = v.obs.pending[-1]["where"]
    if party.cur.get(where, 0) <= 0 or where == "agility":
        where = "defense"
    game = v.game
    loss = float(game.armory.repair)
    if where == "defense" and party.cur["defense"] <= 1:
        loss += v.w["risk"] * v.loss_if_beaten()
    elif where == "cargo":
        loss += game.sell.price if v.me.goods else 0.0
    else:
        loss += 2.0
    return loss - restore_cost(v.obs, args[0])


def loot(v, args) -> float:
    """The best-selling goods first (the rest is discarded: any card beats none)."""
    return v.sale_value(args[0])


def keep_hero(v, args) -> float:
    """A brigand band waits at the new home. Keep the hero when it suits the style better
    than the average hero by more than the band's danger (it starts inside its tavern)."""
    return hero_fit(v, v.me.hero) - mean_fit(v) + 1.0 - 2.0 * _band_at_home(v)


def redraw_hero(v, args) -> float:
    return 0.0


def hero_fit(v, hero: str) -> float:
    """How well a hero's stats serve the style, in gold-equivalents per point: combat for
    fighters, perception for explorers, influence for missions and rumors, leadership for
    recruits and delves."""
    w, stats = v.w, v.c.heroes[hero].stats
    return (stats.combat * max(w["fight_players"], w["fight_npcs"], w["raid"])
            + stats.perception * max(w["rumor"], w["hunt_goal"])
            + stats.influence * max(w["mission"], w["rumor"])
            + stats.leadership * max(w["delve"], 0.5 * w["recruit"])) * 2.0


def mean_fit(v) -> float:
    heroes = v.c.heroes
    return add_up(hero_fit(v, h) for h in heroes) / max(1, len(heroes))


def _band_at_home(v) -> float:
    """The chance of losing to the strongest band in the hero's home region (0 if none)."""
    home = v.c.heroes[v.me.hero].home
    bands = [n for n, npc in v.obs.npcs.items() if npc.region == home
             and v.c.npcs[n].role == "brigand"]
    if v.me.party is None:
        return 1.0 if bands else 0.0
    return max((1.0 - v.ranged_win(f"n:{n}") for n in bands), default=0.0)


def amnesty(v, args) -> float:
    """Clear a race entirely when one marker does it (its taverns open again), the race
    of the home tavern first."""
    race = args[0]
    left = v.me.bounty.get(race, 0)
    home = v.home
    home_race = v.rules.region_race.get(home) if home else None
    return (2.0 if left == 1 else 1.0) / left + (0.5 if race == home_race else 0.0)


def place_equipment(v, args) -> float:
    """Equipment goes where the player can buy it back soon: taverns near its party."""
    where = v.me.region or v.home
    return -float(v.dist(where, args[0])) if where else 0.0
