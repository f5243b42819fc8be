"""The search agent beats the balanced heuristic, judged by a statistical bar.

2-player games, each seed played twice with the seats swapped (so the seed's luck and the
first seat's edge cancel out). The former endgame-only search scored about 0.5 against
`balanced` (0.482 over 200 games here); the search of issue #12 point 3 is measured on
1,000 games by bench/search_strength.py (docs/performance-search.md).
The bar: the one-sided 95% Wilson lower bound of a fixed 200-game sample must lie above
0.5, i.e. search is stronger than `balanced`. On these seeds the search over `raider` gave
0.623 (lower bound 0.565) before the final rebalance and 0.540 (0.482) after it, when the bar
was lowered to 0.45; the search over `sharp` on the content with the hero retune gives 0.595
(lower bound 0.537; 1 Dec 2026), and 0.629 over 1,000 games in the bench: issue #12's goal
is met again and the bar is back at 0.5. The search of issue #23 (tavern decisions searched,
four candidates) scores 0.662 (lower bound 0.606) on these seeds in the bench
(`--first 7000 --seeds 100`). Slow (~3-8 min in one process).
"""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import pytest

from .conftest import match

BUDGET = 8
SEEDS = range(7000, 7100)   # x both seatings = 200 games
FLOOR = 0.5                # lower bound above which search is stronger than `balanced`
Z = 1.644854               # one-sided alpha = 0.05


def wilson_lower(rate: float, n: int, z: float = Z) -> float:
    """The lower end of the Wilson score interval of a proportion."""
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n))
    return centre - half


def _bench():
    path = Path(__file__).resolve().parents[2] / "bench" / "search_strength.py"
    spec = importlib.util.spec_from_file_location("search_strength_bench", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_measurement_split_over_processes_combines_to_the_paired_gain(tmp_path, capsys):
    """`--combine` reads the --scores files of runs on seed halves: each agent's rate over
    all its games and the paired gain over the common ones, as one run would print."""
    def write(name, agent, scores):
        path = tmp_path / name
        path.write_text("".join(json.dumps({"agent": agent, "against": "balanced", "seed": s,
                                            "seat": t, "score": v}) + "\n"
                                for (s, t), v in scores.items()))
        return path
    files = [write("a.jsonl", "search:8", {(1, 0): 1.0, (1, 1): 1.0}),
             write("b.jsonl", "search:8", {(2, 0): 0.0, (2, 1): 1.0}),
             write("c.jsonl", "sharp", {(1, 0): 0.0, (1, 1): 1.0, (2, 0): 0.0, (2, 1): 0.5})]
    _bench().combine("search:8", "sharp", files)
    out = capsys.readouterr().out
    assert "search:8 vs balanced: 4 games, seeds 1-2: win rate 0.750" in out
    assert "sharp vs balanced: 4 games, seeds 1-2: win rate 0.375" in out
    assert "on the same 4 games: +0.375" in out
    (tmp_path / "bad.jsonl").write_text("not json\n")
    with pytest.raises(SystemExit, match=r"bad.jsonl:1: not a line of --scores"):
        _bench().combine("search:8", "sharp", [tmp_path / "bad.jsonl"])


def test_wilson_lower_bound():
    assert wilson_lower(0.5, 40) < 0.5 < wilson_lower(0.7, 40)
    assert wilson_lower(26 / 40, 40) > 0.5 > wilson_lower(25 / 40, 40)


@pytest.mark.slow
def test_search_beats_the_balanced_heuristic(catalog):
    games = [seed for seed in SEEDS for _ in range(2)]
    rate = match(catalog, f"search:{BUDGET}", "balanced", games)
    assert wilson_lower(rate, len(games)) > FLOOR, \
        f"win rate {rate:.3f} over {len(games)} games"
