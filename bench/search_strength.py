"""Measures the search agent's strength against the balanced heuristic, and its speed.

2-player games, each seed played twice with the seats swapped; prints the win rate with a
95% Wilson interval, the seat-0 rate of the balanced mirror for reference, and the search
agent's decisions per second. Usage:

    .venv/bin/python bench/search_strength.py --budget 16 --first 9000 --seeds 100 [--jobs 2]
        [--set ENDGAME_GAP=5 ...]   # override search.py constants for an experiment
"""

from __future__ import annotations

import argparse
import time
from multiprocessing import Pool
from pathlib import Path

from _common import timed_game

from toolkit.games.caravans import engine
from toolkit.games.caravans.agents import search
from toolkit.content.validate import load_catalog
from toolkit.sim.stats import score
from toolkit.sim.stats_math import wilson

ROOT = Path(__file__).resolve().parents[1]


def _setup(overrides: list[str]) -> None:
    """Set numeric (or 0/1 flag) constants of search.py: ['ENDGAME_GAP=5', ...]."""
    for item in overrides:
        name, value = item.split("=", 1)
        setattr(search, name, type(getattr(search, name))(float(value)))


def play(job) -> tuple[float, int, float, float, int]:
    """(search's score, its searched decisions, its seconds, all its decisions, the searched
    decisions where rollouts overruled the heuristic) of one game."""
    seed, search_seat, budget, overrides = job
    _setup(overrides)
    catalog = load_catalog(ROOT)
    lineup = ["balanced", "balanced"]
    lineup[search_seat] = f"search:{budget}"
    state, agents, spent, decisions = timed_game(catalog, seed, lineup, search_seat,
                                                 time.perf_counter)
    return (score(engine.game_record(state), search_seat), agents[search_seat].decisions,
            spent, decisions, agents[search_seat].overruled)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=search.DEFAULT_BUDGET)
    parser.add_argument("--first", type=int, default=9000)
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--set", action="append", default=[], dest="overrides")
    args = parser.parse_args()
    jobs = [(seed, seat, args.budget, args.overrides)
            for seed in range(args.first, args.first + args.seeds) for seat in (0, 1)]
    start = time.perf_counter()
    with Pool(args.jobs) as pool:
        games = pool.map(play, jobs, chunksize=1)
    wall = time.perf_counter() - start
    wins = sum(g[0] for g in games)
    low, high = wilson(wins, len(games))
    searched, spent, decisions, overruled = (sum(g[i] for g in games) for i in (1, 2, 3, 4))
    print(f"search:{args.budget} vs balanced, seeds {args.first}-{args.first + args.seeds - 1}"
          f" x both seats = {len(games)} games {' '.join(args.overrides)}")
    print(f"  win rate {wins / len(games):.3f}  95% Wilson [{low:.3f}, {high:.3f}]")
    print(f"  {decisions / spent:.1f} decisions/s ({searched} of {decisions} settled by "
          f"rollouts, {overruled} overruled, {searched / spent:.2f}/s); "
          f"{spent / len(games):.2f} s of search per "
          f"game; wall {wall:.0f} s with {args.jobs} job(s)")


if __name__ == "__main__":
    main()
