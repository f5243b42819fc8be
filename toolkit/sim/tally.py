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
from typing import Any, Callable, Iterable, Mapping

EXACT_LIMIT = 5000  # exact binomial tests up to this many games, a normal approximation above
Z95 = 1.959963984540054


class Sum:
    """An exact running sum of floats: integral values as an int, the others counted by
    value (a few distinct ones: shares 1/k...) and only folded into a Fraction when many
    distinct values come (so that a game's add and a batch's merge do no Fraction
    arithmetic)."""

    __slots__ = ("whole", "part", "n", "values")
    FOLD = 16  # distinct non-integral values kept as counts before they become a Fraction

    def __init__(self):
        self.whole, self.part, self.n = 0, 0, 0  # part: an int, or a Fraction once needed
        self.values: dict = {}  # non-integral value -> times added

    def add(self, value: float, times: int = 1) -> None:
        self.n += times
        whole = int(value)
        if whole == value:
            self.whole += whole * times
        else:
            values = self.values
            values[value] = values.get(value, 0) + times
            if len(values) > self.FOLD:
                self._fold()

    def _fold(self) -> None:
        self.part += sum(Fraction(v) * t for v, t in self.values.items())
        self.values = {}

    def merge(self, other: "Sum") -> None:
        self.whole += other.whole
        self.part += other.part
        self.n += other.n
        values = self.values
        for v, t in other.values.items():
            values[v] = values.get(v, 0) + t
        if len(values) > self.FOLD:
            self._fold()

    @property
    def value(self) -> float:
        """The correctly rounded total (math.fsum of the values added)."""
        if self.values:
            return float(self.whole + self.part +
                         sum(Fraction(v) * t for v, t in self.values.items()))
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
        return (self.whole, self.part, self.n, self.values)

    def __setstate__(self, state):
        self.whole, self.part, self.n, self.values = state


def slot(table: dict, key: Any, make: Callable[[], Any]) -> Any:
    """table[key], made by `make()` the first time (setdefault without making one each
    call)."""
    got = table.get(key)
    if got is None:
        got = table[key] = make()
    return got


try:  # Counter's counting loop in C: into[x] = into.get(x, 0) + 1 for each x
    from _collections import _count_elements as count_each
except ImportError:  # another Python: the same loop
    def count_each(into: dict, items: Iterable) -> None:
        get = into.get
        for item in items:
            into[item] = get(item, 0) + 1


def add_counts(into: dict, counts: Mapping) -> None:
    """Adds the counts of `counts` ({key: n}) into `into` (a plain dict: faster than
    Counter.update)."""
    get = into.get
    for key, n in counts.items():
        into[key] = get(key, 0) + n


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
        self.results: dict = {}  # (players, score) -> player-games (plain dicts: fast)
        self.cells: dict = {}    # (players in the level, wins, fair share) -> games

    def add(self, players: int, score: float) -> None:
        results, key = self.results, (players, score)
        results[key] = results.get(key, 0) + 1

    def add_one(self, players: int, score: float) -> None:
        """`add_game` of a game where the level held one player."""
        results, cells, key = self.results, self.cells, (players, score)
        results[key] = results.get(key, 0) + 1
        key = (1, 0.0 + score, 0.0 + 1.0 / players)
        cells[key] = cells.get(key, 0) + 1

    def add_game(self, seats: list[tuple[int, float]]) -> None:
        """The level's player-games of one game (players, score), in seat order."""
        count, wins, fair = 0, 0.0, 0.0
        results = self.results
        for key in seats:
            results[key] = results.get(key, 0) + 1
            count += 1
            wins += key[1]
            fair += 1.0 / key[0]
        key = (count, wins, fair)
        self.cells[key] = self.cells.get(key, 0) + 1

    def merge(self, other: "Rates") -> None:
        for mine, theirs in ((self.results, other.results), (self.cells, other.cells)):
            get = mine.get
            for key, n in theirs.items():
                mine[key] = get(key, 0) + n

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


class Packed(Mapping):
    """A reporter's tally packed flat for the trip from a worker and the parent's merge:
    no Counter, Sum or Rates object is pickled or merged, only one dict keyed (path, tag)
    of plain dicts of counts (a Counter's, a Rates' results or cells, a set's members, a
    Sum's count, whole part, Fraction part and non-integral values) and ints (an int; 0
    marks an empty dict), so that merging two batches is a few loops of additions. Values
    seen first (`First`), lists and anything else are kept beside it by path. Read as a
    mapping it is the nested tally again (unpacked once, when first read)."""

    __slots__ = ("counts", "firsts", "lists", "others", "_nested")

    def __init__(self, counts=None, firsts=None, lists=None, others=None):
        self.counts: dict = counts if counts is not None else {}
        self.firsts: dict = firsts if firsts is not None else {}  # path -> (index, value)
        self.lists: dict = lists if lists is not None else {}     # path -> list
        self.others: dict = others if others is not None else {}  # path -> a mergeable
        self._nested = None

    @classmethod
    def of(cls, tally: dict) -> "Packed":
        out = cls()
        _pack(tally, (), out)
        return out

    def merge(self, other: "Packed") -> None:
        """Adds `other` in (its dicts are taken over, as `merge` takes over what `into`
        lacks)."""
        counts = self.counts
        get = counts.get
        for key, value in other.counts.items():
            mine = get(key)
            if mine is None:
                counts[key] = value
            elif type(value) is dict:
                have = mine.get
                for k, n in value.items():
                    mine[k] = have(k, 0) + n
                if key[1] == "S" and len(mine) > Sum.FOLD + 3:  # n, w, p and the values
                    _fold_packed(mine)
            else:
                counts[key] = mine + value
        firsts = self.firsts
        for path, first in other.firsts.items():
            mine = firsts.get(path)
            if mine is None or first[0] < mine[0]:
                firsts[path] = first
        for path, items in other.lists.items():
            slot(self.lists, path, list).extend(items)
        for path, value in other.others.items():
            self.others[path] = merge(self.others[path], value) if path in self.others \
                else value
        self._nested = None

    def nested(self) -> dict:
        """The tally as the reporter's `add` made it (dicts, Counters, Sums, Rates...)."""
        if self._nested is None:
            self._nested = _unpack(self)
        return self._nested

    def __getitem__(self, key):
        return self.nested()[key]

    def __iter__(self):
        return iter(self.nested())

    def __len__(self) -> int:
        return len(self.nested())

    def __getstate__(self):
        return (self.counts, self.firsts, self.lists, self.others)

    def __setstate__(self, state):
        self.counts, self.firsts, self.lists, self.others = state
        self._nested = None


def _fold_packed(entry: dict) -> None:
    """A packed Sum's non-integral values folded into its Fraction part ("p"), as
    `Sum._fold` does: the batches' distinct values do not pile up in the parent."""
    values = [(v, t) for v, t in entry.items() if v not in ("n", "w", "p")]
    entry["p"] = entry.get("p", 0) + sum(Fraction(v) * t for v, t in values)
    for v, _ in values:
        del entry[v]


def _pack(node: dict, path: tuple, out: Packed) -> None:
    counts = out.counts
    if not node:  # a dict with entries is made again from them
        counts[path, "D"] = 0
    for key, value in node.items():
        here = path + (key,)
        kind = type(value)
        if kind is Counter:
            counts[here, "C"] = dict(value)
        elif kind is dict:
            if value and all(type(n) is int for n in value.values()):
                counts[here, "N"] = value  # a dict of counts, merged key by key
            else:
                _pack(value, here, out)
        elif kind is Sum:  # {"n": count, "w": whole part, "p": Fraction part, value: times}
            counts[here, "S"] = ({"n": value.n, "w": value.whole, "p": value.part, **value.values}
                                 if value.part else
                                 {"n": value.n, "w": value.whole, **value.values})
        elif kind is Rates:
            counts[here, "Rr"] = value.results
            counts[here, "Rc"] = value.cells
        elif kind is int:
            counts[here, "I"] = value
        elif kind is set:
            counts[here, "T"] = dict.fromkeys(value, 1)
        elif kind is First:
            out.firsts[here] = (value.index, value.value)
        elif kind is list:
            out.lists[here] = value
        else:
            out.others[here] = value


def _unpack(packed: Packed) -> dict:
    root: dict = {}
    nodes: dict = {(): root}

    def node(path, make):
        got = nodes.get(path)
        if got is None:
            got = nodes[path] = make()
            node(path[:-1], dict)[path[-1]] = got
        return got

    for (path, tag), value in packed.counts.items():
        if tag == "D":
            node(path, dict)
        elif tag == "I":
            node(path[:-1], dict)[path[-1]] = value
        elif tag == "C":
            node(path, Counter).update(value)
        elif tag == "N":
            node(path, dict).update(value)
        elif tag == "T":
            node(path, set).update(value)
        elif tag in ("Rr", "Rc"):
            rates = node(path, Rates)
            if tag == "Rr":
                rates.results = dict(value)
            else:
                rates.cells = dict(value)
        else:  # "S"
            total = node(path, Sum)
            values = dict(value)
            total.n, total.whole, total.part = values.pop("n"), values.pop("w"), \
                values.pop("p", 0)
            total.values = values
            if len(values) > Sum.FOLD:
                total._fold()
    for path, (index, value) in packed.firsts.items():
        node(path[:-1], dict)[path[-1]] = First(index, value)
    for path, value in [*packed.lists.items(), *packed.others.items()]:
        node(path[:-1], dict)[path[-1]] = value
    return root


def merge(into: Any, other: Any) -> Any:
    """Adds tally `other` into `into` (both nested dicts of the same shape, or `Packed`);
    returns it."""
    if isinstance(other, Packed):
        if not isinstance(into, Packed):
            into = Packed.of(into)
        into.merge(other)
    elif isinstance(into, Packed):
        into.merge(Packed.of(other))
    elif isinstance(into, Counter):
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
