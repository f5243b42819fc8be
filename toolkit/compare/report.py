"""What a comparison says: the verdict in words (first), report.json (per metric: baseline,
candidate, delta, ci95, decision, games) and report.html rendered through a Jinja template."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from toolkit import TEMPLATES_DIR
from toolkit.compare import gsprt
from toolkit.compare.diff import as_json
from toolkit.compare.looks import LOOK_UNITS
from toolkit.compare.run import Comparison
from toolkit.compare.sequential import FLAT_UNITS, MIN_UNITS, UNOBSERVED, MetricResult
from toolkit.sim.output import write_atomic

TEMPLATE_DIR = TEMPLATES_DIR / "compare"
PHRASES = {
    "seat": ("makes {label} win more often", "makes {label} win less often"),
    "seat_balance": ("makes the seats less balanced", "makes the seats more balanced"),
    "rounds": ("makes games longer", "makes games shorter"),
    "glory": ("gives more {label}", "gives less {label}"),
    "use": ("makes the {label} more frequent", "makes the {label} less frequent"),
}
WIN = ("makes {label} stronger", "makes {label} weaker")          # a group's id (a hero...)
BALANCE = ("makes the {group} balance worse", "makes the {group} balance better")
TOLERANCE_NAMES = {"win": "win rates", "balance": "balance", "rounds": "game length",
                   "glory": "glory per player", "use": "uses per player",
                   "metric": "other metrics per player"}
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


def tolerance_text(comparison: Comparison, results=None) -> str:
    results = comparison.results if results is None else results
    families = dict.fromkeys(r.metric.family for r in results)
    parts = []
    for family in families:
        tol = comparison.options.tolerances[family]
        shown = f"±{tol * 100:g} pp" if family in ("win", "balance") else f"±{tol:g}"
        shown += " rounds" if family == "rounds" else ""
        parts.append(f"{TOLERANCE_NAMES[family]} {shown}")
    return ", ".join(parts)


def change_parts(result: MetricResult) -> tuple[str, str, str, str] | None:
    """The change, its 95 % interval's ends (signed, without unit) and the unit (' pp' or
    ''), or None before anything was measured."""
    est = result.estimate
    if est.delta is None:
        return None
    lo, hi = est.ci()
    bare = lambda v: change_text(result, v).replace(" pp", "")  # noqa: E731
    return bare(est.delta), bare(lo), bare(hi), " pp" if result.metric.percent else ""


def interval_text(result: MetricResult) -> str:
    """`+12.9 pp so far (95 % interval +4.0 to +21.8 pp)`: an undecided metric's words."""
    parts = change_parts(result)
    if parts is None:
        return "not measured yet"
    delta, lo, hi, unit = parts
    est = result.estimate
    if result.few:
        return (f"{value_text(result, est.baseline)} → {value_text(result, est.candidate)}, "
                f"{delta}{unit} so far, in only {result.seen} seeds (too few to read, "
                f"no interval)")
    return (f"{value_text(result, est.baseline)} → {value_text(result, est.candidate)}, "
            f"{delta}{unit} so far (95 % interval {lo} to {hi}{unit})")


def size_text(result: MetricResult) -> str:
    """How a decided change compares with its tolerance, read off the same interval that is
    printed: `more than the 2.0 pp tolerance`, `may be less than ...`, `less than ...`."""
    lo, hi = result.estimate.ci()
    if result.decision == gsprt.DECREASE:
        lo, hi = -hi, -lo
    tol = change_text(result, result.tolerance, sign=False)
    if lo >= result.tolerance:
        return f"more than the {tol} tolerance"
    if hi < result.tolerance:
        return f"a real change, but less than the {tol} tolerance"
    return f"may be less than the {tol} tolerance"


def change_line(result: MetricResult) -> str:
    kind = result.metric.name.partition(":")[0]
    family = result.metric.family
    up, down = PHRASES.get(kind) or (WIN if family == "win" else BALANCE if family == "balance"
                                     else OTHER)
    group = kind.removesuffix("_balance").replace("_", " ")
    phrase = (up if result.decision == gsprt.INCREASE else down).format(
        label=result.metric.label, group=group)
    spread = "spread of win rates " if result.metric.family == "balance" else ""
    return (f"Candidate {phrase}: {spread}{estimate_text(result)}, {size_text(result)}; "
            f"decided after {result.decided_at:,} paired games{later_text(result)}")


def _same_line(result: MetricResult, tolerances: str) -> str:
    return (f"no meaningful change in {result.metric.label}: {estimate_text(result)}, within "
            f"{tolerances}; decided after {result.decided_at:,} paired games"
            f"{later_text(result)}")


def later_text(result: MetricResult) -> str:
    """A note after a verdict whose estimate over every seed played since no longer agrees
    with it (its interval holds 0, or leaves the tolerance band): the verdict stays, as a
    sequential decision must, but the designer sees the later figures, labelled as such."""
    later, est = result.latest, result.estimate
    if later is None or later.units <= est.units or later.ci() is None:
        return ""
    lo, hi = later.ci()
    agrees = {gsprt.INCREASE: lo > 0, gsprt.DECREASE: hi < 0,
              gsprt.NO_CHANGE: -result.tolerance < lo <= hi < result.tolerance}
    if agrees.get(result.decision, True):
        return ""
    half = change_text(result, (hi - lo) / 2, sign=False)
    return (f" (by the end, over all {later.units:,} seeds: "
            f"{change_text(result, later.delta).replace(' pp', '')} ± {half}, which no "
            f"longer agrees; decisions are final: read it as a possible false alarm)")


def focus_text(comparison: Comparison) -> str:
    """`, in games where Kharza Ironhide is dealt (31 of 140 seeds)` for a focused run."""
    if not comparison.focus:
        return ""
    return (f", in games where {comparison.focus} ({comparison.units:,} of "
            f"{comparison.scanned:,} seeds)")


def question_line(comparison: Comparison) -> str:
    """What was asked: the edited entries' metrics, the metrics named, or the whole game."""
    from toolkit.compare.question import ASKED, EDIT, UNSEEN
    labels = [r.metric.label for r in comparison.question]
    shown = ", ".join(labels[:4]) + (f" and {len(labels) - 4} more" if len(labels) > 4 else "")
    where = focus_text(comparison)
    if comparison.source == EDIT:
        named = [comparison.names.get(i, {}).get("en", i) for i in comparison.ids]
        return (f"Question: does the edit of {', '.join(named[:3])}"
                f"{' and more' if len(named) > 3 else ''} matter? Tested first: {shown}{where}")
    if comparison.source == ASKED:
        return f"Question (--metric): {shown}{where}"
    return (f"Question: does the game change? ({_why_game(comparison)}) Tested first: "
            f"{_headline_words(comparison.question)}")


def _why_game(comparison: Comparison) -> str:
    """Why the game's headline question is asked: what the edit touched."""
    from toolkit.compare.diff import GAME_ID
    from toolkit.compare.question import UNSEEN
    if comparison.source == UNSEEN:
        return "the edited entries never came up in these games"
    differ = " and ".join(comparison.differ)
    if not comparison.diff:
        return (f"the cards and settings are identical, the {differ} differ" if differ
                else "the two versions have identical content")
    if all(d.kind == GAME_ID for d in comparison.diff):
        return "the edit changed game settings only" + (f" and the {differ}" if differ else "")
    return "the edit touched no entry with a metric of its own"


def _headline_words(results: list[MetricResult]) -> str:
    """`each seat's win rate and game length`: the headline metrics in a few words."""
    kinds = dict.fromkeys(r.metric.name.partition(":")[0] for r in results)
    words = [("game length" if k == "rounds" else f"each {k.replace('_', ' ')}'s win rate")
             for k in kinds]
    return ", ".join(words[:-1]) + (" and " if len(words) > 1 else "") + words[-1]


def _undecided_lines(open_: list[MetricResult], comparison: Comparison, head: str,
                     limit: int = 3) -> list[str]:
    ranked = sorted(open_, key=lambda r: (r.few, -abs(r.estimate.delta or 0)
                                          / (r.estimate.se or 1)))
    lines = [f"{head}: {r.metric.label}: {interval_text(r)}" for r in ranked[:limit]]
    if len(ranked) > limit:
        lines.append(f"{head}: … and {len(ranked) - limit} more (see the report)")
    return lines


def answer_lines(comparison: Comparison, limit: int = 6) -> list[str]:
    """The answer to the question: its changes, else no change, else undecided in words."""
    results, games = comparison.question, comparison.games
    changed = sorted(comparison.changed, key=lambda r: -(r.test.change if r.test else 0))
    open_ = [r for r in results if r.decision == gsprt.INCONCLUSIVE]
    tol = tolerance_text(comparison, results)
    if comparison.verdict == "changed":
        lines = ["Answer: it matters. " + change_line(changed[0])]
        lines += [change_line(r) for r in changed[1:limit]]
        if len(changed) > limit:
            lines.append(f"… and {len(changed) - limit} more changes (see the report)")
        same = [r for r in results if r.decision == gsprt.NO_CHANGE]
        lines += ["N" + _same_line(r, tolerance_text(comparison, [r]))[1:] for r in same[:3]]
        if len(same) > 3:
            lines.append(f"… and {len(same) - 3} more without a meaningful change")
        return lines + _undecided_lines(open_, comparison, "Still undecided")
    if comparison.verdict == "no_change":
        seen = [r for r in results if r.decision == gsprt.NO_CHANGE]
        if len(seen) == 1:
            return ["Answer: it does not matter: " + _same_line(seen[0], tol)]
        return [f"Answer: no meaningful change: all {len(seen)} metrics stayed within "
                f"tolerance ({tol}), decided after {games:,} paired games"]
    why = ("interrupted" if comparison.interrupted else
           f"the cap, --max-games {comparison.options.max_games:,}")
    few = (f"; no decision comes before {MIN_UNITS} seeds, this run had {comparison.units}"
           if comparison.units < MIN_UNITS else "")
    return ([f"Answer: undecided after {games:,} paired games ({why}{few}). The estimates so "
             f"far are not verdicts: the test has not yet told a change of more than the "
             f"tolerance ({tol}) from none; more games (a higher --max-games) would."]
            + _undecided_lines(open_, comparison, "Undecided"))


def game_wide_lines(comparison: Comparison, limit: int = 4) -> list[str]:
    """The game-wide metrics tested on the same games, after the answer."""
    others = comparison.others
    if not others:
        return []
    changed = sorted((r for r in others if r.changed), key=lambda r: -r.test.change)
    same = sum(r.decision == gsprt.NO_CHANGE for r in others)
    open_ = [r for r in others if r.decision == gsprt.INCONCLUSIVE]
    where = f" (where {comparison.focus})" if comparison.focus else ""
    lines = [f"Game-wide, on the same games{where}: {len(changed)} changed, {same} no meaningful "
             f"change, {len(open_)} undecided"]
    lines += ["  " + change_line(r) for r in changed[:limit]]
    if len(changed) > limit:
        lines.append(f"  … and {len(changed) - limit} more changes (see the report)")
    lines += ["  " + line for line in _undecided_lines(open_, comparison, "undecided", 2)]
    return lines


def verdict_lines(comparison: Comparison) -> list[str]:
    """The question, its answer, then the game-wide metrics and what never came up."""
    lines = [question_line(comparison)] + answer_lines(comparison)
    lines += game_wide_lines(comparison)
    unseen = [r.metric.label for r in comparison.results if r.decision == UNOBSERVED]
    if unseen:
        lines.append(f"Never came up in either version: {', '.join(unseen)}")
    return lines


def diff_lines(comparison: Comparison, limit: int = 12) -> list[str]:
    diffs = comparison.diff
    folders = [f"{d}/: the files differ" for d in comparison.differ]
    if not diffs:
        return folders or ["The two versions have identical content."]
    lines = [d.text() for d in diffs[:limit]] + folders
    if len(diffs) > limit:
        lines.append(f"… and {len(diffs) - limit} more entries (see report.json)")
    return lines


def _side(version) -> dict[str, Any]:
    return {"spec": version.spec, "commit": version.commit}


def metric_json(result: MetricResult, total_games: int, role: str) -> dict[str, Any]:
    est = result.estimate
    return {
        "metric": result.metric.name, "label": result.metric.label, "role": role,
        "family": result.metric.family, "tolerance": result.tolerance,
        "baseline": est.baseline, "candidate": est.candidate, "delta": est.delta,
        "ci95": list(est.ci()) if est.ci() else None, "se": est.se,
        "decision": result.decision, "seen": result.seen,
        "games": result.decided_at if result.decided_at is not None else total_games,
        "llr_up": result.test.rise if result.test else None,
        "llr_down": result.test.fall if result.test else None,
        "latest": _latest_json(result),
    }


def _latest_json(result: MetricResult) -> dict[str, Any] | None:
    """A decided metric's estimate over every unit played (its verdict, delta and ci95 are
    from the look that decided it); None when undecided (the estimate is the latest)."""
    est = result.latest
    if est is None:
        return None
    return {"units": est.units, "seen": result.seen_latest, "baseline": est.baseline,
            "candidate": est.candidate, "delta": est.delta,
            "ci95": list(est.ci()) if est.ci() else None}


def report_json(comparison: Comparison) -> dict[str, Any]:
    opts = comparison.options
    played = 2 * comparison.games
    asked = {r.metric.name for r in comparison.question}
    return {
        "verdict": comparison.verdict,
        "question": {"source": comparison.source, "ids": list(comparison.ids),
                     "metrics": [r.metric.name for r in comparison.question]},
        "summary": verdict_lines(comparison),
        "touched": diff_lines(comparison),
        "baseline": _side(comparison.baseline), "candidate": _side(comparison.candidate),
        "settings": {
            "alpha": opts.alpha, "beta": opts.beta, "max_games": opts.max_games,
            "batch": opts.batch, "tolerances": opts.tolerances, "players": comparison.players,
            "agents": comparison.lineup, "seed": opts.seed, "metrics": len(comparison.results),
            "until": opts.until,
            "rule": "GSPRT per metric (up and down at alpha/2 each; a change decision "
                    "mixes the alternatives 1, 2, 4, 8 tolerances), Holm step-down within "
                    "each family (the question, then the game-wide metrics, alpha each); "
                    f"looks after {MIN_UNITS} seeds, then every {LOOK_UNITS} seeds or a "
                    "quarter of those played, whichever is more; a metric is decided once "
                    f"it came up in {MIN_UNITS} seeds, in {FLAT_UNITS} when its paired "
                    "differences never varied (at once for identical versions), and keeps "
                    "the estimate its decision read; "
                    "stop when the question is answered (the headline question: at its "
                    "first change; until=all: every metric decided) or at max_games",
        },
        "focus": ({"games_where": comparison.focus, "seeds_played": comparison.units,
                   "seeds_scanned": comparison.scanned} if comparison.focus else None),
        "games": comparison.games, "units": comparison.units,
        "games_played": played, "seconds": round(comparison.seconds, 2),
        "games_per_second": round(played / comparison.seconds, 2) if comparison.seconds else None,
        "interrupted": comparison.interrupted,
        "metrics": [metric_json(r, comparison.games, "question" if r.metric.name in asked
                                else "game-wide") for r in comparison.results],
        "diff": as_json(comparison.diff),
    }


def render_html(comparison: Comparison, data: dict[str, Any]) -> str:
    from toolkit.compare.view import tables

    from toolkit.render.sandbox import environment

    env = environment([TEMPLATE_DIR])
    undecided = ("undecided", "still undecided", "answer: undecided")
    summary = [(line, "undecided" if line.strip().lower().startswith(undecided) else "")
               for line in data["summary"]]
    return env.get_template("report.html.j2").render(
        data=data, summary=summary, tables=tables(comparison), diff=comparison.diff)


def write_reports(comparison: Comparison, out_dir: Path) -> dict[str, Path]:
    """report.json and report.html in `out_dir` (each written to a temp file, then renamed)."""
    data = report_json(comparison)
    out_dir = Path(out_dir)
    return {
        "json": write_atomic(out_dir / "report.json",
                             json.dumps(data, ensure_ascii=False, indent=1) + "\n"),
        "html": write_atomic(out_dir / "report.html", render_html(comparison, data)),
    }
