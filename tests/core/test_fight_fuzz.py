"""The fight side in lockstep on fuzzed effects: every card's effects replaced by random
operations with random parameters (any of the 33 ops on any hero, follower, trick,
equipment, weapon or event), so that combinations the bundled cards never make (a weapon
that cancels hits, an event that gives gold, a hero with a volley and a flee strike...) are
checked too. (fuzz_content.py, the turn side's, fuzzes the YAML: numbers, stats, effects moved
between cards.) Seeded: a failure names the game seed and the action."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("toolkit.games.caravans.core.fight_probe")

from toolkit.content.validate import load_catalog  # noqa: E402
from toolkit.games.caravans.content.ops import OPS  # noqa: E402
from toolkit.games.caravans.core.ops import refusal  # noqa: E402
from toolkit.games.caravans.engine import rules as rules_module  # noqa: E402

from .test_fight_lockstep import events_and_attacks, fight_lockstep  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PASSIVE = ["modify_stat", "modify_hero_stat", "extra_die", "cancel_hit", "flee_strike",
           "pre_melee_strike", "volley", "redirect_hits", "melee_boost", "ignore_event",
           "buy_draw", "free_move", "enter_wanted_taverns", "recruit_discount",
           "raid_bonus", "free_repair"]
TRICKS = ["reroll_check", "combat_dice", "extra_action", "sell_at_demand", "free_recruit",
          "gain_gold", "cancel_hit", "buy_draw"]
EVENTS = ["recruit_discount", "gain_gold", "npc_enter", "move_npc", "storm", "war",
          "demand_shift", "market_boom", "plague", "rumor_no_check", "treasure", "amnesty",
          "tolls"]
STATS = ["defense", "shield", "cargo", "mercenaries", "attack", "agility"]
HERO_STATS = ["combat", "perception", "leadership", "influence"]


def _params(op, rng, rules):
    """Random valid parameters of an operation (content/ops.py's ranges)."""
    pick = rng.choice
    taverns = list(rules.taverns)
    table = {
        "modify_stat": lambda: dict(stat=pick(STATS), by=pick([-1, 1, 2]), fill=pick([True, False])),
        "modify_hero_stat": lambda: dict(stat=pick(HERO_STATS), by=pick([-1, 1, 2])),
        "extra_die": lambda: dict(check=pick(HERO_STATS + ["ranged", "melee"]), dice=pick([1, 2])),
        "cancel_hit": lambda: dict(hits=pick([1, 2]), restore_cost=pick([None, 2])),
        "flee_strike": lambda: dict(hits=pick([1, 2])),
        "pre_melee_strike": lambda: dict(dice=pick([1, 2, 3])),
        "volley": dict,
        "redirect_hits": lambda: dict(location=pick(["shield", "mercenaries", "cargo", "attack", "defense"])),
        "melee_boost": lambda: dict(dice=pick([1, 2]), no_flee=pick([True, False])),
        "ignore_event": lambda: dict(event=pick(["storm", "plague", "tolls", "war"])),
        "buy_draw": lambda: dict(by=pick([1, 2])),
        "free_move": lambda: dict(per_turn=pick([1, 2])),
        "enter_wanted_taverns": dict,
        "recruit_discount": lambda: dict(percent=pick([25, 50, 100])),
        "raid_bonus": lambda: dict(gold_per_card=pick([1, 2])),
        "free_repair": lambda: dict(points=pick([1, 2])),
        "reroll_check": dict,
        "combat_dice": lambda: dict(dice=pick([1, 2, 3])),
        "extra_action": lambda: dict(actions=pick([1, 2])),
        "sell_at_demand": lambda: dict(cards=pick([1, 2])),
        "free_recruit": lambda: dict(mercenaries=pick([1, 3])),
        "gain_gold": lambda: dict(amount=pick([2, 5])),
        "npc_enter": lambda: dict(npc=pick(rules.npcs), region=pick([None] + list(rules.regions))),
        "move_npc": lambda: dict(npc=pick(rules.npcs), toward=pick(["target", "target"] + list(rules.regions))),
        "storm": lambda: dict(regions=rng.sample(list(rules.regions), 3), hits=pick([1, 2])),
        "war": lambda: dict(races=rng.sample(list(rules.races), 2)),
        "demand_shift": lambda: dict(tavern=pick(taverns)),
        "market_boom": lambda: dict(good=pick(rules.goods), bonus=pick([1, 3])),
        "plague": lambda: dict(race=pick(rules.races), mercenaries=pick([1, 2])),
        "rumor_no_check": dict,
        "treasure": lambda: dict(region=pick(rules.regions), multiplier=pick([2, 3])),
        "amnesty": lambda: dict(remove=pick([1, 2])),
        "tolls": lambda: dict(gold=pick([1, 2])),
    }
    return OPS[op].params(**table[op]())


def random_effects_catalog(fuzz_seed: int):
    """A fresh catalog whose engine Rules carry random effects (cached for the engine as
    rules_for(catalog) would)."""
    catalog = load_catalog(ROOT / "cards")
    rules = rules_module.rules_for(catalog)
    rng = random.Random(fuzz_seed)
    glory = rules.c.glory_cards
    effects = {}
    for src in rules.effects:
        if src in rules.c.events:
            choices, most = EVENTS, 3
        elif src in glory and glory[src].type != "follower":
            choices, most = TRICKS, 2
        else:
            choices, most = PASSIVE, 3
        ops = rng.sample(choices, rng.randint(0 if src not in rules.c.events else 1, most))
        effects[src] = tuple((op, _params(op, rng, rules)) for op in ops)
    fuzzed = dataclasses.replace(rules, effects=effects, compiled=None)
    rules_module._CACHE[id(catalog)] = (catalog, fuzzed)
    return catalog


@pytest.mark.parametrize("fuzz_seed", [1, 2])
def test_fight_side_exact_on_fuzzed_content(fuzz_seed):
    catalog = random_effects_catalog(fuzz_seed)
    assert refusal(rules_module.rules_for(catalog)) is None
    legal_ok, applied = Counter(), Counter()
    for seed in range(2):
        fight_lockstep(catalog, seed, ["random"] * 4, legal_ok, applied)
    assert applied["combat_choice"] and applied["explore"], applied
    done = events_and_attacks(catalog, range(1), every=6)
    assert done["event"], done


@pytest.mark.slow
@pytest.mark.parametrize("fuzz_seed", range(3, 23))
def test_fight_side_exact_on_fuzzed_content_many(fuzz_seed):
    catalog = random_effects_catalog(fuzz_seed)
    legal_ok, applied = Counter(), Counter()
    for players in (2, 4):
        for seed in range(3):
            fight_lockstep(catalog, seed, ["random"] * players, legal_ok, applied)
    events_and_attacks(catalog, range(2), every=4)
