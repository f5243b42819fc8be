"""Weak scaling of `toolkit simulate` (issue #30): for each -n and worker count, one fresh
process runs the whole command path (plan, games, report, files) on the bundled Caravans
project (compiled core when built) and prints wall time, the parent's CPU seconds (self)
split into the games phase (playing with 1 worker; writing lines and merging tallies with
more) and the report (fits, page, files), the workers' CPU seconds (children), the parent's
peak RSS (and its RSS when the games were done, before the report), and the 1 -> 2 worker
speed-up; then the same as a markdown table (for docs/scale.md).

Usage: .venv/bin/python bench/scale.py [--games 1000,10000,100000,1000000] [--workers 1,2]
       [--repeat R] [--backend local|dask]

The default plays 10^3 to 10^6 games on 1 and 2 workers in one command (about an hour and
a half on an idle 2-core machine, most of it the 10^6 cells). Each cell is the median of R
runs (`--repeat`, default 1). CPU from getrusage (user+sys); RSS is the parent's ru_maxrss.
Say the machine's load (`uptime`) with the figures: the first line prints it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

CHILD = r"""
import json, resource, sys, time
from pathlib import Path
from toolkit import BUNDLED_PROJECT
from toolkit.sim import simulate as module
games, workers, backend, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]

def cpu():
    me = resource.getrusage(resource.RUSAGE_SELF)
    return me.ru_utime + me.ru_stime

marks = {}
finish = module.finish_report

def timed_finish(*args, **kwargs):  # the games are done: the report starts here
    marks["games_cpu"] = cpu()
    marks["games_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return finish(*args, **kwargs)

module.finish_report = timed_finish
start = time.monotonic()
module.simulate(BUNDLED_PROJECT, games, workers=workers, backend=backend, out=Path(out),
                progress=False)
wall = time.monotonic() - start
me = resource.getrusage(resource.RUSAGE_SELF)
kids = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"wall": wall, "parent": me.ru_utime + me.ru_stime,
                  "parent_games": marks["games_cpu"],
                  "parent_report": me.ru_utime + me.ru_stime - marks["games_cpu"],
                  "workers": kids.ru_utime + kids.ru_stime, "rss_mb": me.ru_maxrss / 1024,
                  "games_rss_mb": marks["games_rss_mb"]}))
"""


def one(games: int, workers: int, backend: str) -> dict:
    with tempfile.TemporaryDirectory() as out:
        done = subprocess.run([sys.executable, "-c", CHILD, str(games), str(workers), backend,
                               out], capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"the {games:,}-game run on {workers} worker(s) failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="1000,10000,100000,1000000")
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--backend", default="local", choices=("local", "dask"))
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.1f} (1-minute average at start), "
          f"{os.cpu_count()} cores")
    print(f"{'games':>9} {'workers':>7} {'wall s':>8} {'parent CPU-s':>12} {'games':>7} "
          f"{'report':>7} {'workers CPU-s':>13} {'wall/busy':>9} {'RSS games':>9} "
          f"{'RSS peak':>8} {'×':>5}")
    rows = []
    for games in (int(g) for g in args.games.split(",")):
        first = None
        for workers in (int(w) for w in args.workers.split(",")):
            runs = [one(games, workers, args.backend) for _ in range(args.repeat)]
            cell = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
            first = first or cell["wall"]
            # one worker plays in the parent (its children: the card fit's forked child)
            busy = cell["workers"] / workers if workers > 1 else cell["parent"]
            cell.update(games=games, n_workers=workers, busy=wall_busy(cell, busy),
                        speedup=first / cell["wall"])
            rows.append(cell)
            print(f"{games:>9,} {workers:>7} {cell['wall']:>8.2f} {cell['parent']:>12.2f} "
                  f"{cell['parent_games']:>7.2f} {cell['parent_report']:>7.2f} "
                  f"{cell['workers']:>13.2f} {cell['busy']:>9.2f} "
                  f"{cell['games_rss_mb']:>9.0f} {cell['rss_mb']:>8.0f} "
                  f"{cell['speedup']:>5.2f}", flush=True)
    print()
    print("| games | workers | wall s | parent CPU-s (games + report) | workers CPU-s | "
          "wall / busy | parent RSS after games | parent peak RSS | 1 → 2 |")
    print("|---|---|---|---|---|---|---|---|---|")
    for c in rows:
        workers_cpu = f"{c['workers']:.2f}" if c["workers"] else "–"
        speedup = f"×{c['speedup']:.2f}" if c["n_workers"] > 1 else ""
        print(f"| {c['games']:,} | {c['n_workers']} | {c['wall']:.1f} | {c['parent']:.2f} "
              f"({c['parent_games']:.2f} + {c['parent_report']:.2f}) | {workers_cpu} | "
              f"{c['busy']:.2f} | {c['games_rss_mb']:,.0f} MB | {c['rss_mb']:,.0f} MB | "
              f"{speedup} |")


def wall_busy(cell: dict, busy: float) -> float:
    """Wall time over one worker's CPU seconds (1 worker: the parent's)."""
    return cell["wall"] / busy if busy else 0.0


if __name__ == "__main__":
    main()
