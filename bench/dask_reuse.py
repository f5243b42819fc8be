"""The Dask backend's fixed cost per run_games call, as `toolkit compare` pays it twice per
batch (once per version): several consecutive small run_games calls with backend dask (one
LocalCluster of 2 workers) against the same calls on local processes; then a small compare
on local processes, on Dask with the shared cluster, and on Dask closing the cluster after
every call (the behaviour before the cluster was shared).

Usage: python bench/dask_reuse.py [CALLS] [GAMES_PER_CALL] [--no-compare]
"""

from __future__ import annotations

import os
import sys
import time

from toolkit import BUNDLED_PROJECT
from toolkit.sim import batch, dask_backend
from toolkit.sim.batch import run_games
from toolkit.sim.plan import LineupSpec, plan_games


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    calls = int(args[0]) if args else 3
    games = int(args[1]) if len(args) > 1 else 6
    if "--no-compare" not in sys.argv:
        compare_figures()  # first, while no thread runs: local workers are forked
    print(f"{calls} calls of {games} games, 2 workers, random agents, 2 players, "
          f"load average {os.getloadavg()[0]:.1f}")
    times = {}
    for backend in ("local", "dask"):
        times[backend] = []
        for call in range(calls):
            plan = plan_games(call + 1, games, [2], LineupSpec(("random", "random")))
            start = time.perf_counter()
            run_games(BUNDLED_PROJECT, [g.seed for g in plan], [g.agents for g in plan],
                      workers=2, backend=backend, progress=False)
            times[backend].append(time.perf_counter() - start)
        print(f"{backend:5}: " + ", ".join(f"{t:.2f} s" for t in times[backend]))
    extra = [d - lo for d, lo in zip(times["dask"], times["local"])]
    print("dask overhead per call vs local: " + ", ".join(f"{e:+.2f} s" for e in extra)
          + f" (calls after the first: mean {sum(extra[1:]) / max(1, calls - 1):+.2f} s)")

    dask_backend.close_all()


def compare_figures(batches: int = 4, size: int = 8) -> None:
    """Wall time of one compare of the project with itself, `batches` batches of `size`."""
    from toolkit.compare.run import Options, compare_versions
    from toolkit.compare.versions import Version

    version = Version(spec="bench", root=BUNDLED_PROJECT)
    run_dask = batch._run_dask

    def closing(*args):  # the old behaviour: a cluster started and closed on every call
        try:
            run_dask(*args)
        finally:
            dask_backend.close_all()

    wall = {}
    for name, backend, patch in (("local", "local", None), ("dask, shared cluster", "dask", None),
                                 ("dask, cluster per call", "dask", closing)):
        batch._run_dask = patch or run_dask
        options = Options(max_games=batches * size, batch=size, players=2, agents="random",
                          workers=2, backend=backend)
        start = time.perf_counter()
        result = compare_versions(version, version, options)
        wall[name] = time.perf_counter() - start
        dask_backend.close_all()
        print(f"compare, {result.games} paired games in {batches} batches, {name}: "
              f"{wall[name]:.1f} s ({(wall[name] - wall.get('local', wall[name])) / batches:+.2f} "
              "s per batch vs local)")
    batch._run_dask = run_dask


if __name__ == "__main__":
    main()
