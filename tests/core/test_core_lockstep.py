"""The compiled core in lockstep with the Python engine (tests/core/lockstep.py): at every
action of real games the same legal actions in the same order, and the same state_hash
after the action; games played on the core's own state give the engine's games."""

from __future__ import annotations

import hashlib

import pytest

pytest.importorskip("toolkit.games.caravans.core.convert")

from . import lockstep as harness  # noqa: E402  (tests/core/lockstep.py)
from .lockstep import Coverage, Divergence, lineups, lockstep, play_on_core  # noqa: E402

from toolkit.games.caravans import GAME, engine  # noqa: E402
from toolkit.loop import play  # noqa: E402


def test_random_game_in_lockstep_every_action_exact(bundled):
    cov = lockstep(bundled, 11, ["random"] * 4)
    assert cov.actions > 100
    assert cov.legal_exact == cov.actions and cov.applied_exact == cov.actions, cov.summary()


def test_heuristic_game_on_the_cores_own_state(bundled):
    cov = lockstep(bundled, 12, ["trader", "raider", "balanced"], continuous=True)
    assert cov.applied_exact == cov.actions > 100, cov.summary()


def test_a_difference_is_reported_with_seed_action_and_field(bundled, monkeypatch):
    monkeypatch.setattr(harness, "legal_actions", lambda state: engine.legal_actions(state)[::-1])
    with pytest.raises(Divergence, match=r"legal actions differ at seed 3, action 1 "):
        lockstep(bundled, 3, ["random"] * 2)


def test_first_difference_names_the_field():
    a = {"players": [{"gold": 3, "goods": [1, 2]}], "round": 1}
    b = {"players": [{"gold": 3, "goods": [1, 5]}], "round": 1}
    assert harness.first_difference(a, b) == ".players[0].goods[1]: python 2 / core 5"
    assert harness.first_difference(a, a) is None
    assert harness.first_difference({"x": True}, {"x": 1}) == ".x: python True / core 1"


def _history(actions) -> str:
    text = "\n".join(f"{a.kind.value}{list(a.args)!r}" for a in actions)
    return hashlib.sha256(text.encode()).hexdigest()


def test_game_played_on_the_core_is_the_engines_game(bundled):
    lineup = ["random", "balanced", "random", "trader"]
    assert _history(play_on_core(bundled, 9, lineup)) == \
        _history(play(GAME, bundled, 9, lineup).actions)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_lockstep_coverage_many_games(bundled, players):
    """Over 2-4 players, every line-up of random and heuristic styles, converted at every
    action and on the core's own state: every action ported and exact."""
    cov = Coverage()
    for lineup in lineups(bundled, players):
        for seed in range(6):
            lockstep(bundled, 1000 + seed, lineup, cov)
            lockstep(bundled, 2000 + seed, lineup, cov, continuous=True)
    print(cov.summary())
    assert cov.legal_exact == cov.actions and cov.applied_exact == cov.actions, cov.summary()


@pytest.mark.slow
def test_golden_games_on_the_core(bundled):
    """The ten golden games of tests/agents (their line-ups) give the same action history
    on the core as on the engine."""
    games = [(seed, ["balanced"] * 4) for seed in (1, 2, 3)] + \
        [(seed, ["trader", "raider", "adventurer", "balanced"]) for seed in (4, 5, 6)] + \
        [(7, ["raider", "trader"]), (8, ["adventurer", "balanced", "trader"]),
         (9, ["random", "balanced", "random", "trader"]), (10, ["balanced"] * 4)]
    for seed, lineup in games:
        assert _history(play_on_core(bundled, seed, lineup)) == \
            _history(play(GAME, bundled, seed, lineup).actions), seed


def test_fuzzed_content_in_lockstep(bundled, tmp_path):
    """A designer's edits (numbers, stats, abilities) need no rebuild: the core compiles
    the content at load and stays exact."""
    from .fuzz_content import fuzzed_catalog
    catalog = fuzzed_catalog(tmp_path, 5)
    assert catalog is not None
    cov = lockstep(catalog, 1, ["random", "balanced", "random"], continuous=True)
    assert cov.applied_exact == cov.actions > 50, cov.summary()


@pytest.mark.slow
def test_fuzzed_contents_many_games(bundled, tmp_path):
    from .fuzz_content import fuzzed_catalog
    cov = Coverage()
    for seed in range(20):
        catalog = fuzzed_catalog(tmp_path, 100 + seed)
        if catalog is None:
            continue
        for game in range(3):
            lineup = ["random", "trader", "raider", "balanced"][:2 + game]
            lockstep(catalog, game, lineup, cov, continuous=bool(game % 2))
    print(cov.summary())
    assert cov.games >= 30 and cov.applied_exact == cov.actions, cov.summary()
