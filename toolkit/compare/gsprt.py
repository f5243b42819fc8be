"""The generalised sequential probability ratio test (GSPRT) that decides, after each batch of
paired games, whether a metric went up, went down, stayed within its tolerance, or needs more
games; and the Holm step-down rule that runs one such test per metric of a family.

One metric, tolerance ε > 0, paired estimate d of the change Δ with variance v (estimated
from the data, as Fishtest's GSPRT does: the normal approximation with the empirical variance):

    LLR(μ0 → μ1) = (μ1 − μ0) · (2d − μ0 − μ1) / (2v)

Two one-sided tests run side by side (Sobel and Wald's three-decision procedure):
*up* tests Δ = 0 against Δ = +ε, *down* tests Δ = 0 against Δ = −ε, each at level α/2 and
with type II error β. Wald's bounds are A = ln((1 − β)/(α/2)) and B = ln(β/(1 − α/2)).

- up ≥ A → *increase*; down ≥ A → *decrease* (a change, at most α of the time when Δ = 0);
  for these two, *up* (and *down*) is the log of the mean likelihood ratio over the
  alternatives Δ = ±ε, ±2ε, ±4ε, ±8ε (a mixture SPRT: still a test martingale under Δ = 0,
  so Ville's inequality keeps the level; a change much larger than ε is found in far fewer
  games than against +ε alone, at the price of ln 4 on the bound for a change of ε);
- up ≤ B and down ≤ B → *no meaningful change* (at most β of the time when |Δ| ≥ ε);
- otherwise keep playing. Changes strictly between 0 and ±ε may go either way: ε is the
  smallest change worth finding, not a guarantee about smaller ones.

A decision never contradicts the 95 % interval d ± 1.96·√v printed beside it: a change
needs the interval to leave out 0, "no meaningful change" needs it inside (−ε, +ε). At the
default α and β the bounds imply both (a change needs |d|/√v ≥ 2.7, a no-change an
interval within ±0.83ε); for a large --alpha or --beta the interval is checked as well.

Several metrics (the family): every metric runs this test; α is shared by Holm's step-down
rule carried over to sequential tests (after Bartroff & Lai 2010, "Multistage tests of
multiple hypotheses"; De & Baron 2012): with K metrics of which r are already decided as
changed, the next change is accepted at level α/(K − r), so the first needs α/K (Bonferroni). A decision is final once
made. The run stops when every metric has decided, or at the game cap (the undecided ones
are then *inconclusive*). Only this rule stops a run early.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional

INCREASE = "increase"
DECREASE = "decrease"
NO_CHANGE = "no_change"
INCONCLUSIVE = "inconclusive"
CHANGED = (INCREASE, DECREASE)
MIXTURE = (1, 2, 4, 8)   # the alternatives of a change decision, as multiples of ε
Z95 = 1.959963984540054


def llr(d: float, variance: float, mu0: float, mu1: float) -> float:
    """Normal-approximation log-likelihood ratio of Δ = mu1 against Δ = mu0."""
    if variance <= 0:
        raise ValueError("the variance of a GSPRT estimate must be positive")
    return (mu1 - mu0) * (2 * d - mu0 - mu1) / (2 * variance)


def bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's (lower, upper) stopping bounds of one SPRT at level alpha and type II error beta."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


@dataclass(frozen=True)
class Test:
    """The state of one metric's three-decision test after a look."""

    up: float            # LLR of Δ = +ε against Δ = 0 (the "no change" decision)
    down: float          # LLR of Δ = −ε against Δ = 0
    up_mix: Optional[float] = None     # log mean LR over Δ = +mε (the change decision)
    down_mix: Optional[float] = None
    interval: Optional[tuple[float, float]] = None   # the 95 % interval of Δ at this look
    tolerance: Optional[float] = None

    @property
    def rise(self) -> float:
        return self.up if self.up_mix is None else self.up_mix

    @property
    def fall(self) -> float:
        return self.down if self.down_mix is None else self.down_mix

    @property
    def change(self) -> float:
        return max(self.rise, self.fall)


def _mixture(d: float, variance: float, tolerance: float) -> float:
    logs = [llr(d, variance, 0.0, m * tolerance) for m in MIXTURE]
    top = max(logs)
    return top + math.log(sum(math.exp(x - top) for x in logs) / len(logs))


def evaluate(d: float, variance: float, tolerance: float) -> Test:
    """Both one-sided LLRs of an estimate d (variance v) for tolerance ε, and their
    mixtures over larger changes."""
    half = Z95 * math.sqrt(variance)
    return Test(llr(d, variance, 0.0, tolerance), llr(d, variance, 0.0, -tolerance),
                _mixture(d, variance, tolerance), _mixture(d, variance, -tolerance),
                (d - half, d + half), tolerance)


def decide(test: Test, alpha: float, beta: float, change: bool = True) -> str | None:
    """One metric's decision at family level alpha (split over the two directions), or None;
    `change` False: not yet a change (its metric came up in too few units)."""
    lower, upper = bounds(alpha / 2, beta)
    lo, hi = test.interval or (math.inf, -math.inf)   # no interval: the bounds alone
    if change and test.rise >= upper and (test.interval is None or lo > 0):
        return INCREASE
    if change and test.fall >= upper and (test.interval is None or hi < 0):
        return DECREASE
    inside = test.interval is None or -test.tolerance < lo <= hi < test.tolerance
    if test.up <= lower and test.down <= lower and inside:
        return NO_CHANGE
    return None


def step_down(tests: dict[str, Test], decided: dict[str, str], total: int,
              alpha: float, beta: float, ready=None) -> dict[str, str]:
    """New decisions at this look for the undecided metrics in `tests` (Holm step-down).

    `decided` holds the earlier decisions, `total` is the family size K. The metrics most
    likely changed are tried first, each at level α/(K − r) with r changes found so far.
    `ready`: the metrics that may be found changed yet (None: all); the others may only
    be found unchanged, since a plug-in variance from a handful of units is not to be
    trusted far out in the tail a change decision reads."""
    changes = sum(1 for v in decided.values() if v in CHANGED)
    new: dict[str, str] = {}
    order = sorted((n for n in tests if n not in decided), key=lambda n: -tests[n].change)
    for name in order:
        level = alpha / max(1, total - changes)
        verdict = decide(tests[name], level, beta, ready is None or name in ready)
        if verdict in CHANGED:
            new[name] = verdict
            changes += 1
        elif verdict == NO_CHANGE:
            new[name] = verdict
    return new
