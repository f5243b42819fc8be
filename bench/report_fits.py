"""The report's fits at up to a million games (issue #30): CPU and memory of `finish_report`.

Plays a real 10,000-game run of the bundled Caravans project once (compiled core when
built, 2-4 players, mixed agents; `toolkit.sim.simulate` with its `finish_report` caught,
so the tally is exactly the one a run hands to the report), then, for each `--games`, in a
fresh process per measurement: merges that tally N times with shifted game indices (as
`simulate`'s `arrived` and `RunReporters.merge` do with the batches) into an N x 10,000-
game tally and runs `finish_report` on it. Each count is measured twice:

- `rss`: as a run does it (the game's sections, i.e. the card fit, in the forked child of
  `toolkit.sim.aside`): CPU-s of the parent and of the child, the parent's RSS before the
  report (the merged tally: the rows) and its peak during it (VmHWM reset before), and the
  child's peak RSS (pages shared with the parent count in both);
- `trace`: the card fit inline (no child), under tracemalloc: what the tally holds before
  the report and the peak during it, all the fits in one process.

Usage: .venv/bin/python bench/report_fits.py [--games 10000,100000,1000000]
       [--tally FILE] [--only rss|trace]
`--tally FILE` keeps the played 10,000-game tally in FILE and reuses it when it exists
(the games are played once; a tally kept before the tallies' format changed will not
load: delete FILE). Say the machine's load with the figures (the first line).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

BASE_GAMES = 10_000

PLAY = r"""
import toolkit.sim  # first, as in a run: numpy's BLAS on one thread
import pickle, sys
from pathlib import Path
from toolkit import BUNDLED_PROJECT
from toolkit.sim import simulate as module
games, out, keep = int(sys.argv[1]), sys.argv[2], sys.argv[3]

def caught(reporters, tally, **kwargs):
    with open(keep, "wb") as f:
        pickle.dump({"tally": tally, "seed": kwargs["seed"], "agents": kwargs["agents"],
                     "design": kwargs.get("design")}, f, protocol=pickle.HIGHEST_PROTOCOL)
    raise SystemExit(0)

module.finish_report = caught
module.simulate(BUNDLED_PROJECT, games, workers=2, out=Path(out), progress=False)
"""

MEASURE = r"""
import toolkit.sim  # first, as in a run: numpy's BLAS on one thread
import json, pickle, resource, sys, time
copies, mode, path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
from toolkit import BUNDLED_PROJECT
from toolkit.games import game_for
from toolkit.sim import stats
from toolkit.sim.batch import catalog_for
from toolkit.sim.reporters import RunReporters

catalog = catalog_for(str(BUNDLED_PROJECT))
game = game_for(catalog, command="simulate")
reporters = RunReporters(game, catalog)
blob = open(path, "rb").read()
saved = pickle.loads(blob)
per = saved["tally"]["header"]["games"]
import gc, tracemalloc
if mode == "trace":
    tracemalloc.start()
tally = None
for copy in range(copies):
    part = pickle.loads(blob)["tally"]
    for chunk in part["fits"]["chunks"]:  # the copy's games come after the others'
        chunk.seal()
        chunk.index = chunk.index + copy * per
    tally = part if tally is None else reporters.merge(tally, part)
del blob, part, saved["tally"]
kwargs = dict(seed=saved["seed"], agents=saved["agents"], game=game, catalog=catalog,
              design=saved["design"])

def status(key):
    for row in open("/proc/self/status"):
        if row.startswith(key + ":"):
            return int(row.split()[1]) / 1024

def cpu(who):
    use = resource.getrusage(who)
    return use.ru_utime + use.ru_stime

out = {"games": tally["header"]["games"]}
if mode == "trace":
    stats.ASIDE_GAMES = 10 ** 12  # the card fit inline: every fit in this process
    gc.collect()
    held = tracemalloc.get_traced_memory()[0]  # the merged tally (the rows and the counts)
    tracemalloc.reset_peak()
    start = time.process_time()
    stats.finish_report(reporters, tally, **kwargs)
    out["cpu_s"] = time.process_time() - start
    out["tally_mb"] = held / 2 ** 20
    out["peak_mb"] = tracemalloc.get_traced_memory()[1] / 2 ** 20
else:
    with open("/proc/self/clear_refs", "w") as f:  # VmHWM := VmRSS
        f.write("5")
    out["rss_before_mb"] = status("VmRSS")
    me, kids, start = cpu(resource.RUSAGE_SELF), cpu(resource.RUSAGE_CHILDREN), time.monotonic()
    stats.finish_report(reporters, tally, **kwargs)
    out["wall_s"] = time.monotonic() - start
    out["parent_cpu_s"] = cpu(resource.RUSAGE_SELF) - me
    out["child_cpu_s"] = cpu(resource.RUSAGE_CHILDREN) - kids
    out["rss_peak_mb"] = status("VmHWM")
    out["child_rss_peak_mb"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(json.dumps(out))
"""


def _run(code: str, *args: str) -> str:
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"bench/report_fits.py: a child failed:\n{done.stderr[-3000:]}")
    return done.stdout


def played(keep: Path | None, folder: str) -> Path:
    """The 10,000-game tally's pickle (played now unless `keep` exists)."""
    path = keep or Path(folder) / "tally.pickle"
    if not path.exists():
        with tempfile.TemporaryDirectory() as out:
            _run(PLAY, str(BASE_GAMES), out, str(path))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="10000,100000,1000000",
                        help="comma-separated multiples of 10,000")
    parser.add_argument("--tally", type=Path, help="keep / reuse the 10,000-game tally here")
    parser.add_argument("--only", choices=("rss", "trace"))
    args = parser.parse_args()
    counts = [int(n) for n in args.games.split(",")]
    if any(n < BASE_GAMES or n % BASE_GAMES for n in counts):
        sys.exit(f"bench/report_fits.py: --games: multiples of {BASE_GAMES:,} expected")
    print(f"load: {os.getloadavg()[0]:.1f} (1-minute average at start), "
          f"{os.cpu_count()} cores", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        path = played(args.tally, folder)
        for n in counts:
            for mode in ("rss", "trace"):
                if args.only and mode != args.only:
                    continue
                got = json.loads(_run(MEASURE, str(n // BASE_GAMES), mode, str(path))
                                 .strip().splitlines()[-1])
                if mode == "rss":
                    print(f"{n:>9,} games  rss: report {got['wall_s']:.1f} s wall, CPU-s "
                          f"parent {got['parent_cpu_s']:.2f} + card fit child "
                          f"{got['child_cpu_s']:.2f}; parent RSS {got['rss_before_mb']:.0f} MB "
                          f"before, peak {got['rss_peak_mb']:.0f} MB; child peak "
                          f"{got['child_rss_peak_mb']:.0f} MB", flush=True)
                else:
                    print(f"{n:>9,} games  trace (card fit inline): {got['cpu_s']:.2f} CPU-s "
                          f"traced; tally {got['tally_mb']:.0f} MB, peak "
                          f"{got['peak_mb']:.0f} MB (+{got['peak_mb'] - got['tally_mb']:.0f} "
                          f"over the tally)", flush=True)


if __name__ == "__main__":
    main()
