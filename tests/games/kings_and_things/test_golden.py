"""Golden playthroughs: four heuristic players on fixed seeds write the same records (every
action included) as when this test was pinned, compiled (whatever of the game is built and
current) and as pure Python (TOOLKIT_PURE_PYTHON=1). A speed-up that changes a decision or
a draw of the dice breaks it: that is a rules change, not an optimisation."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from toolkit.native import builds

ROOT = Path(__file__).resolve().parents[3]
TYPED = sorted(".".join(p.relative_to(ROOT).with_suffix("").parts)
               for p in (ROOT / "toolkit/games/kings_and_things").rglob("*.py") if builds.marked(p))
COMPILED = bool(TYPED) and all(builds.extension(name) for name in TYPED)
SEEDS = (1000, 1001, 1002)
GOLDEN = "4f3c4a6fc7ea401c"   # sha256 of the records' JSON texts, seeds 1000-1002
DIGEST = """
import hashlib, json, sys
sys.path.insert(0, {root!r})
from toolkit.content.validate import load_catalog
from toolkit.games.kings_and_things import GAME
from toolkit.loop import play_game
catalog = load_catalog({project!r})
digest = hashlib.sha256()
for seed in {seeds!r}:
    record = play_game(GAME, catalog, seed, ["heuristic"] * 4, keep_actions=True)
    digest.update(json.dumps(record, sort_keys=True, default=str).encode())
import toolkit.native as native
compiled = sorted(name for name, how in native.status() if how == "compiled")
print(digest.hexdigest()[:16], ",".join(compiled))
"""


def _digest(pure: bool) -> tuple[str, list[str]]:
    code = DIGEST.format(root=str(ROOT), project=str(ROOT / "examples/kings-and-things"),
                         seeds=SEEDS)
    env = {k: v for k, v in os.environ.items() if k != "TOOLKIT_PURE_PYTHON"}
    if pure:
        env["TOOLKIT_PURE_PYTHON"] = "1"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    digest, _, compiled = done.stdout.splitlines()[-1].partition(" ")
    return digest, [name for name in compiled.split(",") if "kings_and_things" in name]


def test_the_hot_modules_are_typed():
    names = {name.rsplit(".", 1)[-1] for name in TYPED}
    assert {"state", "hidden", "movement", "agent", "flow", "combat"} <= names
    for name in ("state", "hidden", "phases/movement"):  # typed by an augmenting .pxd
        assert (ROOT / "toolkit/games/kings_and_things" / f"{name}.pxd").is_file()


@pytest.mark.parametrize("pure", [False, True], ids=["compiled", "pure"])
def test_the_golden_playthroughs_hold(pure):
    digest, compiled = _digest(pure)
    assert digest == GOLDEN
    if pure:
        assert compiled == []
    elif COMPILED:  # built here: every typed module played compiled and current
        assert compiled == TYPED
