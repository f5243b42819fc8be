"""The game loop in C (core/loop.pyx, core/batch.py): random-agent games give the records
of the Python loop, action for action, and the golden game of the engine's tests."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from toolkit.content.validate import load_catalog
from toolkit.errors import ContentError
from toolkit.games.caravans.engine.record import state_hash
from toolkit.games.caravans.game import GAME
from toolkit.loop import play_game

MINI = Path(__file__).resolve().parents[1] / "engine" / "fixtures" / "mini"
# tests/engine/test_describe.py: the mini project's game for seed 0, 3 seats, one stream
# random.Random("agent:0") choosing for every seat
GOLDEN = "935b39f87e0e51a6fccf988269cddf688dd061c2fef4a25f3b48584cadd899ab"
GOLDEN_HISTORY = "620c6bd1ef611abf99b7a2aecb058ed742b7ddfce7312d0292cbbbe917dcc518"


def same(a, b) -> bool:
    """Records equal, keys in the same order too (simulate writes them as JSON lines)."""
    return a == b and json.dumps(a) == json.dumps(b)


@pytest.mark.parametrize("seed", range(6))
def test_random_games_give_the_python_loops_records(bundled, seed):
    from toolkit.games.caravans.core import batch
    names = ["random"] * (2 + seed % 3)
    assert batch.lineup(bundled, names) == (None, [-1] * len(names))
    assert same(batch.play_game(bundled, seed, names), play_game(GAME, bundled, seed, names))
    compact = batch.play_game(bundled, seed, names, keep_actions=False)
    assert same(compact, play_game(GAME, bundled, seed, names, keep_actions=False))
    assert "actions" not in compact and compact["length"] > 100


def test_the_golden_game_of_the_engine_tests():
    from toolkit.games.caravans.core.convert import to_state
    from toolkit.games.caravans.core.loop import play_core
    from toolkit.games.caravans.core.newgame import new_game

    mini = load_catalog(MINI)
    core = new_game(mini, 0, 3)
    rng = random.Random("agent:0")
    played = play_core(core, [rng] * 3, 20_000, sync=True)
    actions, length = played.actions, played.length
    assert core.is_terminal() and length == len(actions) == sum(played.kinds.values())
    assert state_hash(to_state(core)) == GOLDEN
    text = "\n".join(f"{a.kind.value}{list(a.args)!r}" for a in actions)
    assert hashlib.sha256(text.encode()).hexdigest() == GOLDEN_HISTORY
    # the stream was drawn exactly as the Python loop draws it, and handed back
    from toolkit.games.caravans import engine
    state, again = engine.new_game(mini, 0, 3), random.Random("agent:0")
    while not engine.is_terminal(state):
        state = engine.apply_action(state, again.choice(engine.legal_actions(state)))
    assert rng.getstate() == again.getstate()


def test_a_game_too_long_stops_as_the_python_loop_does(bundled):
    from toolkit.games.caravans.core import batch
    with pytest.raises(ContentError) as python:
        play_game(GAME, bundled, 3, ["random"] * 2, max_actions=50)
    with pytest.raises(ContentError) as core:
        batch.play_game(bundled, 3, ["random"] * 2, max_actions=50)
    assert str(core.value) == str(python.value)


def test_the_line_up_and_the_streams_checked(bundled):
    from toolkit.games.caravans.core import batch
    from toolkit.games.caravans.core.loop import play_core
    from toolkit.games.caravans.core.newgame import new_game
    tables, styles = batch.lineup(bundled, ["random", "trader"])
    assert styles[0] == -1 and tables.style_names[styles[1]] == "trader"
    assert batch.lineup(bundled, ["random", "search"]) is None
    assert batch.lineup(bundled, ["trader:2", "random"]) is None
    with pytest.raises(ValueError):
        play_core(new_game(bundled, 1, ["random"] * 3), [random.Random(1)] * 2, 100)
