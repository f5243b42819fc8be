"""Compiled against pure Python, game by game, in one run (bench/simulate.py --game NAME|all).

Each game's 4-player line-up of its default heuristic (Caravans: its four styles) plays the
same seeds in fresh processes, alternately with the compiled parts (whatever is built and
current) and with TOOLKIT_PURE_PYTHON=1, `rounds` times each, as simulate's workers play them
(Game.play_batch, a compiled core's batches of 50, else toolkit.sim.batch.play_counted: the
generic loop); the lines print games per CPU-second (time.process_time; imports, catalog,
one warm-up game and digesting the records left out) of the best
round of each mode, their ratio, which compiled parts played, and whether the two modes
wrote the same records (a digest of every record, actions included).

`five_tricks` is the tutorial game of docs/new-game.md as a designer's own project: its
typed copy (the template with the rules package of tests/fixtures/five_tricks_typed, compiled into a per-user cache by
toolkit/native/project_build.py; here a cache in a temporary folder)
compiled and as Python, and the untyped rules `toolkit new` writes, all with the same
seeds; the line adds the untyped figure and the typed build's ratio to it.
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
    "five_tricks": ("tests/fixtures/five_tricks_typed", ["search:16"] * 4, 300),
}
PROJECTS = {"five_tricks": "blank"}  # a designer's own rules: `toolkit new` template
RUN = """
import hashlib, json, sys, time
sys.path.insert(0, {tree!r})
import importlib
from toolkit.content.validate import load_catalog
from toolkit.games import game_for
from toolkit.sim.batch import play_counted
import toolkit.native as native
catalog = load_catalog({project!r})
game = game_for(catalog, trust=True)


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
played += sorted(name.rsplit(".", 1)[-1] for name, module in sys.modules.items()
                 if name.startswith("toolkit_project_rules_")
                 and str(getattr(module, "__file__", "")).endswith(".so"))
print(json.dumps({{"rate": {games} / spent, "actions": actions / {games},
                  "records": digest.hexdigest()[:16], "compiled": played}}))
"""


def one_run(tree: Path, game: str, games: int, pure: bool, project: Path | None = None,
            env: dict | None = None) -> dict:
    """One fresh process: games/CPU-s, mean actions, records digest, compiled modules."""
    folder, lineup, _ = GAMES[game]
    code = RUN.format(tree=str(tree), game=game, project=str(project or ROOT / folder),
                      lineup=lineup, games=games)
    env = {**os.environ, **(env or {}), "TOOLKIT_PURE_PYTHON": "1" if pure else "0"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, check=False)
    if done.returncode != 0:
        raise SystemExit(f"bench: {game} ({'pure' if pure else 'compiled'}) failed: "
                         f"{done.stderr.strip().splitlines()[-1:]}")
    return json.loads(done.stdout.splitlines()[-1])


def compare_game(tree: Path, game: str, games: int, rounds: int) -> dict:
    """Best of `rounds` alternating compiled / pure runs of `game`, printed as one line."""
    if game in PROJECTS:
        return compare_project(tree, game, games, rounds)
    runs: dict[bool, list[dict]] = {False: [], True: []}
    for i in range(rounds):
        for pure in ((False, True) if i % 2 == 0 else (True, False)):
            runs[pure].append(one_run(tree, game, games, pure))
    return _line(game, games, rounds, runs)


def compare_project(tree: Path, game: str, games: int, rounds: int) -> dict:
    """A designer's own project: its typed copy compiled and as Python, and the untyped
    template, in fresh processes with a cache and trust record of their own."""
    import shutil
    import tempfile

    from toolkit.new.scaffold import create_project

    with tempfile.TemporaryDirectory() as tmp:  # the processes load with trust=True
        typed, plain = Path(tmp) / "typed", Path(tmp) / "plain"
        shutil.copytree(ROOT / GAMES[game][0] / "rules", typed / "rules",  # the typed rules
                        ignore=shutil.ignore_patterns("__pycache__"))
        create_project(typed, PROJECTS[game], force=True)  # ...in the template's project
        create_project(plain, PROJECTS[game])
        env = {"TOOLKIT_CACHE": str(Path(tmp) / "cache")}
        runs: dict[bool, list[dict]] = {False: [], True: []}
        untyped = []
        for i in range(rounds):
            for pure in ((False, True) if i % 2 == 0 else (True, False)):
                runs[pure].append(one_run(tree, game, games, pure, typed, env))
            untyped.append(one_run(tree, game, games, True, plain, env))
    return _line(game, games, rounds, runs, untyped)


def _line(game: str, games: int, rounds: int, runs: dict, untyped: list | None = None) -> dict:
    compiled = max(runs[False], key=lambda r: r["rate"])
    pure = max(runs[True], key=lambda r: r["rate"])
    same = len({r["records"] for r in runs[False] + runs[True] + (untyped or [])}) == 1
    names = [name.rsplit(".", 1)[-1] for name in compiled["compiled"]]
    parts = (", ".join(names) if len(names) <= 12 else f"{len(names)} modules") or "none"
    print(f"{game}, 4 x {'/'.join(sorted(set(GAMES[game][1])))}, {games} games, best of "
          f"{rounds}: compiled {compiled['rate']:.1f}, pure Python {pure['rate']:.1f} games "
          f"per CPU-s (x{compiled['rate'] / pure['rate']:.2f}); {compiled['actions']:.0f} "
          f"actions/game; records {'identical' if same else 'DIFFER'}; compiled: {parts}; "
          + (f"untyped rules {max(r['rate'] for r in untyped):.1f} games per CPU-s (typed "
             f"and compiled x{compiled['rate'] / max(r['rate'] for r in untyped):.2f}); "
             if untyped else "")
          + f"load average {os.getloadavg()[0]:.1f}", flush=True)
    out = {"game": game, "compiled": compiled["rate"], "pure": pure["rate"], "identical": same}
    if untyped:
        out["untyped"] = max(r["rate"] for r in untyped)
    return out


def print_games(tree: Path, which: str, games: int, rounds: int) -> list[dict]:
    """`which`: one game's name or "all"; `games` 0: each game's default a round."""
    names = list(GAMES) if which == "all" else [which]
    for name in names:
        if name not in GAMES:
            raise SystemExit(f"bench: unknown game {name!r}; one of {', '.join(GAMES)} "
                             "or all")
    return [compare_game(tree, name, games or GAMES[name][2], rounds) for name in names]
