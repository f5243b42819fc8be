"""What `toolkit simulate` costs beyond the games (issue #21, item 2): in one run, games per
CPU-second of `play_batch` in process (the compiled core's records, nothing else), of
`play_tallied` in process (+ the report's tally and the games.jsonl lines), and of the whole
`toolkit simulate -n N` on 1 and 2 workers (a subprocess: its CPU and its workers', user +
sys, from getrusage(RUSAGE_CHILDREN); imports, the report and its files included), each
with its ratio to in-process `play_batch` (the issue's target: >= 80 %) and to the figure of
`bench/simulate.py --game caravans` (its 4-player line-up of the four styles, seeds from
1000, Game.play_batch in batches of 50: the issue's "in-process figure"), measured here in
the same processes as the other in-process figures.

Usage: .venv/bin/python bench/simulate_overhead.py [-n 20000] [--games 2000] [--batch 200]
       [--repeat 2] [--workers 1,2] [--tree DIR]

Bundled Caravans, default mixed line-ups, 2-4 players, master seed 1: the in-process games
are the run's own first --games games (its plan), in batches of --batch (a grown batch of a
run is up to 400). Each figure is the best of --repeat (the in-process ones alternate with
each other; the runs on 1 and 2 workers alternate too). `--tree DIR` runs another source
tree's toolkit (e.g. a checkout of the commit before) in the same alternation, so before and
after are measured under the same load. The first line prints the machine's load.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

INPROC = r"""
import json, sys, time
sys.path.insert(0, {tree!r})
from toolkit import BUNDLED_PROJECT
from toolkit.games import game_for
from toolkit.sim.batch import Planned, catalog_for, play_batch, play_tallied
from toolkit.sim.plan import RunPlan, parse_agents, parse_players

root = str(BUNDLED_PROJECT)
catalog = catalog_for(root)
game = game_for(catalog, command="simulate")
allowed = (catalog.game.players.min, catalog.game.players.max)
counts = parse_players(f"{{allowed[0]}}-{{allowed[1]}}", allowed)
plan = RunPlan(1, tuple(counts), parse_agents("mixed", max(counts), game, catalog), True)
h = catalog.content_hash
games, size = {games}, {batch}
chunks = [Planned(plan, range(lo, min(games, lo + size))) for lo in range(0, games, size)]
lineup = ("trader", "raider", "adventurer", "balanced")  # bench/simulate_games.py's Caravans
jobs = [(seed, lineup) for seed in range(1000, 1000 + games)]
fours = [jobs[i:i + 50] for i in range(0, games, 50)]


def four_players(root, h, batch):
    return game.play_batch(catalog, batch)


play_tallied(root, h, chunks[0])  # warm-up: the reporters, the core's tables
four_players(root, h, fours[0])
out = {{"bare": [], "tallied": [], "four": []}}
for _ in range({repeat}):
    for name, fn, work in (("bare", play_batch, chunks), ("tallied", play_tallied, chunks),
                           ("four", four_players, fours)):
        start = time.process_time()
        for c in work:
            fn(root, h, c)
        out[name].append(time.process_time() - start)
print(json.dumps(out))
"""


def rusage_children() -> float:
    got = resource.getrusage(resource.RUSAGE_CHILDREN)
    return got.ru_utime + got.ru_stime


def in_process(tree: Path, games: int, batch: int, repeat: int) -> dict[str, float]:
    """Best CPU seconds of play_batch and play_tallied over the run's first `games`."""
    code = INPROC.format(tree=str(tree), games=games, batch=batch, repeat=repeat)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tree, check=True)
    times = json.loads(done.stdout.strip().splitlines()[-1])
    return {k: min(v) for k, v in times.items()}


def whole_run(tree: Path, n: int, workers: int) -> tuple[float, float]:
    """(CPU seconds of the parent and its workers, wall seconds) of `toolkit simulate`."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    code = ("import sys; sys.path.insert(0, %r); from toolkit.cli import main; "
            "sys.argv = ['toolkit'] + sys.argv[1:]; main()" % str(tree))
    with tempfile.TemporaryDirectory() as out:
        before, start = rusage_children(), time.monotonic()
        subprocess.run([sys.executable, "-c", code, "simulate", "--example", "-n", str(n),
                        "--workers", str(workers), "-q", "--out", out], cwd=tree, env=env,
                       check=True, stdout=subprocess.DEVNULL)
        return rusage_children() - before, time.monotonic() - start


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=20000, help="games of each simulate run")
    ap.add_argument("--games", type=int, default=2000, help="games of the in-process runs")
    ap.add_argument("--batch", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--workers", default="1,2")
    ap.add_argument("--tree", type=Path, action="append", default=[],
                    help="another source tree to measure alongside this one")
    args = ap.parse_args()
    trees = [ROOT, *[t.resolve() for t in args.tree]]
    counts = [int(w) for w in args.workers.split(",") if w]
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}, "
          f"{os.cpu_count()} cores; in process {args.games:,} games in batches of "
          f"{args.batch}, simulate -n {args.n:,}; best of {args.repeat}")
    inproc = {t: {"bare": float("inf"), "tallied": float("inf"), "four": float("inf")}
              for t in trees}
    runs = {(t, w): (float("inf"), 0.0) for t in trees for w in counts}
    for _ in range(args.repeat):  # alternate, so that each tree sees the same load
        for t in trees:
            got = in_process(t, args.games, args.batch, 1)
            inproc[t] = {k: min(v, got[k]) for k, v in inproc[t].items()}
        for w in counts:
            for t in trees:
                cpu, wall = whole_run(t, args.n, w)
                if cpu < runs[t, w][0]:
                    runs[t, w] = (cpu, wall)
    for t in trees:
        bare = args.games / inproc[t]["bare"]
        tallied = args.games / inproc[t]["tallied"]
        four = args.games / inproc[t]["four"]
        name = "this tree" if t == ROOT else str(t)
        print(f"{name}: play_batch {bare:,.0f} games/CPU-s ({1e6 / bare:.0f} µs a game), "
              f"play_tallied {tallied:,.0f} ({1e6 / tallied:.0f} µs, "
              f"{100 * tallied / bare:.0f} %); bench/simulate.py's 4-player figure "
              f"{four:,.0f} games/CPU-s")
        for w in counts:
            cpu, wall = runs[t, w]
            rate = args.n / cpu
            print(f"  simulate -n {args.n:,} --workers {w}: {cpu:.2f} CPU-s ({wall:.1f} s wall)"
                  f" = {rate:,.0f} games/CPU-s ({1e6 / rate:.0f} µs a game): "
                  f"{100 * rate / bare:.0f} % of play_batch, "
                  f"{100 * rate / four:.0f} % of bench/simulate.py's in-process figure")
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} at the end")


if __name__ == "__main__":
    main()
