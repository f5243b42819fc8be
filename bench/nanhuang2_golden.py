"""南荒2's records, digested: the check run after every step of the compiled route's work
(issue #21). Plays the same seeds as simulate's workers would (Game.play_batch in batches of
50, else the generic loop), warlord x4 and mixed line-ups (warlord, random, 2 and 3 seats),
in a fresh process compiled and one with TOOLKIT_PURE_PYTHON=1, and prints each mode's digest
of every record (actions included) and whether they match each other and `--expect`.

Usage: .venv/bin/python bench/nanhuang2_golden.py [--games N] [--expect DIGEST] [--write FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINEUPS = [["warlord"] * 4, ["warlord", "random", "warlord", "random"], ["warlord"] * 3,
           ["warlord", "warlord"], ["random"] * 4]
RUN = """
import hashlib, json, sys
sys.path.insert(0, {root!r})
from toolkit.content.validate import load_catalog
from toolkit.games import game_for
from toolkit.sim.batch import play_counted
catalog = load_catalog({project!r})
game = game_for(catalog, trust=True)
digest, lines = hashlib.sha256(), []
for lineup in {lineups!r}:
    jobs = [(seed, lineup) for seed in range(1000, 1000 + {games})]
    for i in range(0, len(jobs), 50):
        batch = jobs[i:i + 50]
        done = game.play_batch(catalog, batch)
        if done is None:
            done = [play_counted(game, catalog, seed, list(names)) for seed, names in batch]
        for record in done:
            line = json.dumps(record, sort_keys=True, default=str)
            digest.update(line.encode())
            lines.append(line)
if {write!r}:
    open({write!r}, "w").write("\\n".join(lines) + "\\n")
print(digest.hexdigest()[:16])
"""


def digest(games: int, pure: bool, write: str = "") -> str:
    code = RUN.format(root=str(ROOT), project=str(ROOT / "examples/nanhuang2"),
                      lineups=LINEUPS, games=games, write=write)
    env = {**os.environ, "TOOLKIT_PURE_PYTHON": "1" if pure else "0"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, check=False)
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    return done.stdout.split()[-1]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--expect", default="")
    ap.add_argument("--write", default="", help="also write the compiled run's records here")
    args = ap.parse_args()
    compiled = digest(args.games, False, args.write)
    pure = digest(args.games, True)
    same = compiled == pure and (not args.expect or compiled == args.expect)
    print(json.dumps({"compiled": compiled, "pure": pure, "expect": args.expect,
                      "identical": same}))
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
