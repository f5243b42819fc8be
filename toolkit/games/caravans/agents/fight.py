"""Rough fight odds for agents, from what an observation shows of both parties.

A fight is a race of ranged rounds: the contest chance (combat dice, shield and agility
rules as in the engine) decides each round, and a side is beaten after enough lost rounds
to strip its defense. Melee odds compare leadership dice and mercenaries. These are
estimates for ranking actions, not the engine's rules.

Every function takes an optional `stat(obs, seat, name)` that stands for the engine's
`hero_stat`; a View passes its memoised one so a decision computes each stat once.
"""

from __future__ import annotations

from functools import lru_cache
from math import ceil

from toolkit.games.caravans.agents.odds import contest
from toolkit.games.caravans.engine.checks import hero_stat
from toolkit.games.caravans.engine.party import party_of


def _base(obs, ref: str, name: str, stat) -> int:
    """A combatant's hero stat (a player) or card stat (an NPC)."""
    if ref[0] == "p":
        return stat(obs, int(ref[1:]), name)
    return getattr(obs.rules.c.npcs[ref[2:]].stats, name)


def combat_dice(obs, ref: str, other: str, stat=hero_stat) -> int:
    """Dice `ref` rolls in a ranged contest against `other` (before tricks and weapons)."""
    mine, theirs = party_of(obs, ref).cur, party_of(obs, other).cur
    return _dice(obs.rules, _base(obs, ref, "combat", stat), mine["shield"],
                 mine["agility"] - theirs["agility"])


@lru_cache(maxsize=4096)
def _dice(rules, n: int, shield: int, agility_gap: int) -> int:
    if shield <= 0:
        n = 1
    if agility_gap >= rules.game.combat.agility_edge:
        n += rules.game.combat.edge_dice
    return min(n, rules.game.dice.count)


@lru_cache(maxsize=4096)
def race(p: float, need_mine: int, need_theirs: int) -> float:
    """Chance of `need_mine` round wins before `need_theirs` round losses."""
    if need_mine <= 0:
        return 1.0
    if need_theirs <= 0:
        return 0.0
    return p * race(p, need_mine - 1, need_theirs) + (1 - p) * race(p, need_mine, need_theirs - 1)


def ranged_win(obs, ref: str, other: str, extra_dice: int = 0, stat=hero_stat) -> float:
    """Chance that `ref` destroys `other` before being destroyed, fighting at range."""
    mine, theirs = party_of(obs, ref).cur, party_of(obs, other).cur
    return _ranged(obs.rules, extra_dice, _base(obs, ref, "combat", stat),
                   mine["shield"], mine["agility"], mine["defense"], mine["attack"],
                   _base(obs, other, "combat", stat),
                   theirs["shield"], theirs["agility"], theirs["defense"], theirs["attack"])


@lru_cache(maxsize=65536)
def _ranged(rules, extra_dice, n_mine, shield_mine, agility_mine, defense_mine, attack_mine,
            n_theirs, shield_theirs, agility_theirs, defense_theirs, attack_theirs) -> float:
    """ranged_win from the numbers it depends on (memoised: games repeat them often)."""
    a = _dice(rules, n_mine, shield_mine, agility_mine - agility_theirs) + extra_dice
    b = _dice(rules, n_theirs, shield_theirs, agility_theirs - agility_mine)
    p = contest(rules.faces, a, b)
    need_mine = ceil(2 * defense_theirs / max(1, attack_mine))
    need_theirs = ceil(2 * defense_mine / max(1, attack_theirs))
    return race(round(p, 3), min(need_mine, 12), min(need_theirs, 12))


def melee_win(obs, ref: str, other: str, extra_dice: int = 0, stat=hero_stat) -> float:
    """Chance that `ref` wins a melee (its leadership and mercenaries against the other's)."""
    mine, theirs = party_of(obs, ref).cur["mercenaries"], party_of(obs, other).cur["mercenaries"]
    if mine <= 0:
        return 0.0
    if theirs <= 0:
        return 1.0
    return _melee(obs.rules, extra_dice, _base(obs, ref, "leadership", stat), mine,
                  _base(obs, other, "leadership", stat), theirs)


@lru_cache(maxsize=16384)
def _melee(rules, extra_dice, lead_mine, mercs_mine, lead_theirs, mercs_theirs) -> float:
    edge = rules.game.combat.edge_dice
    a = lead_mine + extra_dice + (edge if mercs_mine > mercs_theirs else 0)
    b = lead_theirs + (edge if mercs_theirs > mercs_mine else 0)
    p = contest(rules.faces, a, b)
    return race(round(p, 3), mercs_theirs, mercs_mine)


def fight_win(obs, ref: str, other: str, stat=hero_stat) -> float:
    """The better of fighting at range or closing to melee once allowed."""
    ranged = ranged_win(obs, ref, other, 0, stat)
    return max(ranged, 0.5 * (ranged + melee_win(obs, ref, other, 0, stat)))
