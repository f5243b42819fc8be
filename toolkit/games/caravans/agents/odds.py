"""Dice odds for agents: chances of skill checks and of winning a combat contest.

All numbers come from the catalog's die faces (rules.faces); results are cached per die.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from toolkit.floats import add_up
from toolkit.games.caravans.engine.rng import SKULL


def skull_chance(faces: tuple) -> float:
    return faces.count(SKULL) / len(faces)


@lru_cache(maxsize=64)
def _dist(faces: tuple, n: int) -> tuple[float, ...]:
    """P(exactly k skulls) for k = 0..n."""
    q = skull_chance(faces)
    return tuple(comb(n, k) * q ** k * (1 - q) ** (n - k) for k in range(n + 1))


def at_least(faces: tuple, n: int, need: int = 1) -> float:
    """Chance that n dice show at least `need` skulls."""
    if need <= 0:
        return 1.0
    n = max(0, n)
    return add_up(_dist(faces, n)[need:])


def expected_skulls(faces: tuple, n: int) -> float:
    return max(0, n) * skull_chance(faces)


@lru_cache(maxsize=256)
def contest(faces: tuple, mine: int, theirs: int) -> float:
    """Chance to roll more skulls than the other side (ties count half)."""
    a, b = _dist(faces, max(0, mine)), _dist(faces, max(0, theirs))
    win = tie = 0.0
    for i, pa in enumerate(a):
        for j, pb in enumerate(b):
            if i > j:
                win += pa * pb
            elif i == j:
                tie += pa * pb
    return win + tie / 2
