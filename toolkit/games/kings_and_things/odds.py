"""Exact battle odds by enumeration (no simulation): a battle is a Markov chain over the
units still standing; each round every unit rolls in its step (magic, ranged, melee), a
roll at or under its value hits (chargers roll two dice), and hits are absorbed by the
side's cheapest unit first (a fort or town with more than one point left, then the weakest
creature). No retreats and no items. A round with no change is solved geometrically."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from toolkit.errors import ContentError

STEPS = ("magic", "ranged", "melee")
FLAGS = {"magic", "ranged", "charge", "fort"}
# a unit: (value, step, charge, hp, structure)


def parse_side(spec) -> tuple:
    """[[2], [3, ranged], [4, charge], [2, fort]] -> units."""
    units = []
    for item in spec:
        item = [item] if isinstance(item, int) else list(item)
        value, flags = int(item[0]), set(item[1:])
        if not 0 < value <= 6 or flags - FLAGS:
            raise ContentError(f"battle_odds: a unit is [value 1-6, flags from "
                               f"{sorted(FLAGS)}], not {item}")
        step = "magic" if "magic" in flags else "ranged" if "ranged" in flags else "melee"
        structure = "fort" in flags
        units.append((value, step, "charge" in flags, value if structure else 1, structure))
    return tuple(sorted(units))


def _hits(units, step) -> dict[int, Fraction]:
    """Distribution of the hits one side scores in a step."""
    dist = {0: Fraction(1)}
    for value, ustep, charge, hp, structure in units:
        if ustep != step:
            continue
        p = Fraction(hp if structure else value, 6)
        for _ in range(2 if charge else 1):
            new: dict[int, Fraction] = {}
            for k, q in dist.items():
                new[k + 1] = new.get(k + 1, 0) + q * p
                new[k] = new.get(k, 0) + q * (1 - p)
            dist = new
    return dist


def _absorb(units, hits) -> tuple:
    units = list(units)
    for _ in range(hits):
        if not units:
            break
        def cost(u):
            value, _, charge, hp, structure = u
            return (0, -hp) if structure and hp > 1 else (1, value + 2 * charge)
        victim = min(units, key=cost)
        units.remove(victim)
        if victim[3] > 1:
            units.append(victim[:3] + (victim[3] - 1,) + victim[4:])
    return tuple(sorted(units))


def _round(att, dfn) -> dict[tuple, Fraction]:
    states = {(att, dfn): Fraction(1)}
    for step in STEPS:
        new: dict[tuple, Fraction] = {}
        for (a, d), p in states.items():
            if not a or not d:
                new[(a, d)] = new.get((a, d), 0) + p
                continue
            for ha, pa in _hits(a, step).items():
                for hd, pd in _hits(d, step).items():
                    key = (_absorb(a, hd), _absorb(d, ha))
                    new[key] = new.get(key, 0) + p * pa * pd
        states = new
    return states


@lru_cache(maxsize=4096)
def outcome(att: tuple, dfn: tuple) -> tuple[Fraction, Fraction, Fraction]:
    """(attacker wins, defender wins, both destroyed), exactly."""
    if not att or not dfn:
        return (Fraction(int(bool(att))), Fraction(int(bool(dfn))),
                Fraction(int(not att and not dfn)))
    moves = _round(att, dfn)
    stay = moves.pop((att, dfn), Fraction(0))
    if stay == 1:
        raise ContentError("battle_odds: neither side can ever hit the other")
    total = [Fraction(0)] * 3
    for (a, d), p in moves.items():
        for i, v in enumerate(outcome(a, d)):
            total[i] += p * v
    return tuple(t / (1 - stay) for t in total)


def win_chance(att: tuple, dfn: tuple) -> Fraction:
    return outcome(att, dfn)[0]


TITLES = {
    "duel": ("One creature attacks one: chance the attacker wins (rows: attacker's value, "
             "columns: defender's value)", "一个生物进攻一个生物：进攻方获胜概率（行：进攻方战斗值，列：防守方战斗值）"),
    "fort": ("Value-3 creatures attack a fort standing alone: chance they take it",
             "战斗值3的生物进攻无人防守的堡垒：攻占概率"),
    "explore": ("Exploring: things drawn as defenders", "探索：摸取的防守things数"),
}


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def tables(data, lang="en") -> list[dict]:
    i = 1 if lang == "zh" else 0
    duel = [[str(a)] + [_pct(win_chance(((a, "melee", False, 1, False),),
                                         ((d, "melee", False, 1, False),)))
                        for d in range(1, 7)] for a in range(1, 7)]
    forts = data.forts
    fort_rows = []
    for n in range(1, 5):
        att = tuple([(3, "melee", False, 1, False)] * n)
        fort_rows.append([str(n)] + [_pct(win_chance(att, ((int(f.value), f.step, False,
                                                            int(f.value), True),)))
                                     for f in forts])
    name = (lambda f: f.name.en) if i == 0 else (lambda f: f.name.zh or f.name.en)
    explore = [["0", "1/3", _pct(Fraction(1, 3))]] + [
        [str(k), "1/6", _pct(Fraction(1, 6))] for k in range(2, 6)]
    return [
        {"title": TITLES["duel"][i], "columns": ["att\\def" if i == 0 else "攻\\守"]
         + [str(d) for d in range(1, 7)], "rows": duel},
        {"title": TITLES["fort"][i], "columns": ["n" if i == 0 else "数量"]
         + [name(f) for f in forts], "rows": fort_rows},
        {"title": TITLES["explore"][i], "columns": ["things", "p", "%"] if i == 0
         else ["数量", "概率", "%"], "rows": explore},
    ]
