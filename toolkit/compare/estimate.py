"""The paired estimate of one metric's change with its variance: the delta method over units.

Each unit u gives sums x_A(u) (baseline) and x_B(u) (candidate) of the same seed and seat
rotations. A metric is f(mean of x), so the change is D = f(x̄_B) − f(x̄_A). Linearising f at
the means gives each unit an influence z_u = ∇f(x̄_B)·x_B(u) − ∇f(x̄_A)·x_A(u), and
Var(D) ≈ s²(z)/U: the pairing enters through z, so luck shared by both versions cancels.
Gradients are taken numerically, so a new metric needs only its value function. Running sums
of x and of its (sparse) outer products make each look cost O(keys²), not O(units).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from toolkit.compare.metrics import Metric, Sums

STEP = 1e-6
FLAT = 1e-9      # below this (relative to the floor), the observed variance is rounding
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Estimate:
    """A metric on both versions over `units` paired units; None where not yet defined."""

    baseline: float | None
    candidate: float | None
    units: int
    variance: float | None = None   # of the change, after the floor
    flat: bool = False              # every unit's paired difference was the same (no
                                    # variance observed: the variance is the floor alone)

    @property
    def delta(self) -> float | None:
        if self.baseline is None or self.candidate is None:
            return None
        return self.candidate - self.baseline

    @property
    def se(self) -> float | None:
        return None if self.variance is None else math.sqrt(self.variance)

    def ci(self, z: float = Z95) -> tuple[float, float] | None:
        if self.delta is None or self.se is None:
            return None
        return (self.delta - z * self.se, self.delta + z * self.se)


def _gradient(metric: Metric, means: dict[str, float], at: float) -> list[float]:
    grad = []
    for key, value in means.items():
        h = STEP * max(abs(value), 1e-3)
        moved = metric.value({**means, key: value + h})
        grad.append(0.0 if moved is None else (moved - at) / h)
    return grad


class Accumulator:
    """Running sums of one metric's keys on both versions, and their cross products."""

    def __init__(self, metric: Metric):
        self.metric = metric
        self.keys = tuple(dict.fromkeys(metric.keys))
        self.units = 0
        self.total = [0.0] * (2 * len(self.keys))           # baseline keys, then candidate
        self.cross: dict[tuple[int, int], float] = {}

    def add(self, base: Sums, cand: Sums) -> None:
        n = len(self.keys)
        entries = [(i, base[k]) for i, k in enumerate(self.keys) if base.get(k)]
        entries += [(n + i, cand[k]) for i, k in enumerate(self.keys) if cand.get(k)]
        for i, v in entries:
            self.total[i] += v
        for a, (i, v) in enumerate(entries):
            for j, w in entries[a:]:
                self.cross[i, j] = self.cross.get((i, j), 0.0) + v * w
        self.units += 1

    def estimate(self, unit_floor: float) -> Estimate:
        """The change so far; `unit_floor` is the least per-unit variance of the influence (so
        that identical versions, whose differences are all zero, get a finite statistic)."""
        units, n = self.units, len(self.keys)
        if units < 2:
            return Estimate(None, None, units)
        mean_a = {k: self.total[i] / units for i, k in enumerate(self.keys)}
        mean_b = {k: self.total[n + i] / units for i, k in enumerate(self.keys)}
        a, b = self.metric.value(mean_a), self.metric.value(mean_b)
        if a is None or b is None:
            return Estimate(a, b, units)
        g = [-x for x in _gradient(self.metric, mean_a, a)] + _gradient(self.metric, mean_b, b)
        sum_z = sum(gi * t for gi, t in zip(g, self.total))
        sum_z2 = sum((1 if i == j else 2) * g[i] * g[j] * s for (i, j), s in self.cross.items())
        unit_var = max(0.0, (sum_z2 - sum_z * sum_z / units) / (units - 1))
        flat = unit_var <= FLAT * unit_floor
        return Estimate(a, b, units, max(unit_var, unit_floor) / units, flat)
