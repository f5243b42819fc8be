"""report.html: the balance report a designer reads first — verdicts in words, then plots
(inline SVG), then tables — rendered from report.json's data through a Jinja template."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from toolkit import TEMPLATES_DIR
from toolkit.sim.ladder import ladder_lines
from toolkit.sim.verdicts import (adjusted_families, against, bound_to, is_usage, label_for,
                                  lead_lines, pct, title_of, usage_lines, verdicts)

__all__ = ["render_html", "view_model", "verdicts", "lead_lines", "usage_lines", "fairness_lines",
           "length_line"]

TEMPLATE_DIR = TEMPLATES_DIR / "reports"
TEMPLATE = "simulate.html.j2"


def families(report: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """(kind, win_rate section, title) of the game's groups (e.g. hero, party), then seat."""
    groups = [k[3:] for k in report["win_rate"] if k not in ("by_seat", "by_agent")]
    return [(g, f"by_{g}", title_of(g, report)) for g in groups] + \
        [("seat", "by_seat", title_of("seat", report))]


def fairness_lines(report) -> list[str]:
    """The raw seat counts per player count, numbers only: the seat's verdict is the one in
    the verdict list (adjusted for style), so the two never disagree."""
    lines = []
    for players, sec in report["seat_fairness"].items():
        rates = " / ".join(pct(r, 1) for r in sec["rates"])
        lines.append(f"{players} players ({sec['games']} games): seats in turn order win "
                     f"{rates} (raw counts, χ² = {sec['chi2']:.2f}, p = {sec['p']:.2g}).")
    return lines


def length_line(report) -> str:
    r, ends = report["rounds"], report["end_reason"]
    if not report["games"]:
        return "No game finished."
    words = report.get("end_reason_words", {})  # the game's words for its end reasons
    # rounded by largest remainder (to 0.1 %) so that the shares add to 100 %
    percent = ends.get("percent") or {k: round(v * 100, 1) for k, v in ends["share"].items()}
    parts = ", ".join(f"{share:.1f} % because {words.get(k, k)}"
                      for k, share in sorted(percent.items(), key=lambda kv: (-kv[1], kv[0])))
    unit = r.get("unit", "rounds")
    line = (f"Games last {r['p50']:g} {unit} at the median (10–90 %: {r['p10']:g}–"
            f"{r['p90']:g}, longest {r['max']})")
    return line + (f"; they end {parts}." if set(ends["counts"]) != {"end"} else ".")


def _rows(entries, kind, names, flagged=frozenset()):
    return [{"label": label_for(kind, k, names), "flag": (kind, k) in flagged, **e}
            for k, e in entries.items()]


def _figures(report, names, extra) -> list[dict[str, str]]:
    """Win rates by the game's first two groups, seat fairness, game length, then the
    game's own figures (`Game.report_view`)."""
    from toolkit.sim import plots  # matplotlib is imported here, once the games are played
    from toolkit.sim.verdicts import side_of

    figs = []
    for kind, section, title in families(report)[:-1][:2]:
        entries = report["win_rate"][section]
        if entries:
            labels = {k: label_for(kind, k, names) for k in entries}
            flagged = {f["id"] for f in report["flags"] if f["kind"] == kind}
            name = f"Win rate by {title.lower()}"
            figs.append({"title": name,
                         "svg": plots.win_rates(entries, labels, name, flagged)})
    if report["seat_fairness"]:
        note = side_of(report, "seat").get("note", {}).get("en", "")
        figs.append({"title": "Seat fairness",
                     "svg": plots.seat_fairness(report["seat_fairness"], note)})
    if report["rounds"]["histogram"]:
        figs.append({"title": "Game length",
                     "svg": plots.game_length(report["rounds"]["histogram"])})
    return figs + list(extra.get("figures", []))


def game_view(report: Mapping[str, Any], names, game=None) -> dict[str, Any]:
    """The game's own parts of the page (`Game.report_view`); the game is the report's own
    (`report.json` → `game`) when none is given and it is a built-in one."""
    if game is None and report.get("game"):
        from toolkit.games import BUILTIN, load_game
        game = load_game(report["game"]) if report["game"] in BUILTIN else None
    return dict(game.report_view(report, names)) if game is not None else {}


def view_model(report: Mapping[str, Any], names=None, title: str = "", game=None,
               extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Everything the template shows, already worded and formatted (`extra`: the game's
    own parts, `game_view`, when already drawn)."""
    names = names or {}
    flagged = {(f["kind"], f["id"]) for f in report["flags"]}
    extra = dict(extra) if extra is not None else game_view(report, names, game)
    template = extra.pop("template", None)
    return {**{k: v for k, v in extra.items() if k not in ("figures", "tables")},
            "game_template": Path(template).name if template else None,
        "title": title, "report": report,
        "lead": lead_lines(report, names), "lead_zh": lead_lines(report, names, "zh"),
        "verdicts": verdicts(report, names),
        "usage": usage_lines(report, names),
        "ladder": ladder_lines(report),
        "adjusted": _adjusted(report, names),
        "matchups": _matchups(report),
        "unused": [{"cards": [], **item} for item in report.get("unused", {}).get("items", [])],
        "fairness": fairness_lines(report), "length": length_line(report),
        "figures": _figures(report, names, extra),
        "tables": _tables(report, names, flagged, extra.get("tables", [])),
    }


def _tables(report, names, flagged, extra) -> list[dict[str, Any]]:
    rates = report["win_rate"]
    tables = [{"title": f"Win rate by {t.lower()}", "rows": _rows(rates[s], k, names, flagged),
               "note": ""} for k, s, t in families(report)]
    tables[1:1] = list(extra)  # after the first group (e.g. heroes, then heroes played)
    tables.append({"title": "Win rate by agent", "note": "",
                   "rows": _rows(rates["by_agent"], "agent", names)})
    return tables


def _adjusted(report, names) -> list[dict[str, Any]]:
    """One table per adjusted family, rows in the order of their effect; a row is marked
    when the verdict list names it (balance) or its gap is significant (usage)."""
    from toolkit.sim.verdicts import ALPHA, items

    judged = {(v["family"], v["key"]) for v in items(report) if v["status"] in ("off", "within")}
    out = []
    for family in adjusted_families(report):
        entries = report["adjusted"][family]
        if len(entries) < 2 and not is_usage(report, family):
            continue
        rows = [{"label": label_for(family, k, names), **e,
                 "confounded_with": bound_to(e, names, report) if "confounded_with" in e
                 else None,
                 "verdict": (family, k) in judged or (is_usage(report, family) and
                                                      e["p_holm"] < ALPHA
                                                      and "confounded_with" not in e)}
                for k, e in (entries.items() if family == "seat" else
                             sorted(entries.items(), key=lambda kv: -kv[1]["effect_pp"]))]
        vs = sorted({against(family, e) for e in entries.values()})
        out.append({"title": title_of(family, report), "rows": rows, "against": " or ".join(vs),
                    "usage": is_usage(report, family)})
    return out


def _matchups(report) -> dict[str, Any]:
    """The agent × agent matrix as rows of cells (None on the diagonal or unmet pairs)."""
    m = report.get("matchups") or {"agents": [], "matrix": {}}
    rows = [{"agent": a, "cells": [m["matrix"].get(a, {}).get(b) if a != b else None
                                   for b in m["agents"]]} for a in m["agents"]]
    return {"agents": m["agents"], "rows": rows}


def render_html(report: Mapping[str, Any], names=None, title: str = "", game=None) -> str:
    """The complete, self-contained report page (with the game's own parts)."""
    from toolkit.render.sandbox import environment

    extra = game_view(report, names, game)  # the game's plots: drawn once
    model = view_model(report, names, title, game, extra)
    folders = [TEMPLATE_DIR]
    if model["game_template"]:
        folders.append(Path(extra["template"]).parent)
    env = environment(folders, trim_blocks=True, lstrip_blocks=True)
    env.filters["pct"] = pct
    return env.get_template(TEMPLATE).render(**model)
