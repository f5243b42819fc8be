"""View models of report.html: one row per metric with its texts and the coordinates of a
small interval plot (tolerance band, 95 % interval, estimate), so the template only loops.
Rows come in two tables (the question, then the game-wide metrics); an undecided row shows
its interval and "undecided", never a p-value or a direction."""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.compare import gsprt
from toolkit.compare.report import change_parts, change_text, value_text
from toolkit.compare.run import Comparison
from toolkit.compare.sequential import UNOBSERVED

WIDTH, HALF = 180, 84
DECISIONS = {gsprt.INCREASE: "increase", gsprt.DECREASE: "decrease",
             gsprt.NO_CHANGE: "no meaningful change", gsprt.INCONCLUSIVE: "undecided",
             UNOBSERVED: "never came up"}


@dataclass(frozen=True)
class Row:
    name: str
    label: str
    baseline: str
    candidate: str
    change: str                      # decided: "+4.6 pp (+3.3 to +5.9)"; undecided: interval
    decision: str
    css: str
    games: str
    band: tuple[float, float]        # x of −tolerance, width of the band
    interval: tuple[float, float]    # x1, x2 of the 95 % interval
    dot: float | None
    tolerance: str


def _plot(result) -> tuple[tuple[float, float], tuple[float, float], float | None]:
    tol = result.tolerance
    ci = None if result.few and not result.changed else result.estimate.ci()
    reach = max([2 * tol] + ([abs(ci[0]), abs(ci[1])] if ci else []))
    x = lambda v: WIDTH / 2 + v / reach * HALF  # noqa: E731 - a local scale
    band = (x(-tol), x(tol) - x(-tol))
    if ci is None:
        return band, (WIDTH / 2, WIDTH / 2), None
    return band, (x(ci[0]), x(ci[1])), x(result.estimate.delta)


def _change(r) -> str:
    parts = change_parts(r)
    if parts is None:
        return "–"
    delta, lo, hi, unit = parts
    if r.decision == gsprt.INCONCLUSIVE and r.few:
        return f"so far {delta}{unit}, in only {r.seen} seeds (too few for an interval)"
    if r.decision == gsprt.INCONCLUSIVE:
        return f"so far {delta}{unit}, 95 % interval {lo} to {hi}{unit}"
    return f"{delta}{unit} ({lo} to {hi})"


def _row(r, comparison: Comparison) -> Row:
    est = r.estimate
    band, interval, dot = _plot(r)
    tol = change_text(r, r.tolerance, sign=False)
    return Row(
        r.metric.name, r.metric.label,
        value_text(r, est.baseline) if est.baseline is not None else "–",
        value_text(r, est.candidate) if est.candidate is not None else "–",
        _change(r), DECISIONS[r.decision], r.decision,
        f"{r.decided_at if r.decided_at is not None else comparison.games:,}",
        band, interval, dot, f"±{tol}")


def tables(comparison: Comparison) -> list[tuple[str, list[Row]]]:
    """(title, rows) of the question's metrics, then of the game-wide ones."""
    question = [_row(r, comparison) for r in comparison.question]
    others = [_row(r, comparison) for r in comparison.others]
    if not others:
        return [("The question's metrics", question)]
    return [("The question: metrics of what the edit changed", question),
            ("Game-wide metrics (the same games; decided ones only are verdicts)", others)]
