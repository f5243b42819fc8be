"""The sequential A/B test of a family of metrics: paired units arrive in batches, and after
each batch every undecided metric is re-estimated and put to the GSPRT (gsprt.py, whose
docstring states the decision rule). It knows nothing about games: tests feed it synthetic
units, `toolkit.compare.run` feeds it real ones.

A decision keeps the estimate it was made from: the verdict, its interval and its game count
all describe the same games (a later estimate over more games is kept apart, as `latest`).
No metric is decided before it came up in MIN_UNITS units, nor while every unit gave the
same paired difference (no variance observed, so the variance would be the floor alone):
such a *flat* metric waits until it came up in FLAT_UNITS units. The exception is two
versions known to play identical games (same content and rules: `identical`), where a zero
difference is not a sample but a fact.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from toolkit.compare import gsprt
from toolkit.compare.estimate import Accumulator, Estimate
from toolkit.compare.metrics import Metric, Sums

MIN_UNITS = 20   # no decision before this many paired units, nor in a metric before it
                 # came up in this many: the variance needs data
FLAT_UNITS = 150  # a metric whose paired differences never varied waits for this many units
                  # it came up in: had none of 150 shown a difference, fewer than 2 % of
                  # units (3/150, the rule of three) differ at 95 % confidence
UNOBSERVED = "unobserved"   # never came up in either version (e.g. a party no agent picks)


@dataclass(frozen=True)
class MetricResult:
    """A metric's outcome: estimate, decision and when it was decided. There is no p-value:
    the decision is the sequential test's, and an undecided metric has only its interval."""

    metric: Metric
    tolerance: float
    estimate: Estimate
    decision: str
    decided_at: int | None      # paired games when decided
    test: gsprt.Test | None
    seen: int | None = None     # units the metric came up in (decided: by the decision)
    latest: Estimate | None = None   # decided: the estimate over every unit played since
    seen_latest: int | None = None   # ... and the units the metric came up in by then

    @property
    def few(self) -> bool:
        """Came up in too few units for its interval to mean much (no change decided yet)."""
        return self.seen is not None and self.seen < MIN_UNITS

    @property
    def changed(self) -> bool:
        return self.decision in gsprt.CHANGED


class SequentialTest:
    """Accumulates paired units and decides each metric as soon as the GSPRT allows."""

    def __init__(self, metrics: Sequence[Metric], tolerances: dict[str, float],
                 alpha: float = 0.05, beta: float = 0.05, min_units: int = MIN_UNITS,
                 identical: bool = False):
        if not metrics:
            raise ValueError("a sequential test needs at least one metric")
        self.metrics = list(metrics)
        self.tolerances = tolerances
        self.alpha, self.beta, self.min_units = alpha, beta, min_units
        self.identical = identical      # the versions play the same games (no sampling)
        self.at_decision: dict[str, tuple[Estimate, int]] = {}   # estimate and units seen
        self.accumulators = {m.name: Accumulator(m) for m in self.metrics}
        self.units = 0
        self.games = 0
        self.decided: dict[str, str] = {}
        self.decided_at: dict[str, int] = {}
        self.tests: dict[str, gsprt.Test] = {}
        self.estimates: dict[str, Estimate] = {}
        self.seen = {m.name: 0 for m in self.metrics}   # units the metric came up in

    def tolerance(self, metric: Metric) -> float:
        return self.tolerances[metric.family]

    def observed(self, metric: Metric) -> bool:
        est = self.estimates.get(metric.name)
        return est is not None and (est.baseline is not None or est.candidate is not None)

    @property
    def done(self) -> bool:
        """Every metric decided, except those never observed in either version."""
        if self.units < self.min_units:
            return False
        return all(m.name in self.decided or not self.observed(m) for m in self.metrics)

    def add(self, pairs: Sequence[tuple[Sums, Sums]], games: int) -> dict[str, str]:
        """Add units (and the paired games they hold), look, and return the new decisions."""
        self.units += len(pairs)
        self.games += games
        present = [{k for k, v in base.items() if v} | {k for k, v in cand.items() if v}
                   for base, cand in pairs]
        for metric in self.metrics:
            acc = self.accumulators[metric.name]
            for base, cand in pairs:
                acc.add(base, cand)
            self.seen[metric.name] += sum(not keys.isdisjoint(metric.keys) for keys in present)
            eps = self.tolerance(metric)
            est = acc.estimate(unit_floor=eps * eps)
            self.estimates[metric.name] = est
            if est.delta is not None and metric.name not in self.decided:
                self.tests[metric.name] = gsprt.evaluate(est.delta, est.variance, eps)
        if self.units < self.min_units:
            return {}
        ready = {n: t for n, t in self.tests.items() if self.decidable(n)}
        new = gsprt.step_down(ready, self.decided, len(self.metrics), self.alpha, self.beta)
        for name, verdict in new.items():
            self.decided[name] = verdict
            self.decided_at[name] = self.games
            self.at_decision[name] = (self.estimates[name], self.seen[name])
        return new

    def decidable(self, name: str) -> bool:
        """Whether a metric may be decided at this look: it came up in MIN_UNITS units and
        its paired differences varied (or it came up in FLAT_UNITS units); any metric of
        versions that play identical games."""
        if self.identical:
            return True
        seen = self.seen[name]
        est = self.estimates.get(name)
        flat = est is not None and est.flat
        return seen >= (FLAT_UNITS if flat else self.min_units)

    def results(self) -> list[MetricResult]:
        """Every metric in family order; undecided ones are inconclusive. A decided metric's
        estimate is the one its decision read (`latest`: the estimate over every unit)."""
        out = []
        for metric in self.metrics:
            latest = self.estimates.get(metric.name) or Estimate(None, None, self.units)
            est, seen = self.at_decision.get(metric.name, (latest, self.seen[metric.name]))
            open_ = gsprt.INCONCLUSIVE if self.observed(metric) else UNOBSERVED
            out.append(MetricResult(
                metric, self.tolerance(metric), est,
                self.decided.get(metric.name, open_),
                self.decided_at.get(metric.name), self.tests.get(metric.name),
                seen, latest if metric.name in self.decided else None,
                self.seen[metric.name]))
        return out
