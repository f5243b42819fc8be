"""The done-when figure of issue #24: on a copy of the bundled game with three planted
heroes (one at all 4s, two at all 1s), `toolkit balance` within a 10-minute wall budget
returns a proposal of at most 6 numeric edits; the proposal is applied (`--apply 1`) and
the result played on 10,000 fresh games: is every hero inside 18-32 %?

Run: .venv/bin/python bench/balance.py [--trials 60] [--games 300] [--rungs 3]
     [--time 480] [--fresh 10000] [--seed 1] [--workers N]
Prints the search's games, wall time, the proposal, and each hero's adjusted win rate on
the fresh games. The slow test tests/balance/test_done_when.py runs the same function.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "balance"))

from conftest import planted_project  # noqa: E402

from toolkit.cli import main  # noqa: E402


def _toolkit(*argv) -> None:
    try:
        main([str(a) for a in argv])
    except SystemExit as exc:
        if exc.code not in (0, None):
            raise RuntimeError(f"toolkit {argv[0]} exited {exc.code}") from None


def planted_heroes(folder: Path, trials=60, games=300, rungs=3, time_budget=480.0,
                   fresh=10_000, seed=1, workers=None, quiet=True) -> dict:
    """Search, apply proposal 1, play `fresh` fresh games; the figures as a dict."""
    project = planted_project(folder / "planted")
    out = folder / "balance"
    extra = ["--workers", workers] if workers else []
    start = time.monotonic()
    _toolkit("balance", project, "--trials", trials, "--games", games, "--rungs", rungs,
             "--time", time_budget, "--verify", 0, "--proposals", 1, "--seed", seed,
             "--out", out, *(["-q"] if quiet else []), *extra)
    search_wall = time.monotonic() - start
    data = json.loads((out / "proposals.json").read_text(encoding="utf-8"))
    result = {"search_wall_s": round(search_wall, 1), "search_games": data["played"],
              "games_per_s": data["games_per_second"], "stopped": data["stopped"],
              "proposal": None, "heroes": {}, "all_in_band": False}
    if not data["proposals"]:
        return result
    result["proposal"] = data["proposals"][0]["edits"]
    _toolkit("balance", project, "--out", out, "--apply", 1)
    sim = folder / "fresh"
    _toolkit("simulate", project, "-n", fresh, "--players", 4, "--seed", 10_007 + seed, "-q",
             "--out", sim, *extra)
    report = json.loads((sim / "report.json").read_text(encoding="utf-8"))
    heroes = {m["entry"]: (round(m["value"], 4), [round(x, 4) for x in m["ci95"]])
              for m in report["targets"] if m["target"] == "hero win rate"}
    result["heroes"] = heroes
    result["all_in_band"] = all(0.18 <= v <= 0.32 for v, _ in heroes.values())
    result["total_wall_s"] = round(time.monotonic() - start, 1)
    return result


def cli() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=60)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rungs", type=int, default=3)
    parser.add_argument("--time", type=float, default=480.0)
    parser.add_argument("--fresh", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        result = planted_heroes(Path(tmp), args.trials, args.games, args.rungs, args.time,
                                args.fresh, args.seed, args.workers, quiet=False)
    print(f"search: {result['search_games']:,} games in {result['search_wall_s']} s wall "
          f"({result['games_per_s']} games/s), stopped by {result['stopped']}")
    for e in result["proposal"] or []:
        print(f"  {e['file']}:{e['line']}:{e['column']}: {e['id']} {e['field']}: "
              f"{e['old']} -> {e['new']}")
    for hero, (rate, ci) in sorted(result["heroes"].items(), key=lambda kv: kv[1][0]):
        print(f"  {hero}: {100 * rate:.1f} % [{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]")
    print(f"edits: {len(result['proposal'] or [])}; every hero in 18-32 % on "
          f"{args.fresh:,} fresh games: {result['all_in_band']}; "
          f"total wall {result.get('total_wall_s', '-')} s")


if __name__ == "__main__":
    cli()
