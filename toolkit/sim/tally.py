"""Mergeable counts for the balance report (issue #30): a run's statistics are accumulated
batch by batch, in the workers, and the parent only adds the batches' tallies up. So every
sum here is exact (integers, and fractions for the rest): the result is the correctly
rounded total whatever the order of the games, the batch boundaries or the worker count
(as `math.fsum` of all the values, in any order).

`merge(a, b)` adds tally `b` into `a`: nested dicts of Counters, `Sum`s, `Rates` and lists.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from typing import Any, Callable, Iterable

EXACT_LIMIT = 5000  # exact binomial tests up to this many games, a normal approximation above
Z95 = 1.959963984540054


class Sum:
    """An exact running sum of floats: integral values as an int, the rest as a Fraction."""

    __slots__ = ("whole", "part", "n")

    def __init__(self):
        self.whole, self.part, self.n = 0, 0, 0  # part: an int, or a Fraction once needed

    def add(self, value: float, times: int = 1) -> None:
        self.n += times
        whole = int(value)
        if whole == value:
            self.whole += whole * times
        else:
            self.part += Fraction(value) * times

    def merge(self, other: "Sum") -> None:
        self.whole += other.whole
        self.part += other.part
        self.n += other.n

    @property
    def value(self) -> float:
        """The correctly rounded total (math.fsum of the values added)."""
        return float(self.whole + self.part) if self.part else float(self.whole)

    @classmethod
    def of(cls, sums: Iterable["Sum"]) -> "Sum":
        """The exact total of several sums."""
        out = cls()
        for one in sums:
            out.merge(one)
        return out

    def mean(self) -> float:
        """statistics.fmean of the values (0.0 when none)."""
        return self.value / self.n if self.n else 0.0

    def __getstate__(self):
        return (self.whole, self.part, self.n)

    def __setstate__(self, state):
        self.whole, self.part, self.n = state


def slot(table: dict, key: Any, make: Callable[[], Any]) -> Any:
    """table[key], made by `make()` the first time (setdefault without making one each
    call)."""
    got = table.get(key)
    if got is None:
        got = table[key] = make()
    return got


def exact(pairs: Iterable[tuple[float, int]]) -> float:
    """The correctly rounded sum of value × count over (value, count) pairs."""
    total = Fraction(0)
    for value, count in pairs:
        total += Fraction(value) * count
    return float(total)


class Rates:
    """One level's player-games for a win rate: (players, score) counts, and for a level
    that may hold several players of one game the per-game cells (players, wins, fair
    share) that cluster its interval by game (toolkit.sim.stats.rate_entry)."""

    __slots__ = ("results", "cells")

    def __init__(self):
        self.results: Counter = Counter()
        self.cells: Counter = Counter()

    def add(self, players: int, score: float) -> None:
        self.results[players, score] += 1

    def add_game(self, seats: list[tuple[int, float]]) -> None:
        """The level's player-games of one game (players, score), in seat order."""
        count, wins, fair = 0, 0.0, 0.0
        for players, s in seats:
            self.results[players, s] += 1
            count += 1
            wins += s
            fair += 1.0 / players
        self.cells[count, wins, fair] += 1

    def merge(self, other: "Rates") -> None:
        self.results.update(other.results)
        self.cells.update(other.cells)

    def __getstate__(self):
        return (self.results, self.cells)

    def __setstate__(self, state):
        self.results, self.cells = state

    def entry(self) -> dict[str, Any]:
        """{games, wins, rate, ci95, fair, p}, clustered by game when a game held more than
        one of the level's players."""
        from toolkit.sim.stats_math import (normal_two_sided_p, two_sided_binomial_p,
                                            wilson)

        if any(count > 1 for count, _, _ in self.cells):
            return self._clustered()
        n = sum(self.results.values())
        wins = exact((s, c) for (_, s), c in self.results.items())
        shares = {1.0 / players for players, _ in self.results}
        fair = exact((1.0 / p, c) for (p, _), c in self.results.items()) / n if n else 0.0
        lo, hi = wilson(wins, n)
        exact_test = n <= EXACT_LIMIT and len(shares) == 1 and abs(wins - round(wins)) < 1e-9
        if not n:
            p = 1.0
        elif exact_test:
            p = two_sided_binomial_p(round(wins), n, next(iter(shares)))
        else:
            expected = exact((1.0 / pl, c) for (pl, _), c in self.results.items())
            variance = exact(((1.0 / pl) * (1 - 1.0 / pl), c)
                             for (pl, _), c in self.results.items())
            p = normal_two_sided_p(wins, expected, variance)
        return {"games": n, "wins": round(wins, 6), "rate": wins / n if n else 0.0,
                "ci95": [lo, hi], "fair": fair, "p": p}

    def _clustered(self) -> dict[str, Any]:
        """The game as the unit: the ratio estimator's variance from the spread of each
        game's wins (and of each game's wins above its fair share, for p)."""
        from toolkit.sim.stats_math import normal_two_sided_p

        cells = sorted(self.cells.items())
        n = sum(count * times for (count, _, _), times in cells)
        wins = exact((w, times) for (_, w, _), times in cells)
        fair_total = exact((f, times) for (_, _, f), times in cells)
        k = sum(times for _, times in cells)
        rate = wins / n
        scale = k / (k - 1) if k > 1 else 1.0
        spread = scale * exact(((w - rate * count) ** 2, times)
                               for (count, w, _), times in cells)
        half = Z95 * math.sqrt(spread) / n
        mean_gap = exact((w - f, times) for (_, w, f), times in cells) / k
        var = scale * exact(((w - f - mean_gap) ** 2, times) for (_, w, f), times in cells)
        return {"games": n, "wins": round(wins, 6), "rate": rate,
                "ci95": [max(0.0, rate - half), min(1.0, rate + half)],
                "fair": fair_total / n, "p": normal_two_sided_p(wins, fair_total, var),
                "clustered": True}


class First:
    """A value seen first in game order (the lowest game index wins a merge)."""

    __slots__ = ("index", "value")

    def __init__(self, index: int, value: Any):
        self.index, self.value = index, value

    def merge(self, other: "First") -> None:
        if other.index < self.index:
            self.index, self.value = other.index, other.value

    def __getstate__(self):
        return (self.index, self.value)

    def __setstate__(self, state):
        self.index, self.value = state


def merge(into: Any, other: Any) -> Any:
    """Adds tally `other` into `into` (both nested dicts of the same shape); returns it."""
    if isinstance(into, Counter):
        into.update(other)
    elif isinstance(into, dict):
        for key, value in other.items():
            if key in into:
                into[key] = merge(into[key], value)
            else:
                into[key] = value
    elif isinstance(into, (Sum, Rates, First)):
        into.merge(other)
    elif isinstance(into, list):
        into.extend(other)
    elif isinstance(into, set):
        into |= other
    elif isinstance(into, int) and not isinstance(into, bool):
        return into + other  # counts
    else:
        raise TypeError(f"cannot merge a {type(into).__name__}")
    return into
