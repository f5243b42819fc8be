"""What the report's tallies cost (issues #30, #21): in the workers, µs a game of
`play_batch` against `play_tallied` (the tally, the games.jsonl line and the packing of
the batch's tally), split by reporter; in the parent, µs a game to unpickle and merge the
batches' tallies (toolkit.sim.tally.Packed) at a few batch sizes; and, with --end-to-end N,
`simulate -n N` on 2 workers as games per CPU-second (parent + workers, the report
included, and the games phase alone) against in-process `play_batch`.

Usage: .venv/bin/python bench/tally_cost.py [--games 2000] [--batches 50,500]
       [--end-to-end 10000]

Bundled Caravans, mixed agents, 2-4 players; compiled core when built. CPU time
(time.process_time, getrusage for the children); each figure is the best of --repeat runs.
Say the machine's load with the figures: the first line prints it.
"""

from __future__ import annotations

import argparse
import os
import pickle
import resource
import tempfile
import time
from pathlib import Path

from toolkit import BUNDLED_PROJECT
from toolkit.games import game_for
from toolkit.sim.batch import catalog_for, play_batch, play_tallied
from toolkit.sim.plan import parse_agents, plan_games
from toolkit.sim.reporters import RunReporters
from toolkit.sim.stream import line

BATCH = 50


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return min(times)


def rusage_cpu(who) -> float:
    got = resource.getrusage(who)
    return got.ru_utime + got.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--batches", default="50,500", help="batch sizes of the parent's merge")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--end-to-end", type=int, default=0, metavar="N")
    args = ap.parse_args()

    root = str(BUNDLED_PROJECT)
    catalog = catalog_for(root)
    game = game_for(catalog, command="simulate")
    plan = plan_games(1, args.games, [2, 3, 4], parse_agents("mixed", 4, game, catalog))
    items = [(g.index, g.seed, tuple(g.agents)) for g in plan]
    chunks = [items[i:i + BATCH] for i in range(0, len(items), BATCH)]
    h = catalog.content_hash
    print(f"{args.games} games (mixed, 2-4 players) in batches of {BATCH}, "
          f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores")
    play_tallied(root, h, chunks[0])  # warm-up
    played = [play_batch(root, h, c) for c in chunks]
    per = 1e6 / args.games
    bare = best(lambda: [play_batch(root, h, c) for c in chunks], args.repeat)
    tallied = best(lambda: [play_tallied(root, h, c) for c in chunks], args.repeat)
    reporters = RunReporters(game, catalog)
    add = best(lambda: [reporters.add_all(reporters.empty(), p) for p in played], args.repeat)
    sealed = best(lambda: [reporters.seal(reporters.add_all(reporters.empty(), p))
                           for p in played], args.repeat)
    lines = best(lambda: [[(i, line(r).encode("utf-8")) for i, r in p] for p in played],
                 args.repeat)
    print(f"workers: play_batch {bare * per:.0f} µs a game, play_tallied {tallied * per:.0f} "
          f"(+{(tallied - bare) * per:.0f}: reporters' add {add * per:.0f}, packing "
          f"{(sealed - add) * per:.0f}, line {lines * per:.0f})")
    split = {}
    for name, part in reporters.parts.items():
        def one(part=part):
            for pairs in played:
                tally = part.empty()
                if hasattr(part, "add_batch"):  # as RunReporters.add_all adds a batch
                    part.add_batch(tally, pairs)
                    continue
                for i, r in pairs:
                    part.add(tally, i, r)
        split[name] = best(one, args.repeat) * per
    print("  by reporter (µs a game): " + ", ".join(f"{k} {v:.1f}" for k, v in split.items()))
    records = [r for p in played for _, r in p]
    for size in [int(x) for x in args.batches.split(",")]:
        games = max(10_000, 20 * size)
        sent = [pickle.dumps(reporters.seal(reporters.add_all(reporters.empty(), (
            (i, records[i % len(records)]) for i in range(lo, min(games, lo + size))))))
            for lo in range(0, games, size)]

        def merge_all():
            tally = reporters.empty()
            for one in sent:
                reporters.merge(tally, pickle.loads(one))

        cost = best(merge_all, args.repeat)
        print(f"parent: {games:,} games in batches of {size}: unpickle + merge "
              f"{cost / games * 1e6:.1f} µs a game, {cost / len(sent) * 1e3:.2f} ms a batch "
              f"({sum(map(len, sent)) // len(sent):,} bytes a batch)")
    if args.end_to_end:
        from toolkit.sim import simulate as module

        marks = {}
        finish = module.finish_report

        def timed_finish(*a, **k):  # the games are done: the report starts here
            marks["games"] = rusage_cpu(resource.RUSAGE_SELF)
            marks["workers"] = rusage_cpu(resource.RUSAGE_CHILDREN)  # joined by now
            return finish(*a, **k)

        module.finish_report = timed_finish
        me, kids = rusage_cpu(resource.RUSAGE_SELF), rusage_cpu(resource.RUSAGE_CHILDREN)
        with tempfile.TemporaryDirectory() as out:
            start = time.monotonic()
            module.simulate(BUNDLED_PROJECT, args.end_to_end, workers=2, out=Path(out),
                            progress=False)
            wall = time.monotonic() - start
        module.finish_report = finish
        parent = rusage_cpu(resource.RUSAGE_SELF) - me
        children = rusage_cpu(resource.RUSAGE_CHILDREN) - kids  # + the report's forked fit
        games_phase, workers = marks["games"] - me, marks["workers"] - kids
        n, inproc = args.end_to_end, args.games / bare
        total, games_only = parent + children, games_phase + workers
        print(f"end to end: simulate -n {n:,} on 2 workers, {wall:.1f} s wall: parent "
              f"{parent:.2f} CPU-s ({games_phase:.2f} in the games phase), workers "
              f"{workers:.2f}, report's child {children - workers:.2f}; "
              f"{n / total:,.0f} games per CPU-second ({n / games_only:,.0f} in the games "
              f"phase) against {inproc:,.0f} in process (play_batch): "
              f"{100 * n / total / inproc:.0f} % ({100 * n / games_only / inproc:.0f} %)")


if __name__ == "__main__":
    main()
