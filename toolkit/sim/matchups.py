"""The style × style matrix: how each agent fares against each other agent it met in the
same games. For every game and every pair of seats played by agents a ≠ b, a's share of
the two seats' results (a shared win counts 1/k for each) is a's head-to-head share
against b; pairs where neither seat won are counted but do not decide anything. So
share(a, b) + share(b, a) = 1 wherever the pair decided a game."""

from __future__ import annotations

from collections import defaultdict
from itertools import permutations
from typing import Any, Sequence

from toolkit.sim.stats import Record, score
from toolkit.sim.stats_math import wilson


def matchups(records: Sequence[Record]) -> dict[str, Any]:
    """{"agents": [...], "matrix": {a: {b: {games, decided, wins, share, ci95}}}}; the
    diagonal (an agent against itself) is left out."""
    met: dict[tuple[str, str], int] = defaultdict(int)
    decided: dict[tuple[str, str], int] = defaultdict(int)
    wins: dict[tuple[str, str], float] = defaultdict(float)
    agents: set[str] = set()
    for record in records:
        names = [str(a) for a in record["agents"]]
        agents.update(names)
        results = [score(record, s) for s in range(record["players"])]
        for i, j in permutations(range(record["players"]), 2):
            a, b = names[i], names[j]
            if a == b:
                continue
            met[a, b] += 1
            both = results[i] + results[j]
            if both > 0:
                decided[a, b] += 1
                wins[a, b] += results[i] / both
    order = sorted(agents)
    matrix: dict[str, dict[str, Any]] = {a: {} for a in order}
    for (a, b), n in sorted(met.items()):
        d = decided[a, b]
        matrix[a][b] = {"games": n, "decided": d, "wins": round(wins[a, b], 6),
                        "share": wins[a, b] / d if d else None,
                        "ci95": list(wilson(wins[a, b], d)) if d else None}
    return {"agents": order, "matrix": matrix}
