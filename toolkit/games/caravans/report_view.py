"""Caravans & Brigands' own parts of report.html (`Game.report_view`): the glory and gold
plots, the table of heroes played, and its sections' template (glory by source, cards,
events, deaths and bounty), drawn from the sections of toolkit/games/caravans/report.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from toolkit.sim.plots import ACCENT, FAIR, subplots, svg_text
from toolkit.sim.verdicts import label_for

TEMPLATE = Path(__file__).with_name("report_sections.html.j2")
PLAYED_NOTE = ("Counts every hero a player used at any time, a hero taken after a death too, "
               "with the player's result; the table above counts only each player's starting "
               "hero.")


def report_view(report: Mapping[str, Any], names: Mapping) -> dict[str, Any]:
    figures = []
    if report.get("glory_by_source"):
        figures.append({"title": "Glory by source",
                        "svg": glory_sources(report["glory_by_source"])})
    gold = report.get("gold_by_round")
    if gold and gold.get("all"):
        figures.append({"title": "Gold over rounds", "svg": gold_curves(gold)})
    tables = []
    if report.get("hero_played"):
        tables.append({"title": "Win rate by hero played", "note": PLAYED_NOTE,
                       "rows": [{"label": label_for("hero", k, names), "flag": False, **e}
                                for k, e in report["hero_played"].items()]})
    return {"figures": figures, "tables": tables, "template": TEMPLATE,
            "cards": _cards(report, names, lambda e: e["kind"] != "event"),
            "events": _cards(report, names, lambda e: e["kind"] == "event")}


def _cards(report, names, keep) -> list[dict[str, Any]]:
    return [{"label": label_for("card", k, names), "id": k, **e}
            for k, e in report.get("cards", {}).items() if keep(e)]


def glory_sources(sources: Mapping[str, Mapping[str, Any]]) -> str:
    """Share of all glory, and of winners' glory, by source."""
    keys = list(sources)[::-1]
    fig, ax = subplots(figsize=(6.4, 0.8 + 0.3 * max(len(keys), 1)))
    ys = range(len(keys))
    ax.barh([y + 0.2 for y in ys], [sources[k]["share"] * 100 for k in keys], height=0.4,
            color=ACCENT, label="all players")
    ax.barh([y - 0.2 for y in ys], [sources[k]["winners_share"] * 100 for k in keys],
            height=0.4, color=FAIR, label="winners")
    ax.set_yticks(list(ys), keys)
    ax.set_xlabel("share of glory (%)")
    ax.set_title("Glory by source", loc="left")
    ax.legend(loc="lower right", bbox_to_anchor=(1.0, 1.0), frameon=False, ncol=2)
    return svg_text(fig)


def _well_sampled(curve):
    """The rounds that at least 5 % of the players (and 5) reached: later means are noise."""
    floor = max(5, 0.05 * curve[0]["players"]) if curve else 0
    return [c for c in curve if c["players"] >= floor]


def gold_curves(curves: Mapping[str, Any]) -> str:
    """Mean gold held after each round, for everyone and per agent (well-sampled rounds)."""
    fig, ax = subplots(figsize=(6.4, 2.8))
    for agent, curve in curves["by_agent"].items():
        curve = _well_sampled(curve)
        ax.plot([c["round"] for c in curve], [c["mean"] for c in curve], lw=1, label=agent)
    overall = _well_sampled(curves["all"])
    ax.plot([c["round"] for c in overall], [c["mean"] for c in overall], color="#222", lw=2,
            label="all players")
    ax.set_xlabel("round")
    ax.set_ylabel("mean gold")
    ax.set_title("Gold over rounds", loc="left")
    ax.legend(frameon=False, fontsize=7, ncol=3)
    return svg_text(fig)
