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
# GOLDEN_HISTORY pins the actions themselves. Both re-recorded on purpose for issue #12
# point 4: the seed's rules to the letter add decisions and change raids, stash, ranking.)
GOLDEN = "935b39f87e0e51a6fccf988269cddf688dd061c2fef4a25f3b48584cadd899ab"
GOLDEN_HISTORY = "620c6bd1ef611abf99b7a2aecb058ed742b7ddfce7312d0292cbbbe917dcc518"


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
    assert not [line for line in lines if line.startswith("roll:")]  # every roll in words
    assert lines[-1].startswith("game over after round")


def test_golden_game(mini):
    state = play_random(mini, 0, players=3, check=False)
    if GOLDEN is not None:
        assert state_hash(state) == GOLDEN
    text = "\n".join(f"{a.kind.value}{list(a.args)!r}" for a in state.history)
    assert hashlib.sha256(text.encode()).hexdigest() == GOLDEN_HISTORY
    again = play_random(mini, 0, players=3, check=False)
    assert state_hash(again) == state_hash(state)


def test_the_players_own_choices_read_in_both_languages(mini):
    from toolkit.games.caravans.engine.describe import VERBS
    from toolkit.games.caravans.log import line
    state = started(mini, seed=2)
    assert all(kind in VERBS for kind in ActionKind)
    strike = Action(ActionKind.FLEE_STRIKE, ("orb_lightning", True))
    assert describe_action(state, strike).endswith("flips it to strike")
    assert describe_action(state, strike, lang="zh").endswith("翻面造成伤害")
    place = Action(ActionKind.PLACE_EQUIPMENT, ("vale",))
    assert describe_action(state, place).endswith("places equipment at Vale")
    assert "stashes 7 gold" in describe_action(state, Action(ActionKind.STASH, (7,)))
    seat = state.turn_seat
    explorer = state.rules.explorers[0][0]
    assert line(state, ("escape", seat, explorer)).startswith("the explorer ")
    assert "逃脱" in line(state, ("escape", seat, explorer), "zh")
