"""Proposals as a designer reads them: each edit as file:line:column old -> new (a YAML
patch), written as proposals.json / proposals.yaml and an HTML report with the Pareto
front of target distance against edits; `apply` writes one proposal into the YAML in place."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from toolkit.balance.fields import Field, find_fields, write_patched
from toolkit.balance.search import Candidate, Outcome
from toolkit.errors import ContentError, UsageError
from toolkit.guarded_files import write_text


def edit_rows(cand: Candidate, fields: list[Field]) -> list[dict[str, Any]]:
    by_key = {f.key: f for f in fields}
    rows = []
    for key, new in sorted(cand.edits.items(), key=lambda e: (by_key[e[0]].file,
                                                              by_key[e[0]].start)):
        f = by_key[key]
        rows.append({"file": f.file, "line": f.line, "column": f.column, "kind": f.kind,
                     "id": f.id, "field": f.path, "old": f.show(f.value), "new": f.show(new)})
    return rows


def mark_dict(m) -> dict[str, Any]:
    return {"target": m.target, "entry": m.entry, "value": m.value,
            "ci95": list(m.ci95) if m.ci95 else None, "min": m.low, "max": m.high,
            "met": m.met, "sure": m.sure}


def summary(outcome: Outcome, fields, verified=None) -> dict[str, Any]:
    base_fresh, checked = verified or (None, [])
    props = []
    for i, cand in enumerate(outcome.front):
        fresh = checked[i] if i < len(checked) else None
        props.append({
            "rank": i + 1, "edits": edit_rows(cand, fields), "distance": cand.dist,
            "games": cand.games, "trial": cand.trial,
            "verified": None if fresh is None else {
                "games": fresh.games, "distance": fresh.dist,
                "met": sum(m.met for m in fresh.marks), "targets": len(fresh.marks),
                "marks": [mark_dict(m) for m in fresh.marks],
                "baseline": {"distance": base_fresh.dist,
                             "marks": [mark_dict(m) for m in base_fresh.marks]},
                "compare": fresh.compare}})
    return {"baseline": {"distance": outcome.baseline.dist, "games": outcome.baseline.games,
                         "marks": [mark_dict(m) for m in outcome.baseline.marks]},
            "focus": [f.key for f in outcome.focus], "played": outcome.played,
            "seconds": round(outcome.seconds, 1), "stopped": outcome.stopped,
            "games_per_second": round(outcome.rate, 1),
            "trials": [{"trial": c.trial, "edits": len(c.edits), "distance": c.dist,
                        "games": c.games} for c in outcome.trials],
            "proposals": props}


def patch_text(prop: dict[str, Any]) -> str:
    """One proposal as a YAML patch: a comment line a file, `path: old -> new` an edit."""
    lines = [f"# proposal {prop['rank']}: {len(prop['edits'])} edits, "
             f"distance {prop['distance']:.4g}"]
    for e in prop["edits"]:
        lines.append(f"{e['file']}:{e['line']}:{e['column']}: {e['kind']} {e['id']} "
                     f"{e['field']}: {e['old']} -> {e['new']}")
    return "\n".join(lines) + "\n"


def render_html(data: dict[str, Any], title: str) -> str:
    """The report: the Pareto front (distance against edits) as SVG, the proposals' patches
    and their marks on fresh seeds."""
    pts = [(len(p["edits"]), p["distance"], p["rank"]) for p in data["proposals"]]
    trials = [(t["edits"], t["distance"]) for t in data["trials"] if t["distance"] != float("inf")]
    top = max([d for _, d in trials] + [d for _, d, _ in pts] + [data["baseline"]["distance"], 1e-9])
    wide = max([e for e, _ in trials] + [e for e, _, _ in pts] + [1])
    def xy(e, d):
        return 40 + 400 * e / wide, 260 - 220 * d / top
    dots = "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="#bbb"/>'
                   for x, y in (xy(e, d) for e, d in trials))
    front = "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="#c33"><title>proposal '
                    f'{r}</title></circle><text x="{x + 6:.1f}" y="{y - 6:.1f}" '
                    f'font-size="11">{r}</text>' for (x, y), r in
                    ((xy(e, d), r) for e, d, r in pts))
    bx, by = xy(0, data["baseline"]["distance"])
    svg = (f'<svg width="480" height="300" role="img" aria-label="Pareto front">'
           f'<line x1="40" y1="260" x2="450" y2="260" stroke="#333"/>'
           f'<line x1="40" y1="30" x2="40" y2="260" stroke="#333"/>'
           f'<text x="200" y="290" font-size="12">edits (0–{wide})</text>'
           f'<text x="2" y="20" font-size="12">target distance (0–{top:.3g})</text>'
           f'{dots}{front}<rect x="{bx - 4:.1f}" y="{by - 4:.1f}" width="8" height="8" '
           f'fill="#36c"><title>baseline</title></rect></svg>')
    parts = [f"<!doctype html><meta charset='utf-8'><title>Balance: {html.escape(title)}"
             "</title><style>body{font-family:sans-serif;max-width:60em;margin:2em auto}"
             "pre{background:#f4f4f4;padding:.5em}.missed{color:#b00}</style>",
             f"<h1>Balance proposals: {html.escape(title)}</h1>",
             f"<p>{data['played']:,} games in {data['seconds']:g} s "
             f"({data['games_per_second']:g} games/s); stopped by {html.escape(data['stopped'])}."
             f" Baseline distance {data['baseline']['distance']:.4g} (blue square); grey: "
             "trials; red: the Pareto front of distance against edits.</p>", svg]
    for p in data["proposals"]:
        parts.append(f"<h2>Proposal {p['rank']}</h2><pre>{html.escape(patch_text(p))}</pre>")
        v = p["verified"]
        if v:
            parts.append(f"<p>On {v['games']:,} fresh games: {v['met']} of {v['targets']} "
                         f"targets met (baseline on the same games: distance "
                         f"{v['baseline']['distance']:.4g}, proposal {v['distance']:.4g}).</p><ul>")
            for m in v["marks"]:
                if not m["met"]:
                    parts.append(f"<li class='missed'>missed: {html.escape(m['target'])} "
                                 f"{html.escape(str(m['entry'] or ''))} {m['value']}</li>")
            parts.append("</ul>")
            if v.get("compare"):
                parts.append("<p>toolkit compare against the baseline:</p><pre>" +
                             html.escape("\n".join(v["compare"]["lines"])) + "</pre>")
    return "\n".join(parts) + "\n"


def write_outputs(folder: Path, data: dict[str, Any], title: str) -> list[Path]:
    from toolkit.sim.output import write_atomic

    yaml_text = "".join(patch_text(p) + "\n" for p in data["proposals"]) or \
        "# no proposal met the budget's bar\n"
    return [write_atomic(folder / "proposals.json", json.dumps(data, indent=1,
                                                               ensure_ascii=False) + "\n"),
            write_atomic(folder / "proposals.yaml", yaml_text),
            write_atomic(folder / "report.html", render_html(data, title))]


def apply(root: Path, folder: Path, rank: int) -> list[dict[str, Any]]:
    """Writes proposal `rank` of the last run (folder/proposals.json) into the project's
    YAML in place; stops, changing nothing, when a field no longer holds its old value;
    restores the files when the result does not validate."""
    from toolkit.content.validate import load_catalog
    from toolkit.sim.batch import catalog_for

    source = folder / "proposals.json"
    if not source.is_file():
        raise UsageError(f"--apply: no proposals in {source.name} of the output folder; run "
                         "toolkit balance first")
    try:
        data = json.loads(source.read_text(encoding="utf-8"))
        props = data["proposals"]
    except (ValueError, KeyError, TypeError):
        raise UsageError(f"--apply: {source.name} is not a balance run's file; run toolkit "
                         "balance again") from None
    if not 1 <= rank <= len(props):
        raise UsageError(f"--apply: expected a proposal 1 to {len(props)}, got {rank}")
    spec = catalog_for(root).game.balance
    fields = {(f.file, f.kind, f.id, f.path): f for f in find_fields(root, spec)}
    edits = []
    for e in props[rank - 1]["edits"]:
        f = fields.get((e["file"], e["kind"], e["id"], e["field"]))
        if f is None or f.show(f.value) != e["old"]:
            raise ContentError(f"{e['kind']} {e['id']} {e['field']} is no longer "
                               f"{e['old']}: the files changed since the run; run toolkit "
                               "balance again", file=e["file"], line=e["line"])
        edits.append((f, float(e["new"])))
    saved = {p: p.read_text(encoding="utf-8") for p in {root / f.file for f, _ in edits}}
    write_patched(root, root, edits)
    try:
        load_catalog(root)
    except Exception:
        for path, text in saved.items():
            write_text(path, text, root, durable=True, what="the project", error=UsageError)
        raise
    return props[rank - 1]["edits"]
