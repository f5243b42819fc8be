"""Rough fight odds for agents, from what an observation shows of both parties.

A fight is a race of ranged rounds: the contest chance (combat dice, shield and agility
rules as in the engine) decides each round, and a side is beaten after enough lost rounds
to strip its defense. Melee odds compare leadership dice and mercenaries. These are
estimates for ranking actions, not the engine's rules.
"""

from __future__ import annotations

from functools import lru_cache
from math import ceil

from toolkit.agents.odds import contest
from toolkit.engine.checks import hero_stat
from toolkit.engine.party import party_of


def combat_dice(obs, ref: str, other: str) -> int:
    """Dice `ref` rolls in a ranged contest against `other` (before tricks and weapons)."""
    rules = obs.rules
    mine, theirs = party_of(obs, ref).cur, party_of(obs, other).cur
    if ref[0] == "p":
        n = hero_stat(obs, int(ref[1:]), "combat")
    else:
        n = rules.catalog.npcs[ref[2:]].stats.combat
    if mine["shield"] <= 0:
        n = 1
    if mine["agility"] - theirs["agility"] >= rules.game.combat.agility_edge:
        n += rules.game.combat.edge_dice
    return min(n, rules.game.dice.count)


def leadership_dice(obs, ref: str) -> int:
    if ref[0] == "p":
        return hero_stat(obs, int(ref[1:]), "leadership")
    return obs.rules.catalog.npcs[ref[2:]].stats.leadership


@lru_cache(maxsize=4096)
def race(p: float, need_mine: int, need_theirs: int) -> float:
    """Chance of `need_mine` round wins before `need_theirs` round losses."""
    if need_mine <= 0:
        return 1.0
    if need_theirs <= 0:
        return 0.0
    return p * race(p, need_mine - 1, need_theirs) + (1 - p) * race(p, need_mine, need_theirs - 1)


def round_chance(obs, ref: str, other: str, extra_dice: int = 0) -> float:
    return contest(obs.rules.faces, combat_dice(obs, ref, other) + extra_dice,
                   combat_dice(obs, other, ref))


def ranged_win(obs, ref: str, other: str, extra_dice: int = 0) -> float:
    """Chance that `ref` destroys `other` before being destroyed, fighting at range."""
    p = round_chance(obs, ref, other, extra_dice)
    mine, theirs = party_of(obs, ref).cur, party_of(obs, other).cur
    need_mine = ceil(2 * theirs["defense"] / max(1, mine["attack"]))
    need_theirs = ceil(2 * mine["defense"] / max(1, theirs["attack"]))
    return race(round(p, 3), min(need_mine, 12), min(need_theirs, 12))


def melee_win(obs, ref: str, other: str, extra_dice: int = 0) -> float:
    """Chance that `ref` wins a melee (its leadership and mercenaries against the other's)."""
    mine, theirs = party_of(obs, ref).cur, party_of(obs, other).cur
    if mine["mercenaries"] <= 0:
        return 0.0
    if theirs["mercenaries"] <= 0:
        return 1.0
    edge = obs.rules.game.combat.edge_dice
    a = leadership_dice(obs, ref) + extra_dice + (edge if mine["mercenaries"] > theirs["mercenaries"] else 0)
    b = leadership_dice(obs, other) + (edge if theirs["mercenaries"] > mine["mercenaries"] else 0)
    p = contest(obs.rules.faces, a, b)
    return race(round(p, 3), theirs["mercenaries"], mine["mercenaries"])


def fight_win(obs, ref: str, other: str) -> float:
    """The better of fighting at range or closing to melee once allowed."""
    return max(ranged_win(obs, ref, other), 0.5 * (ranged_win(obs, ref, other)
                                                   + melee_win(obs, ref, other)))
