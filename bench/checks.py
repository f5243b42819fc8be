"""Speed of `toolkit check`: the fuzzer with and without invariants, the rulings, and a
whole default run. Prints figures; run with the project venv:
    .venv/bin/python bench/checks.py [GAMES]
"""

from __future__ import annotations

import sys
import time

from toolkit import BUNDLED_PROJECT
from toolkit.checks.fuzz import fuzz
from toolkit.games.caravans import GAME
from toolkit.checks.rulings import run_ruling
from toolkit.checks.rulings_load import load_rulings
from toolkit.checks.run import DEFAULT_GAMES, run_check
from toolkit.content.validate import load_catalog


def timed(fn):
    """(result, wall seconds); CPU seconds are printed too, the machine may be shared."""
    start, cpu = time.perf_counter(), time.process_time()
    out = fn()
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"    ({wall:.1f} s wall, {cpu:.1f} s CPU)")
    return out, wall


def main(games: int) -> None:
    catalog = load_catalog(BUNDLED_PROJECT)
    bare, t_bare = timed(lambda: fuzz(GAME, catalog, "bench", games, 0, only=set()))
    full, t_full = timed(lambda: fuzz(GAME, catalog, "bench", games, 0))
    print(f"fuzzer, {games} games ({full.actions} actions, mixed seats, 2-4 players)")
    print(f"  no invariants:    {t_bare:6.1f} s  {games / t_bare:5.2f} games/s  "
          f"{bare.actions / t_bare:7.0f} actions/s")
    print(f"  every invariant:  {t_full:6.1f} s  {games / t_full:5.2f} games/s  "
          f"{full.actions / t_full:7.0f} actions/s  ({len(full.violations)} violations)")
    items = load_rulings(BUNDLED_PROJECT, GAME)
    _, t_rul = timed(lambda: [run_ruling(GAME, catalog, i) for i in items])
    print(f"rulings: {len(items)} in {t_rul:.1f} s")
    report, t_all = timed(lambda: run_check(BUNDLED_PROJECT))
    print(f"toolkit check (default -n {DEFAULT_GAMES}): {t_all:.1f} s, "
          f"{'OK' if report.ok else 'FAILED'}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
