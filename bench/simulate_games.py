"""Compiled against pure Python, game by game, in one run (bench/simulate.py --game NAME|all).

Each game's 4-player line-up of its default heuristic (Caravans: its four styles) plays the
same seeds in fresh processes, alternately with the compiled parts (whatever is built and
current) and with TOOLKIT_PURE_PYTHON=1, `rounds` times each, as simulate's workers play them
(Game.play_batch, a compiled core's batches of 50, else toolkit.sim.batch.play_counted: the
generic loop); the lines print games per CPU-second (time.process_time; imports, catalog,
one warm-up game and digesting the records left out) of the best
round of each mode, their ratio, which compiled parts played, and whether the two modes
wrote the same records (a digest of every record, actions included).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CARAVANS = ["trader", "raider", "adventurer", "balanced"]
# game -> (project folder from the repository, line-up, default games a round)
GAMES = {
    "caravans": (".", CARAVANS, 400),
    "nanhuang2": ("examples/nanhuang2", ["warlord"] * 4, 200),
    "root": ("examples/root", ["heuristic"] * 4, 20),
    "kings_and_things": ("examples/kings-and-things", ["heuristic"] * 4, 6),
}

RUN = """
import hashlib, json, sys, time
sys.path.insert(0, {tree!r})
import importlib
from toolkit.content.validate import load_catalog
from toolkit.games import BUILTIN
from toolkit.sim.batch import play_counted
import toolkit.native as native
game = importlib.import_module(BUILTIN[{game!r}]).GAME
catalog = load_catalog({project!r})


def play(seeds):
    # the records simulate's workers write: a compiled core's batch, else the loop's
    jobs, out = [(seed, {lineup!r}) for seed in seeds], []
    for i in range(0, len(jobs), 50):
        batch = jobs[i:i + 50]
        done = game.play_batch(catalog, batch)
        out += done if done is not None else [play_counted(game, catalog, seed, list(names))
                                              for seed, names in batch]
    return out


play([1])  # warm-up: imports and caches settle
digest, actions = hashlib.sha256(), 0
start = time.process_time()
records = play(range(1000, 1000 + {games}))
spent = time.process_time() - start
for record in records:
    actions += record["length"]
    digest.update(json.dumps(record, sort_keys=True, default=str).encode())
played = sorted(name for name, how in native.status()
                if how == "compiled" and name.startswith("toolkit.games." + {game!r}))
print(json.dumps({{"rate": {games} / spent, "actions": actions / {games},
                  "records": digest.hexdigest()[:16], "compiled": played}}))
"""


def one_run(tree: Path, game: str, games: int, pure: bool) -> dict:
    """One fresh process: games/CPU-s, mean actions, records digest, compiled modules."""
    folder, lineup, _ = GAMES[game]
    code = RUN.format(tree=str(tree), game=game, project=str(ROOT / folder), lineup=lineup,
                      games=games)
    env = {**os.environ, "TOOLKIT_PURE_PYTHON": "1" if pure else "0"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, check=False)
    if done.returncode != 0:
        raise SystemExit(f"bench: {game} ({'pure' if pure else 'compiled'}) failed: "
                         f"{done.stderr.strip().splitlines()[-1:]}")
    return json.loads(done.stdout.splitlines()[-1])


def compare_game(tree: Path, game: str, games: int, rounds: int) -> dict:
    """Best of `rounds` alternating compiled / pure runs of `game`, printed as one line."""
    runs: dict[bool, list[dict]] = {False: [], True: []}
    for i in range(rounds):
        for pure in ((False, True) if i % 2 == 0 else (True, False)):
            runs[pure].append(one_run(tree, game, games, pure))
    compiled = max(runs[False], key=lambda r: r["rate"])
    pure = max(runs[True], key=lambda r: r["rate"])
    same = len({r["records"] for r in runs[False] + runs[True]}) == 1
    parts = ", ".join(name.rsplit(".", 1)[-1] for name in compiled["compiled"]) or "none"
    print(f"{game}, 4 x {'/'.join(sorted(set(GAMES[game][1])))}, {games} games, best of "
          f"{rounds}: compiled {compiled['rate']:.1f}, pure Python {pure['rate']:.1f} games "
          f"per CPU-s (x{compiled['rate'] / pure['rate']:.2f}); {compiled['actions']:.0f} "
          f"actions/game; records {'identical' if same else 'DIFFER'}; compiled: {parts}; "
          f"load average {os.getloadavg()[0]:.1f}", flush=True)
    return {"game": game, "compiled": compiled["rate"], "pure": pure["rate"],
            "identical": same}


def print_games(tree: Path, which: str, games: int, rounds: int) -> list[dict]:
    """`which`: one game's name or "all"; `games` 0: each game's default a round."""
    names = list(GAMES) if which == "all" else [which]
    for name in names:
        if name not in GAMES:
            raise SystemExit(f"bench: unknown game {name!r}; one of {', '.join(GAMES)} "
                             "or all")
    return [compare_game(tree, name, games or GAMES[name][2], rounds) for name in names]
