"""The plots of the balance report, drawn with matplotlib (Agg) as inline SVG text."""

from __future__ import annotations

import io
from typing import Any, Mapping

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

matplotlib.rcParams.update({"svg.hashsalt": "card-toolkit", "svg.fonttype": "path",
                            "font.size": 9, "axes.spines.top": False,
                            "axes.spines.right": False, "savefig.transparent": True})
ACCENT, FAIR, MUTED, FLAGGED = "#8a4b2a", "#2f6f8f", "#b9b1a6", "#c62d1f"


def _svg(fig) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg"):]


def win_rates(entries: Mapping[str, Mapping[str, Any]], labels: Mapping[str, str],
              title: str, flagged=frozenset()) -> str:
    """Horizontal bars of win rate with 95 % intervals, and each entry's fair share;
    flagged entries are drawn in red."""
    keys = list(entries)[::-1]
    fig, ax = plt.subplots(figsize=(6.4, 0.8 + 0.28 * max(len(keys), 1)))
    rates = [entries[k]["rate"] * 100 for k in keys]
    lo = [max(0.0, entries[k]["rate"] - entries[k]["ci95"][0]) * 100 for k in keys]
    hi = [max(0.0, entries[k]["ci95"][1] - entries[k]["rate"]) * 100 for k in keys]
    ax.barh(range(len(keys)), rates, xerr=[lo, hi], alpha=0.85,
            color=[FLAGGED if k in flagged else ACCENT for k in keys],
            error_kw={"ecolor": "#333", "capsize": 2, "lw": 0.8})
    ax.scatter([entries[k]["fair"] * 100 for k in keys], range(len(keys)), marker="|",
               s=160, color=FAIR, zorder=3, label="fair share")
    ax.set_yticks(range(len(keys)), [labels.get(k, k) for k in keys])
    ax.set_xlabel("win rate (%)")
    ax.set_title(title, loc="left")
    ax.legend(loc="lower right", bbox_to_anchor=(1.0, 1.0), frameon=False, ncol=2)
    return _svg(fig)


def seat_fairness(sections: Mapping[str, Mapping[str, Any]]) -> str:
    """Win rate of each seat, grouped by player count, against the fair share."""
    fig, ax = plt.subplots(figsize=(6.4, 2.6))
    x = 0
    ticks, names = [], []
    for players, sec in sections.items():
        for seat, rate in enumerate(sec["rates"]):
            ax.bar(x, rate * 100, color=ACCENT if seat == 0 else MUTED)
            ticks.append(x)
            names.append(f"{players}p\nseat {seat + 1}")
            x += 1
        ax.hlines(sec["fair"] * 100, x - len(sec["rates"]) - 0.4, x - 0.6, colors=FAIR,
                  linestyles="dashed")
        x += 1
    ax.set_xticks(ticks, names)
    ax.set_ylabel("win rate (%)")
    ax.set_title("Seat fairness (dashed: fair share; seat 1 draws the events)", loc="left")
    return _svg(fig)


def glory_sources(sources: Mapping[str, Mapping[str, Any]]) -> str:
    """Share of all glory, and of winners' glory, by source."""
    keys = list(sources)[::-1]
    fig, ax = plt.subplots(figsize=(6.4, 0.8 + 0.3 * max(len(keys), 1)))
    ys = range(len(keys))
    ax.barh([y + 0.2 for y in ys], [sources[k]["share"] * 100 for k in keys], height=0.4,
            color=ACCENT, label="all players")
    ax.barh([y - 0.2 for y in ys], [sources[k]["winners_share"] * 100 for k in keys],
            height=0.4, color=FAIR, label="winners")
    ax.set_yticks(list(ys), keys)
    ax.set_xlabel("share of glory (%)")
    ax.set_title("Glory by source", loc="left")
    ax.legend(loc="lower right", bbox_to_anchor=(1.0, 1.0), frameon=False, ncol=2)
    return _svg(fig)


def game_length(histogram: Mapping[str, int]) -> str:
    """Histogram of game length in rounds."""
    fig, ax = plt.subplots(figsize=(6.4, 2.4))
    ax.bar([int(k) for k in histogram], list(histogram.values()), color=ACCENT, width=0.85)
    ax.set_xlabel("rounds")
    ax.set_ylabel("games")
    ax.set_title("Game length", loc="left")
    return _svg(fig)


def _well_sampled(curve):
    """The rounds that at least 5 % of the players (and 5) reached: later means are noise."""
    floor = max(5, 0.05 * curve[0]["players"]) if curve else 0
    return [c for c in curve if c["players"] >= floor]


def gold_curves(curves: Mapping[str, Any]) -> str:
    """Mean gold held after each round, for everyone and per agent (well-sampled rounds)."""
    fig, ax = plt.subplots(figsize=(6.4, 2.8))
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
    return _svg(fig)
