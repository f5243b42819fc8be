"""Simulation throughput: games/s of the bare runner loop, of run_games with 1 and 2 local
workers, and of the Dask backend (LocalCluster start-up included and excluded).

Usage: python bench/simulate_batch.py [GAMES] [--agents random] [--players 4] [--dask]
"""

from __future__ import annotations

import argparse
import os
import pickle
import time

from toolkit.games.caravans import GAME
from toolkit import BUNDLED_PROJECT
from toolkit.sim.batch import catalog_for, run_games
from toolkit.sim.plan import parse_agents, parse_players, plan_games


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", type=int, nargs="?", default=200)
    ap.add_argument("--agents", default="random")
    ap.add_argument("--players", default="4")
    ap.add_argument("--dask", action="store_true", help="also time the Dask backend")
    args = ap.parse_args()

    from toolkit.loop import play_game

    root = BUNDLED_PROJECT
    catalog = catalog_for(root)
    counts = parse_players(args.players, (catalog.game.players.min, catalog.game.players.max))
    plan = plan_games(1, args.games, counts, parse_agents(args.agents, max(counts), GAME, catalog))
    seeds, lineups = [g.seed for g in plan], [g.agents for g in plan]
    print(f"{args.games} games, players {args.players}, agents {args.agents}, "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}, "
          f"content {catalog.content_hash}")

    play_game(GAME, catalog, seeds[0], list(lineups[0]))  # warm-up: agent modules, caches
    records, bare = timed(lambda: [play_game(GAME, catalog, s, list(a)) for s, a in zip(seeds, lineups)])
    actions = sum(r["length"] for r in records)
    print(f"bare runner loop      : {args.games / bare:8.1f} games/s  "
          f"({actions / bare:,.0f} actions/s, {bare / args.games * 1000:.1f} ms/game)")
    _, pickling = timed(lambda: [pickle.loads(pickle.dumps(r)) for r in records])
    _, lookups = timed(lambda: [catalog_for(root, catalog.content_hash) for _ in records])
    print(f"machinery             : {pickling / len(records) * 1e3:.2f} ms/game to pickle a "
          f"record both ways, {lookups / len(records) * 1e3:.2f} ms per batch to check the catalog")
    results = {}
    for workers in (1, 2):
        out, secs = timed(lambda: run_games(root, seeds, lineups, workers=workers, progress=False))
        assert out == records, "run_games differs from the bare loop"
        results[workers] = secs
        print(f"run_games, {workers} worker(s) : {args.games / secs:8.1f} games/s  "
              f"(overhead vs bare {100 * (secs - bare) / bare:+.1f} %)")
    print(f"speed-up 1 -> 2 workers: {results[1] / results[2]:.2f}x")
    if args.dask:
        from toolkit.sim.dask_backend import close_all, shared_client

        _, startup = timed(lambda: shared_client(2))
        out, secs = timed(lambda: run_games(root, seeds, lineups, workers=2, backend="dask",
                                            progress=False))
        _, stop = timed(close_all)
        assert out == records, "dask differs from local"
        print(f"dask LocalCluster, 2  : {args.games / (secs + startup):8.1f} games/s including "
              f"start-up, {args.games / secs:.1f} on the running cluster "
              f"(cluster start {startup:.1f} s, stop {stop:.1f} s)")


if __name__ == "__main__":
    main()
