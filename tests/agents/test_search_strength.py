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
is met again and the bar is back at 0.5. Slow (~4-8 min in one process).
"""

from __future__ import annotations

import math

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


def test_wilson_lower_bound():
    assert wilson_lower(0.5, 40) < 0.5 < wilson_lower(0.7, 40)
    assert wilson_lower(26 / 40, 40) > 0.5 > wilson_lower(25 / 40, 40)


@pytest.mark.slow
def test_search_beats_the_balanced_heuristic(catalog):
    games = [seed for seed in SEEDS for _ in range(2)]
    rate = match(catalog, f"search:{BUDGET}", "balanced", games)
    assert wilson_lower(rate, len(games)) > FLOOR, \
        f"win rate {rate:.3f} over {len(games)} games"
