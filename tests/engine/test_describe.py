"""Readable actions and logs, and a golden game that pins the rules' behaviour."""

from __future__ import annotations

import hashlib

from toolkit.games.caravans.engine import Action, ActionKind, describe_action, state_hash
from toolkit.games.caravans.log import log_lines

from .conftest import started
from .test_conformance import play_random

# state_hash (of the game position, see record.state_hash) of the mini project's game for
# seed 0, 3 seats, agent "agent:0" (see test_conformance.play_random). A change means the
# rules now play differently: check the change is intended, then update the hash.
# (The hash covers the catalog's content hash too: it moved once, with the same actions,
# when game.yaml gained its `rules:` key and the mini project named `rules: caravans`;
# GOLDEN_HISTORY pins the actions themselves.)
GOLDEN = "7e1cf670afd7033225eb05399ee8667c41806d85b91b5258db581d7c74129f55"
GOLDEN_HISTORY = "03993e7810279820a5ed01d0cfecf3dc6ff5220f152263ac51091db0c4fefcd2"


def test_describe_action_names_the_hero_and_the_ids(mini):
    state = started(mini, seed=2)
    seat = state.turn_seat
    hero = mini.heroes[state.players[seat].hero].name.en
    text = describe_action(state, Action(ActionKind.MOVE, ("vale",)))
    assert text == f"P{seat + 1} ({hero}) moves to Vale"
    zh = describe_action(state, Action(ActionKind.MOVE, ("vale",)), lang="zh")
    assert zh.startswith(f"玩家{seat + 1}")
    token = 0
    text = describe_action(state, Action(ActionKind.EXPLORE, ("explorer", token)))
    assert text.endswith("explores " + mini.explorers[state.rules.explorers[token][0]].name.en)


def test_log_lines_tell_dice_and_glory(mini):
    state = play_random(mini, 5, check=False)
    lines = log_lines(state)
    assert len(lines) == len(state.log)
    assert any(" rolls " in line for line in lines)
    assert lines[-1].startswith("game over after round")


def test_golden_game(mini):
    state = play_random(mini, 0, players=3, check=False)
    if GOLDEN is not None:
        assert state_hash(state) == GOLDEN
    text = "\n".join(f"{a.kind.value}{list(a.args)!r}" for a in state.history)
    assert hashlib.sha256(text.encode()).hexdigest() == GOLDEN_HISTORY
    again = play_random(mini, 0, players=3, check=False)
    assert state_hash(again) == state_hash(state)
