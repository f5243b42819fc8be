"""Exact battle odds by enumeration: warriors against warriors in one battle, with or
without the defender's ambush (2 hits before the roll), two 0-3 dice, the higher die to the
attacker, rolled hits capped by each side's warriors."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

MAX = 6


@lru_cache(maxsize=None)
def distribution(attackers: int, defenders: int, ambush: bool = False) -> dict:
    """{(attackers left, defenders left): exact probability} after one battle."""
    a, d = attackers, defenders
    if ambush:
        a = max(0, a - 2)
        if a == 0:
            return {(0, d): Fraction(1)}
    out: dict = {}
    for x in range(4):
        for y in range(4):
            high, low = max(x, y), min(x, y)
            dealt = min(high, a) + (1 if d == 0 else 0)
            taken = min(low, d)
            key = (max(0, a - taken), max(0, d - dealt))
            out[key] = out.get(key, 0) + Fraction(1, 16)
    return out


def outcome(attackers, defenders, ambush=False, attacker_left=-1, defender_left=-1):
    """The probability of the named survivors (-1: any number)."""
    return sum((p for (a, d), p in distribution(attackers, defenders, ambush).items()
                if attacker_left in (-1, a) and defender_left in (-1, d)), Fraction(0))


def _wipe(a, d, ambush):
    return outcome(a, d, ambush, defender_left=0)


def _losses(a, d, ambush):
    dist = distribution(a, d, ambush)
    lost_a = sum(p * (a - x) for (x, _), p in dist.items())
    lost_d = sum(p * (d - y) for (_, y), p in dist.items())
    return f"{float(lost_a):.2f}/{float(lost_d):.2f}"


TITLES = {
    "wipe": ("Chance the attacker removes every defending warrior", "进攻方消灭全部防守士兵的概率"),
    "wipe_ambush": ("The same after the defender's ambush (2 hits first)", "防守方伏击（先造成2点命中）后的同一概率"),
    "loss": ("Expected warriors lost, attacker/defender", "预期损失士兵数（进攻方/防守方）"),
    "loss_ambush": ("Expected warriors lost after an ambush, attacker/defender", "伏击后的预期损失士兵数（进攻方/防守方）"),
}


def tables(lang="en"):
    """Four tables, attackers by row and defenders by column (1-6 each)."""
    i = 1 if lang == "zh" else 0
    corner = "攻\\守" if i else "att\\def"
    out = []
    for key, ambush, cell in (("wipe", False, _wipe), ("wipe_ambush", True, _wipe),
                              ("loss", False, _losses), ("loss_ambush", True, _losses)):
        rows = []
        for a in range(1, MAX + 1):
            row = [str(a)]
            for d in range(1, MAX + 1):
                v = cell(a, d, ambush)
                row.append(v if isinstance(v, str) else f"{float(v) * 100:.1f}%")
            rows.append(row)
        out.append({"title": TITLES[key][i], "columns": [corner] + [str(d) for d in
                                                                   range(1, MAX + 1)],
                    "rows": rows})
    return out
