"""Heuristic styles beat the random agent by a wide margin in 2-player games (seats
alternated), and games with agents are deterministic for a seed."""

from __future__ import annotations

import pytest

from toolkit.games.caravans import GAME
from toolkit.loop import play_game

from .conftest import match

SEEDS = range(500, 510)


@pytest.mark.parametrize("style", ["trader", "raider", "adventurer", "balanced"])
def test_heuristic_beats_random(catalog, style):
    assert match(catalog, style, "random", SEEDS) > 0.75


def test_a_game_is_deterministic_for_its_seed(catalog):
    lineup = ["trader", "raider", "adventurer", "balanced"]
    first = play_game(GAME, catalog, 42, lineup)
    again = play_game(GAME, catalog, 42, lineup)
    assert first == again
    assert first["agents"] == lineup
    assert play_game(GAME, catalog, 43, lineup) != first


def test_four_heuristic_players_finish_by_a_real_end(catalog):
    record = play_game(GAME, catalog, 7, ["trader", "raider", "adventurer", "balanced"])
    assert record["end_reason"] in ("glory", "events_exhausted", "heroes_exhausted")
    assert max(record["glory"]) > 0
