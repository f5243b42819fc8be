"""The converters of the compiled core (core/convert.pyx) and its content compile: every
position of real games goes to C and back unchanged; what does not fit is refused in one
line; new_game in C deals exactly the engine's game."""

from __future__ import annotations

import dataclasses
import random

import pytest

from toolkit.games.caravans import engine
from toolkit.games.caravans.engine.record import state_hash
from toolkit.games.caravans.engine.state import to_dict

convert = pytest.importorskip("toolkit.games.caravans.core.convert")
from toolkit.games.caravans.core.content import CoreRefused, compile_rules  # noqa: E402
from toolkit.games.caravans.core.newgame import new_game as core_new_game  # noqa: E402


def positions(catalog, seed, players):
    state = engine.new_game(catalog, seed, players)
    rng = random.Random(seed)
    while not engine.is_terminal(state):
        yield state
        state = engine.apply_action(state, rng.choice(engine.legal_actions(state)))
    yield state


@pytest.mark.parametrize("seed,players", [(1, 4), (2, 2), (3, 3)])
def test_every_position_round_trips(bundled, seed, players):
    count = 0
    for state in positions(bundled, seed, players):
        back = convert.to_state(convert.from_state(state))
        assert state_hash(back) == state_hash(state)
        assert to_dict(back) == to_dict(state)  # log, history and streams too
        count += 1
    assert count > 100


def test_new_game_in_c_deals_the_engines_game(bundled):
    for seed in (0, 7, "seven", 2 ** 70):
        for players in (2, 3, 4):
            ours = convert.to_state(core_new_game(bundled, seed, players, max_rounds=9))
            theirs = engine.new_game(bundled, seed, players, max_rounds=9)
            assert state_hash(ours) == state_hash(theirs)
            assert to_dict(ours) == to_dict(theirs)


def test_new_game_refuses_bad_player_counts_in_one_line(bundled):
    from toolkit.errors import RulesError
    with pytest.raises(RulesError, match="for 2 to 4"):
        core_new_game(bundled, 1, 9)


def test_content_above_a_compiled_maximum_is_refused(bundled):
    from toolkit.games.caravans.engine.rules import rules_for
    rules = rules_for(bundled)
    big = dataclasses.replace(rules, regions=tuple(f"r{i}" for i in range(65)))
    with pytest.raises(CoreRefused, match="65 regions; the compiled core holds at most 64"):
        compile_rules(big)


def test_state_above_a_compiled_maximum_is_refused(bundled):
    state = engine.new_game(bundled, 1, 3)
    state.players[0].explored = [f"explorer:{i}" for i in range(40)]
    with pytest.raises(CoreRefused, match="40 explored targets"):
        convert.from_state(state)


def test_content_compiles_once_per_rules(bundled):
    from toolkit.games.caravans.engine.rules import rules_for
    rules = rules_for(bundled)
    assert compile_rules(rules) is compile_rules(rules)
    content = compile_rules(rules)
    assert content.regions == rules.regions and content.npcs == rules.npcs


def test_load_says_why_the_python_engine_runs(monkeypatch):
    from toolkit.games.caravans import core
    assert core.load() is convert and core.reason() is None
    monkeypatch.setenv("TOOLKIT_PURE_PYTHON", "1")
    assert core.load() is None and "TOOLKIT_PURE_PYTHON" in core.reason()


def test_clone_is_independent(bundled):
    state = engine.new_game(bundled, 4, 3)
    core = convert.from_state(state)
    copy = core.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert state_hash(convert.to_state(core)) == state_hash(state)
    assert state_hash(convert.to_state(copy)) != state_hash(state)
    assert len(copy.history) == len(core.history) + 1
