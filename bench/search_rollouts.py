"""Screens search variants whose rollouts run on the compiled core (agents/rollout.py),
without editing search.py: a subclass of the search agent converts each sampled world to
the core once, plays every candidate's rollout there, and optionally rolls out to the END
of the game (real results, no leaf value) instead of search.py's horizons.

Each variant plays 2-player games against `balanced`, each seed with the seats swapped
(bench/search_strength.py's `play`, the same seeds for every variant: paired); prints the
win rate with its 95% Wilson interval, the paired difference to the first variant (with
its standard error over seeds) and the seconds per game. Usage:

    nice -n 5 .venv/bin/python bench/search_rollouts.py --seeds 100 --jobs 2 \\
        --variants base:8,end:8,end:16,end:32,end:64 [--first 30000] [--python]

A variant is HORIZON:BUDGET with HORIZON `base` (search.py's horizons, MAX_ROLLOUT_ACTIONS)
or `end` (to the end of the game); `--python` adds `py:8`, search.py itself, for the time
per game on the Python rollouts (and a check: `base:8` makes the same choices).
"""

from __future__ import annotations

import argparse
import math
import time
from multiprocessing import Pool
from pathlib import Path

import search_strength

from toolkit.games.caravans.agents import search
from toolkit.games.caravans.agents.evaluate import result_value
from toolkit.games.caravans.agents.rollout import Start
from toolkit.sim.stats_math import wilson

ROOT = Path(__file__).resolve().parents[1]
END_LIMIT = 100_000        # actions of a rollout to the end (a game ends long before)


class CoreSearch(search.SearchAgent):
    """search.py's agent with its rollouts on the core (one conversion per world)."""

    to_end = False

    def sample(self, observation):
        world = super().sample(observation)
        self._start = Start(self.catalog, world)
        return world

    def _horizon(self, observation, kind: str):
        return (10 ** 9, False) if self.to_end else super()._horizon(observation, kind)

    def _rollout(self, world, action, seed: int, stop, own=None) -> float:
        # `world` is a copy of the last sampled world: the Start made from it serves
        limit = END_LIMIT if self.to_end else search.MAX_ROLLOUT_ACTIONS
        end = self._start.rollout(action, self.seat, own or self.style, self.rival, seed,
                                  stop, limit)
        if end.over:
            return result_value(None, self.seat, self.judge, end.results)
        return self._leaf(end.state)


class EndSearch(CoreSearch):
    to_end = True


PYTHON = search.SearchAgent   # search.py's own agent (make_search builds search.SearchAgent)


def play(job):
    """search_strength.play with the variant's agent class in place of search.py's."""
    seed, seat, variant, project = job
    horizon, budget = variant.split(":")
    search.SearchAgent = {"py": PYTHON, "end": EndSearch}.get(horizon, CoreSearch)
    return search_strength.play((seed, seat, f"search:{budget}", "balanced", [], project))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=30000)
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--variants", default="base:8,end:8,end:16,end:32,end:64")
    parser.add_argument("--python", action="store_true", help="also play search.py itself")
    parser.add_argument("--project", type=Path, default=ROOT)
    args = parser.parse_args()
    variants = args.variants.split(",") + (["py:8"] if args.python else [])
    seeds = [(seed, seat) for seed in range(args.first, args.first + args.seeds)
             for seat in (0, 1)]
    results: list[list[float]] = []
    for variant in variants:
        start = time.perf_counter()
        with Pool(args.jobs, maxtasksperchild=50) as pool:
            games = pool.map(play, [(s, t, variant, args.project) for s, t in seeds],
                             chunksize=1)
        wall = time.perf_counter() - start
        scores = [g[0] for g in games]
        n, wins = len(scores), sum(scores)
        low, high = wilson(wins, n)
        line = (f"{variant:8} win rate {wins / n:.3f} [{low:.3f}, {high:.3f}] over {n} games; "
                f"{sum(g[2] for g in games) / n:.2f} s choosing, "
                f"{sum(g[5] for g in games) / n:.2f} s per game; "
                f"{sum(g[1] for g in games)} searched, {sum(g[4] for g in games)} overruled; "
                f"wall {wall:.0f} s")
        first = results[0] if results else None
        if first is not None:  # paired by seed (both seats of a seed together)
            diffs = [a + b - c - d for a, b, c, d in
                     zip(scores[::2], scores[1::2], first[::2], first[1::2])]
            mean = sum(diffs) / len(diffs) / 2
            var = sum((d / 2 - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
            line += f"; vs {variants[0]} {mean:+.3f} (se {math.sqrt(var / len(diffs)):.3f})"
        print(line, flush=True)
        if args.python and variant == "py:8" and "base:8" in variants:
            base = variants.index("base:8")
            print(f"  py:8 and base:8 scores identical game for game: "
                  f"{scores == results[base]}", flush=True)
        results.append(scores)


if __name__ == "__main__":
    main()
