"""Game.play_batch of Root (batch.py, its loop of whole games): the records of the generic
loop (toolkit.sim.batch.play_counted), byte for byte, compiled and as pure Python, for the
heuristic and other agents; None where the generic loop would stop with an error, so that
it says why."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from toolkit.errors import ContentError, UsageError
from toolkit.games.root import GAME, batch
from toolkit.native import builds, pure
from toolkit.native.builds import COMPILED
from toolkit.sim.batch import play_counted

from .conftest import PROJECT

ROOT = Path(__file__).resolve().parents[3]
JOBS = [(1000, ["heuristic"] * 4), (1001, ["heuristic", "random", "heuristic"]),
        (1002, ["random", "heuristic"])]
needs_build = pytest.mark.skipif(
    not builds.extension("toolkit.games.root.batch"), reason="Root's batch.py is not compiled")


def _lines(records) -> list[str]:
    return [json.dumps(r, ensure_ascii=False) for r in records]   # key order counts too


def test_play_batch_gives_the_records_of_play_counted(catalog):
    expected = [play_counted(GAME, catalog, seed, list(names)) for seed, names in JOBS]
    assert _lines(GAME.play_batch(catalog, JOBS)) == _lines(expected)


PURE = """
import json, sys
sys.path.insert(0, {root!r})
from toolkit.content.validate import load_catalog
from toolkit.games.root import GAME, batch
from toolkit.sim.batch import play_counted
catalog = load_catalog({project!r})
jobs = {jobs!r}
assert not batch.__file__.endswith(".so")
print(GAME.play_batch(catalog, []))
for records in (GAME.play_batch(catalog, jobs),
                [play_counted(GAME, catalog, seed, list(names)) for seed, names in jobs]):
    print(json.dumps([json.dumps(r, ensure_ascii=False) for r in records]))
"""


def test_as_pure_python_too(catalog):
    code = PURE.format(root=str(ROOT), project=str(PROJECT), jobs=JOBS)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "TOOLKIT_PURE_PYTHON": "1"}, timeout=600)
    assert done.returncode == 0, done.stderr
    probe, played, generic = done.stdout.splitlines()
    assert probe == "None"      # no compiled core: `balance` says the rules play in Python
    assert played == generic
    assert json.loads(played) == _lines(GAME.play_batch(catalog, JOBS))  # = compiled


@needs_build
def test_no_job_says_whether_the_compiled_build_plays(catalog):
    assert pure.played.get(batch.__name__) == COMPILED
    assert batch.__file__.endswith(".so")
    assert GAME.play_batch(catalog, []) == []


def test_what_the_generic_loop_stops_on_is_left_to_it(catalog, monkeypatch):
    assert GAME.play_batch(catalog, [(1, ["heuristic", "nobody"])]) is None
    with pytest.raises(UsageError):
        play_counted(GAME, catalog, 1, ["heuristic", "nobody"])
    monkeypatch.setattr(GAME, "max_actions", 30)
    assert GAME.play_batch(catalog, JOBS[:1]) is None
    with pytest.raises(ContentError):
        play_counted(GAME, catalog, JOBS[0][0], JOBS[0][1])
