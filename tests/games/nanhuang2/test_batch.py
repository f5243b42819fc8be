"""Game.play_batch of 南荒2 (batch.py, its loop of whole games): the records of the generic
loop (toolkit.sim.batch.play_counted), byte for byte, compiled and as pure Python, for every
agent; None where the generic loop would stop with an error, so that it says why."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from toolkit.errors import ContentError, UsageError
from toolkit.games.nanhuang2 import GAME, batch
from toolkit.games.nanhuang2.observe import observation, view
from toolkit.loop import make_agents
from toolkit.native import pure
from toolkit.native.builds import COMPILED
from toolkit.sim.batch import play_counted

from .test_compiled import ROOT, needs_build

JOBS = [(1000, ["warlord"] * 4), (1001, ["warlord", "random", "warlord"]),
        (1002, ["random", "warlord"]), (1003, ["random"] * 4), (1004, ["warlord"] * 2),
        (1005, ["warlord", "random", "random", "warlord"])]


def _lines(records) -> list[str]:
    return [json.dumps(r, ensure_ascii=False) for r in records]   # key order counts too


def test_play_batch_gives_the_records_of_play_counted(catalog):
    expected = [play_counted(GAME, catalog, seed, list(names)) for seed, names in JOBS]
    assert _lines(GAME.play_batch(catalog, JOBS)) == _lines(expected)


def test_the_generic_search_agent_plays_through_the_protocol(catalog):
    jobs = [(7, ["search:4", "warlord"])]
    assert _lines(GAME.play_batch(catalog, jobs)) == _lines(
        [play_counted(GAME, catalog, 7, ["search:4", "warlord"])])


PURE = """
import json, sys
sys.path.insert(0, {root!r})
from toolkit.content.validate import load_catalog
from toolkit.games.nanhuang2 import GAME, batch
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
    code = PURE.format(root=str(ROOT), project=str(ROOT / "examples/nanhuang2"), jobs=JOBS)
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
    assert GAME.play_batch(catalog, [(1, ["warlord", "nobody"])]) is None
    with pytest.raises(UsageError):
        play_counted(GAME, catalog, 1, ["warlord", "nobody"])
    assert GAME.play_batch(catalog, [(1, ["warlord:3", "warlord"])]) is None
    monkeypatch.setattr(GAME, "max_actions", 30)
    assert GAME.play_batch(catalog, JOBS[:1]) is None
    with pytest.raises(ContentError):
        play_counted(GAME, catalog, JOBS[0][0], JOBS[0][1])


def test_the_view_is_the_observation_and_leaves_the_state_alone(catalog):
    for seed, names in JOBS[:3]:
        agents = make_agents(GAME, catalog, seed, names)
        state = GAME.new_game(catalog, seed, names)
        while not GAME.is_terminal(state):
            before = GAME.to_json(state)
            for seat in range(len(names)):
                seen = view(state, seat)
                assert seen.to_dict() == observation(state, seat).to_dict()
                assert seen is not state and seen.players is not state.players
            assert GAME.to_json(state) == before
            seat = GAME.current_player(state)
            legal = GAME.legal_actions(state)
            state = GAME.apply_action(state, agents[seat].choose(view(state, seat), legal))
