"""The plots of the balance report, drawn with matplotlib as inline SVG text.

Figures are made with matplotlib's object API (`Figure` and its SVG canvas), not pyplot:
no backend or figure manager is set up and about a third of the import is saved, which is
serial time at the end of every run."""

from __future__ import annotations

import io
from typing import Any, Mapping

import matplotlib
from matplotlib.backends.backend_svg import FigureCanvasSVG
from matplotlib.figure import Figure

matplotlib.rcParams.update({"svg.hashsalt": "card-toolkit", "svg.fonttype": "path",
                            "font.size": 9, "axes.spines.top": False,
                            "axes.spines.right": False, "savefig.transparent": True})
ACCENT, FAIR, MUTED, FLAGGED = "#8a4b2a", "#2f6f8f", "#b9b1a6", "#c62d1f"


def subplots(figsize: tuple[float, float]):
    """(figure, axes) of a one-plot figure of `figsize` inches, as pyplot.subplots."""
    fig = Figure(figsize=figsize)
    FigureCanvasSVG(fig)
    return fig, fig.add_subplot()


def _svg(fig) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = buf.getvalue()
    return text[text.index("<svg"):]


svg_text = _svg  # a finished figure as inline SVG, for a game's own plots (Game.report_view)


def win_rates(entries: Mapping[str, Mapping[str, Any]], labels: Mapping[str, str],
              title: str, flagged=frozenset()) -> str:
    """Horizontal bars of win rate with 95 % intervals, and each entry's fair share;
    flagged entries are drawn in red."""
    keys = list(entries)[::-1]
    fig, ax = subplots(figsize=(6.4, 0.8 + 0.28 * max(len(keys), 1)))
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


def seat_fairness(sections: Mapping[str, Mapping[str, Any]], note: str = "") -> str:
    """Win rate of each seat, grouped by player count, against the fair share."""
    fig, ax = subplots(figsize=(6.4, 2.6))
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
    ax.set_title("Seat fairness (dashed: fair share" + (f"; seat: {note})" if note else ")"),
                 loc="left")
    return _svg(fig)


def game_length(histogram: Mapping[str, int]) -> str:
    """Histogram of game length in rounds."""
    fig, ax = subplots(figsize=(6.4, 2.4))
    ax.bar([int(k) for k in histogram], list(histogram.values()), color=ACCENT, width=0.85)
    ax.set_xlabel("rounds")
    ax.set_ylabel("games")
    ax.set_title("Game length", loc="left")
    return _svg(fig)
