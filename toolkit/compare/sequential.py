"""The sequential A/B test of a family of metrics: paired units arrive in batches, and after
each batch every undecided metric is re-estimated and put to the GSPRT (gsprt.py, whose
docstring states the decision rule). It knows nothing about games: tests feed it synthetic
units, `toolkit.compare.run` feeds it real ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from toolkit.compare import gsprt
from toolkit.compare.estimate import Accumulator, Estimate
from toolkit.compare.metrics import Metric, Sums

MIN_UNITS = 20   # no decision before this many paired units (and no change found in a
                 # metric before it came up in this many): the variance needs data
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
    seen: int | None = None     # units the metric came up in (None: not counted)

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
                 alpha: float = 0.05, beta: float = 0.05, min_units: int = MIN_UNITS):
        if not metrics:
            raise ValueError("a sequential test needs at least one metric")
        self.metrics = list(metrics)
        self.tolerances = tolerances
        self.alpha, self.beta, self.min_units = alpha, beta, min_units
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
        ready = {n for n, seen in self.seen.items() if seen >= self.min_units}
        new = gsprt.step_down(self.tests, self.decided, len(self.metrics), self.alpha, self.beta,
                              ready)
        for name, verdict in new.items():
            self.decided[name] = verdict
            self.decided_at[name] = self.games
        return new

    def results(self) -> list[MetricResult]:
        """Every metric in family order; undecided ones are inconclusive."""
        out = []
        for metric in self.metrics:
            est = self.estimates.get(metric.name) or Estimate(None, None, self.units)
            open_ = gsprt.INCONCLUSIVE if self.observed(metric) else UNOBSERVED
            out.append(MetricResult(
                metric, self.tolerance(metric), est,
                self.decided.get(metric.name, open_),
                self.decided_at.get(metric.name), self.tests.get(metric.name),
                self.seen[metric.name]))
        return out
