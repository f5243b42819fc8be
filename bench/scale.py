"""Weak scaling of `toolkit simulate` (issue #30): for each -n and worker count, one fresh
process runs the whole command path (plan, games, report, files) on the bundled Caravans
project (compiled core when built) and prints wall time, the parent's CPU seconds (self),
the workers' CPU seconds (children), the parent's peak RSS, and the 1 -> 2 worker speed-up.

Usage: .venv/bin/python bench/scale.py [--games 1000,10000] [--workers 1,2] [--repeat R]
       [--backend local|dask]

Each cell is the median of R runs (`--repeat`, default 1). CPU from getrusage (user+sys);
RSS is the parent's ru_maxrss. Say the machine's load (`uptime`) with the figures.
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
from toolkit.sim.simulate import simulate
games, workers, backend, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
start = time.monotonic()
simulate(BUNDLED_PROJECT, games, workers=workers, backend=backend, out=Path(out),
         progress=False)
wall = time.monotonic() - start
me = resource.getrusage(resource.RUSAGE_SELF)
kids = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"wall": wall, "parent": me.ru_utime + me.ru_stime,
                  "workers": kids.ru_utime + kids.ru_stime, "rss_mb": me.ru_maxrss / 1024}))
"""


def one(games: int, workers: int, backend: str) -> dict:
    with tempfile.TemporaryDirectory() as out:
        done = subprocess.run([sys.executable, "-c", CHILD, str(games), str(workers), backend,
                               out], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="1000,10000")
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--backend", default="local", choices=("local", "dask"))
    args = parser.parse_args()
    print(f"load: {os.getloadavg()[0]:.1f} (1-minute average at start)")
    print(f"{'games':>9} {'workers':>7} {'wall s':>8} {'parent CPU-s':>12} "
          f"{'workers CPU-s':>13} {'wall/workers CPU':>16} {'parent RSS MB':>13} {'×':>5}")
    for games in (int(g) for g in args.games.split(",")):
        first = None
        for workers in (int(w) for w in args.workers.split(",")):
            runs = [one(games, workers, args.backend) for _ in range(args.repeat)]
            cell = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
            first = first or cell["wall"]
            busy = cell["workers"] / workers if cell["workers"] else cell["parent"]
            print(f"{games:>9,} {workers:>7} {cell['wall']:>8.2f} {cell['parent']:>12.2f} "
                  f"{cell['workers']:>13.2f} {cell['wall'] / busy:>16.2f} "
                  f"{cell['rss_mb']:>13.0f} {first / cell['wall']:>5.2f}", flush=True)


if __name__ == "__main__":
    main()
