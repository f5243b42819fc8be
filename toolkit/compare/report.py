"""What a comparison says: the verdict in words (first), report.json (per metric: baseline,
candidate, delta, ci95, decision, games) and report.html rendered through a Jinja template."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from toolkit import TEMPLATES_DIR
from toolkit.compare import gsprt
from toolkit.compare.diff import as_json
from toolkit.compare.run import Comparison
from toolkit.compare.sequential import MIN_UNITS, UNOBSERVED, MetricResult
from toolkit.sim.output import write_atomic

TEMPLATE_DIR = TEMPLATES_DIR / "compare"
PHRASES = {
    "seat": ("makes {label} win more often", "makes {label} win less often"),
    "seat_balance": ("makes the seats less balanced", "makes the seats more balanced"),
    "rounds": ("makes games longer", "makes games shorter"),
    "glory": ("gives more {label}", "gives less {label}"),
}
WIN = ("makes {label} stronger", "makes {label} weaker")          # a group's id (a hero...)
BALANCE = ("makes the {group} balance worse", "makes the {group} balance better")
TOLERANCE_NAMES = {"win": "win rates", "balance": "balance", "rounds": "game length",
                   "glory": "glory per player", "metric": "other metrics per player"}
OTHER = ("makes {label} higher", "makes {label} lower")   # a game's own metric or group


def value_text(result: MetricResult, value: float) -> str:
    family = result.metric.family
    if result.metric.percent:
        return f"{value * 100:.1f} %"
    return f"{value:.2f} rounds" if family == "rounds" else f"{value:.2f}"


def change_text(result: MetricResult, value: float, sign: bool = True) -> str:
    unit = " pp" if result.metric.percent else ""
    scale = 100 if result.metric.percent else 1
    return f"{value * scale:{'+' if sign else ''}.{1 if result.metric.percent else 2}f}{unit}"


def estimate_text(result: MetricResult) -> str:
    """`31.2 % → 35.8 % (+4.6 ± 1.3 pp)`; ± is the half-width of the 95 % interval."""
    est = result.estimate
    if est.delta is None:
        return "not measured (it never came up in both versions)"
    lo, hi = est.ci()
    half = change_text(result, (hi - lo) / 2, sign=False).replace(" pp", "")
    return (f"{value_text(result, est.baseline)} → {value_text(result, est.candidate)} "
            f"({change_text(result, est.delta).replace(' pp', '')} ± {half}"
            f"{' pp' if result.metric.percent else ''})")


def tolerance_text(comparison: Comparison) -> str:
    families = dict.fromkeys(r.metric.family for r in comparison.results)
    parts = []
    for family in families:
        tol = comparison.options.tolerances[family]
        shown = f"±{tol * 100:g} pp" if family in ("win", "balance") else f"±{tol:g}"
        shown += " rounds" if family == "rounds" else ""
        parts.append(f"{TOLERANCE_NAMES[family]} {shown}")
    return ", ".join(parts)


def change_line(result: MetricResult) -> str:
    kind = result.metric.name.partition(":")[0]
    family = result.metric.family
    up, down = PHRASES.get(kind) or (WIN if family == "win" else BALANCE if family == "balance"
                                     else OTHER)
    group = kind.removesuffix("_balance").replace("_", " ")
    phrase = (up if result.decision == gsprt.INCREASE else down).format(
        label=result.metric.label, group=group)
    spread = "spread of win rates " if result.metric.family == "balance" else ""
    return (f"Candidate {phrase}: {spread}{estimate_text(result)}, decided after "
            f"{result.decided_at:,} paired games")


def verdict_lines(comparison: Comparison, limit: int = 6) -> list[str]:
    """The headline: every change found (metrics about the edited cards first, then by
    evidence), else no change, else inconclusive with the estimate so far."""
    results, games = comparison.results, comparison.games
    touched = {d.id for d in comparison.diff}
    changed = sorted(comparison.changed, key=lambda r: (
        r.metric.name.partition(":")[2] not in touched, -(r.test.change if r.test else 0)))
    open_ = [r for r in results if r.decision == gsprt.INCONCLUSIVE]
    lines = [change_line(r) for r in changed[:limit]]
    if len(changed) > limit:
        lines.append(f"… and {len(changed) - limit} more changes (see the report)")
    if comparison.verdict == "no_change":
        if len(results) == 1:
            lines.append(f"No meaningful change in {results[0].metric.label}: "
                         f"{estimate_text(results[0])}, within {tolerance_text(comparison)}; "
                         f"decided after {games:,} paired games")
        else:
            seen = [r for r in results if r.decision == gsprt.NO_CHANGE]
            lines.append(f"No meaningful change: all {len(seen)} metrics stayed within "
                         f"tolerance ({tolerance_text(comparison)}), decided after "
                         f"{games:,} paired games")
    elif open_:
        widest = max(open_, key=lambda r: abs(r.estimate.delta or 0) / (r.estimate.se or 1))
        head = "Inconclusive" if not changed else "Still undecided"
        why = "interrupted" if comparison.interrupted else "the cap"
        few = (f"; no decision comes before {MIN_UNITS} seeds, this run had "
               f"{comparison.units}" if comparison.units < MIN_UNITS else "")
        lines.append(f"{head} after {games:,} paired games ({why}{few}): {len(open_)} of "
                     f"{len(results)} metrics undecided; the clearest is {widest.metric.label}: "
                     f"{estimate_text(widest)}")
    unseen = [r.metric.label for r in results if r.decision == UNOBSERVED]
    if unseen:
        lines.append(f"Never came up in either version: {', '.join(unseen)}")
    return lines


def diff_lines(comparison: Comparison, limit: int = 12) -> list[str]:
    diffs = comparison.diff
    if not diffs:
        return ["The two versions have identical content."]
    lines = [d.text() for d in diffs[:limit]]
    if len(diffs) > limit:
        lines.append(f"… and {len(diffs) - limit} more entries (see report.json)")
    return lines


def _side(version) -> dict[str, Any]:
    return {"spec": version.spec, "commit": version.commit}


def metric_json(result: MetricResult, total_games: int) -> dict[str, Any]:
    est = result.estimate
    return {
        "metric": result.metric.name, "label": result.metric.label,
        "family": result.metric.family, "tolerance": result.tolerance,
        "baseline": est.baseline, "candidate": est.candidate, "delta": est.delta,
        "ci95": list(est.ci()) if est.ci() else None, "se": est.se,
        "decision": result.decision,
        "games": result.decided_at if result.decided_at is not None else total_games,
        "llr_up": result.test.up if result.test else None,
        "llr_down": result.test.down if result.test else None,
        "p_holm": result.p_holm,
    }


def report_json(comparison: Comparison) -> dict[str, Any]:
    opts = comparison.options
    played = 2 * comparison.games
    return {
        "verdict": comparison.verdict,
        "summary": verdict_lines(comparison),
        "touched": diff_lines(comparison),
        "baseline": _side(comparison.baseline), "candidate": _side(comparison.candidate),
        "settings": {
            "alpha": opts.alpha, "beta": opts.beta, "max_games": opts.max_games,
            "batch": opts.batch, "tolerances": opts.tolerances, "players": comparison.players,
            "agents": comparison.lineup, "seed": opts.seed, "metrics": len(comparison.results),
            "rule": "GSPRT per metric (up and down at alpha/2 each), Holm step-down over "
                    "the family; stop when every metric has decided or at max_games",
        },
        "games": comparison.games, "units": comparison.units,
        "games_played": played, "seconds": round(comparison.seconds, 2),
        "games_per_second": round(played / comparison.seconds, 2) if comparison.seconds else None,
        "interrupted": comparison.interrupted,
        "metrics": [metric_json(r, comparison.games) for r in comparison.results],
        "diff": as_json(comparison.diff),
    }


def render_html(comparison: Comparison, data: dict[str, Any]) -> str:
    from toolkit.compare.view import rows

    from toolkit.render.sandbox import environment

    env = environment([TEMPLATE_DIR])
    return env.get_template("report.html.j2").render(
        data=data, rows=rows(comparison), diff=comparison.diff)


def write_reports(comparison: Comparison, out_dir: Path) -> dict[str, Path]:
    """report.json and report.html in `out_dir` (each written to a temp file, then renamed)."""
    data = report_json(comparison)
    out_dir = Path(out_dir)
    return {
        "json": write_atomic(out_dir / "report.json",
                             json.dumps(data, ensure_ascii=False, indent=1) + "\n"),
        "html": write_atomic(out_dir / "report.html", render_html(comparison, data)),
    }
