"""Golden playthroughs: a few seeds of 4 x heuristic play, action for action, the games they
played when this digest was pinned, as pure Python (TOOLKIT_PURE_PYTHON=1) and with whatever
typed modules are compiled and current. A speed-up that changes a decision or a die roll
changes the digest: that is a rules change, not an optimisation."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from toolkit.native import builds

ROOT = Path(__file__).resolve().parents[3]
SEEDS = 3
GOLDEN = "5201827096de7d1a"  # sha256[:16] of the records (actions kept) of seeds 1..SEEDS
TYPED = sorted(".".join(p.relative_to(ROOT).with_suffix("").parts)
               for p in (ROOT / "toolkit/games/root").glob("*.py") if builds.marked(p))
COMPILED = bool(TYPED) and all(builds.extension(name) for name in TYPED)

PLAY = """
import hashlib, json, sys
sys.path.insert(0, {root!r})
from toolkit.content.validate import load_catalog
from toolkit.games import game_for
from toolkit.loop import play_game
import toolkit.native as native
catalog = load_catalog({project!r})
game = game_for(catalog, trust=True)
digest = hashlib.sha256()
for seed in range(1, {seeds} + 1):
    record = play_game(game, catalog, seed, ["heuristic"] * 4)
    digest.update(json.dumps(record, sort_keys=True, default=str).encode())
compiled = sorted(name for name, how in native.status()
                  if how == "compiled" and name.startswith("toolkit.games.root"))
print(digest.hexdigest()[:16], len(compiled))
"""


def _play(pure: bool) -> tuple[str, int]:
    env = {k: v for k, v in os.environ.items() if k != "TOOLKIT_PURE_PYTHON"}
    env["TOOLKIT_PURE_PYTHON"] = "1" if pure else "0"
    code = PLAY.format(root=str(ROOT), project=str(ROOT / "examples/root"), seeds=SEEDS)
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    digest, compiled = done.stdout.split()
    return digest, int(compiled)


def test_the_golden_playthroughs_hold_as_pure_python():
    assert _play(pure=True) == (GOLDEN, 0)


@pytest.mark.skipif(not COMPILED, reason="Root's typed modules are not compiled here")
def test_the_golden_playthroughs_hold_compiled():
    digest, compiled = _play(pure=False)
    assert digest == GOLDEN
    assert compiled == len(TYPED)  # every typed module played its current build


def test_the_hot_modules_are_typed():
    names = {name.rsplit(".", 1)[-1] for name in TYPED}
    assert {"state", "board", "agents", "agent_threats", "turn", "data", "game"} <= names
    for name in ("state", "data", "board", "agents"):  # typed by an augmenting .pxd
        assert (ROOT / "toolkit/games/root" / f"{name}.pxd").is_file()
