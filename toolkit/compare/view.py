"""View models of report.html: one row per metric with its texts and the coordinates of a
small interval plot (tolerance band, 95 % interval, estimate), so the template only loops."""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.compare import gsprt
from toolkit.compare.report import change_text, value_text
from toolkit.compare.run import Comparison
from toolkit.compare.sequential import UNOBSERVED

WIDTH, HALF = 180, 84
DECISIONS = {gsprt.INCREASE: "increase", gsprt.DECREASE: "decrease",
             gsprt.NO_CHANGE: "no meaningful change", gsprt.INCONCLUSIVE: "inconclusive",
             UNOBSERVED: "never came up"}


@dataclass(frozen=True)
class Row:
    name: str
    label: str
    baseline: str
    candidate: str
    change: str
    decision: str
    css: str
    games: str
    p_holm: str
    band: tuple[float, float]        # x of −tolerance, width of the band
    interval: tuple[float, float]    # x1, x2 of the 95 % interval
    dot: float | None


def _plot(result) -> tuple[tuple[float, float], tuple[float, float], float | None]:
    tol = result.tolerance
    ci = result.estimate.ci()
    reach = max([2 * tol] + ([abs(ci[0]), abs(ci[1])] if ci else []))
    x = lambda v: WIDTH / 2 + v / reach * HALF  # noqa: E731 - a local scale
    band = (x(-tol), x(tol) - x(-tol))
    if ci is None:
        return band, (WIDTH / 2, WIDTH / 2), None
    return band, (x(ci[0]), x(ci[1])), x(result.estimate.delta)


def rows(comparison: Comparison) -> list[Row]:
    out = []
    for r in comparison.results:
        est = r.estimate
        band, interval, dot = _plot(r)
        measured = est.delta is not None
        out.append(Row(
            r.metric.name, r.metric.label,
            value_text(r, est.baseline) if est.baseline is not None else "–",
            value_text(r, est.candidate) if est.candidate is not None else "–",
            (change_text(r, est.delta) + " ± " + change_text(
                r, (est.ci()[1] - est.ci()[0]) / 2, sign=False)) if measured else "–",
            DECISIONS[r.decision], r.decision,
            f"{r.decided_at if r.decided_at is not None else comparison.games:,}",
            f"{r.p_holm:.3g}" if r.p_holm is not None else "–",
            band, interval, dot))
    return out
