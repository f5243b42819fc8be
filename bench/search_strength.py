"""Measures an agent's strength against another (by default `search:N` against the
balanced heuristic), and the time it spends choosing.

2-player games, each seed played twice with the seats swapped (the seed's luck and the
first seat's edge cancel out); prints the win rate (ties shared) with its 95% Wilson
interval and one-sided 95% lower bound, the agent's decisions per second, the decisions
settled by rollouts and those where rollouts overruled the heuristic, and the seconds per
game. Usage:

    .venv/bin/python bench/search_strength.py --budget 16 --first 9000 --seeds 100 [--jobs 2]
        [--set LEAD=6 ...]          # override search.py constants for an experiment
    .venv/bin/python bench/search_strength.py --agent random --seeds 50   # the ladder
    .venv/bin/python bench/search_strength.py --agent raider --against balanced
    ... --project DIR --progress 50  # play a copy of the content; running rate every 50 games
    ... --scores FILE                # each game's score, for a paired comparison of two runs
"""

from __future__ import annotations

import argparse
import json
import sys
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
ONE_SIDED_Z = 1.644854


def _setup(overrides: list[str]) -> None:
    """Set numeric (or 0/1 flag) or text constants of search.py: ['LEAD=6', ...]."""
    for item in overrides:
        name, value = item.split("=", 1)
        kind = type(getattr(search, name))
        setattr(search, name, value if kind is str else kind(float(value)))


def play(job) -> tuple[float, int, float, float, int, float, int]:
    """(the agent's score, its searched decisions, its seconds, all its decisions, the
    searched decisions where rollouts overruled the heuristic, the game's seconds, the own
    turns played by another style than the prior's)."""
    seed, seat, agent, against, overrides, project = job
    _setup(overrides)
    catalog = load_catalog(project)
    lineup = [against, against]
    lineup[seat] = agent
    start = time.perf_counter()
    state, agents, spent, decisions = timed_game(catalog, seed, lineup, seat,
                                                 time.perf_counter)
    me = agents[seat]
    return (score(engine.game_record(state), seat), getattr(me, "decisions", 0), spent,
            decisions, getattr(me, "overruled", 0), time.perf_counter() - start,
            getattr(me, "switched", 0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=search.DEFAULT_BUDGET)
    parser.add_argument("--agent", default=None, help="default: search:BUDGET")
    parser.add_argument("--against", default="balanced")
    parser.add_argument("--first", type=int, default=9000)
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--set", action="append", default=[], dest="overrides")
    parser.add_argument("--project", type=Path, default=ROOT,
                        help="the project folder to play (default: the bundled game)")
    parser.add_argument("--progress", type=int, default=0,
                        help="print the running win rate every N games (to stderr)")
    parser.add_argument("--scores", type=Path, default=None,
                        help="write each game's seed, seat and score (JSON lines), for "
                             "paired comparisons of two runs on the same seeds")
    args = parser.parse_args()
    agent = args.agent or f"search:{args.budget}"
    jobs = [(seed, seat, agent, args.against, args.overrides, args.project)
            for seed in range(args.first, args.first + args.seeds) for seat in (0, 1)]
    start = time.perf_counter()
    games = []
    with Pool(args.jobs) as pool:
        for game in pool.imap(play, jobs, chunksize=1):
            games.append(game)
            if args.progress and len(games) % args.progress == 0:
                print(f"  {len(games)} games: {sum(g[0] for g in games) / len(games):.3f}",
                      file=sys.stderr, flush=True)
    wall = time.perf_counter() - start
    if args.scores is not None:
        args.scores.write_text("".join(json.dumps({"seed": j[0], "seat": j[1], "score": g[0]})
                                       + "\n" for j, g in zip(jobs, games)))
    n = len(games)
    wins = sum(g[0] for g in games)
    low, high = wilson(wins, n)
    one_sided = wilson(wins, n, ONE_SIDED_Z)[0]
    searched, spent, decisions, overruled, game_s, switched = (
        sum(g[i] for g in games) for i in (1, 2, 3, 4, 5, 6))
    print(f"{agent} vs {args.against}, seeds {args.first}-{args.first + args.seeds - 1}"
          f" x both seats = {n} games {' '.join(args.overrides)}")
    print(f"  win rate {wins / n:.3f}  95% Wilson [{low:.3f}, {high:.3f}], one-sided 95% "
          f"lower bound {one_sided:.3f}")
    print(f"  {decisions / spent:.1f} decisions/s ({searched} of {decisions} settled by "
          f"rollouts, {overruled} overruled, {switched} turns switched style); "
          f"{spent / n:.2f} s choosing and "
          f"{game_s / n:.2f} s in all per game; wall {wall:.0f} s with {args.jobs} job(s)")


if __name__ == "__main__":
    main()
