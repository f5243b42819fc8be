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


def fighter(obs, ref: str, stat=hero_stat) -> tuple:
    """The numbers the odds read of a combatant: (combat, shield, agility, defense,
    attack, leadership, mercenaries), stats of its hero (a player) or card (an NPC)."""
    cur = party_of(obs, ref).cur
    return (_base(obs, ref, "combat", stat), cur["shield"], cur["agility"], cur["defense"],
            cur["attack"], _base(obs, ref, "leadership", stat), cur["mercenaries"])


def ranged_odds(rules, mine: tuple, theirs: tuple, extra_dice: int = 0) -> float:
    """ranged_win from two fighter() tuples."""
    return _ranged(rules, extra_dice, mine[0], mine[1], mine[2], mine[3], mine[4],
                   theirs[0], theirs[1], theirs[2], theirs[3], theirs[4])


def melee_odds(rules, mine: tuple, theirs: tuple, extra_dice: int = 0) -> float:
    """melee_win from two fighter() tuples."""
    if mine[6] <= 0:
        return 0.0
    if theirs[6] <= 0:
        return 1.0
    return _melee(rules, extra_dice, mine[5], mine[6], theirs[5], theirs[6])


def ranged_win(obs, ref: str, other: str, extra_dice: int = 0, stat=hero_stat) -> float:
    """Chance that `ref` destroys `other` before being destroyed, fighting at range."""
    return ranged_odds(obs.rules, fighter(obs, ref, stat), fighter(obs, other, stat),
                       extra_dice)


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
    return melee_odds(obs.rules, fighter(obs, ref, stat), fighter(obs, other, stat),
                      extra_dice)


@lru_cache(maxsize=16384)
def _melee(rules, extra_dice, lead_mine, mercs_mine, lead_theirs, mercs_theirs) -> float:
    edge = rules.game.combat.edge_dice
    a = lead_mine + extra_dice + (edge if mercs_mine > mercs_theirs else 0)
    b = lead_theirs + (edge if mercs_theirs > mercs_mine else 0)
    p = contest(rules.faces, a, b)
    return race(round(p, 3), mercs_theirs, mercs_mine)


def fight_win(obs, ref: str, other: str, stat=hero_stat) -> float:
    """The better of fighting at range or closing to melee once allowed."""
    mine, theirs = fighter(obs, ref, stat), fighter(obs, other, stat)
    ranged = ranged_odds(obs.rules, mine, theirs)
    return max(ranged, 0.5 * (ranged + melee_odds(obs.rules, mine, theirs)))
