"""Root's numbers are game.yaml settings: the rules read them from there, and a value out
of range is one error at its line of game.yaml."""

from __future__ import annotations

from toolkit.content.validate import load_catalog
from toolkit.games.root import GAME
from toolkit.games.root.data import static

from ..helpers import assert_bad_setting_reported, edited_copy
from .conftest import PROJECT


def test_the_rules_read_their_numbers_from_game_yaml(catalog, tmp_path):
    assert catalog.game.win_vp == 30 and static(catalog).setting("win_vp") == 30
    state = GAME.new_game(catalog, 1, ["a", "b", "c", "d"])
    assert [len(h) for h in state.hands] == [3, 3, 3, 3]
    project = edited_copy(PROJECT, tmp_path, "starting_hand: 3 ", "starting_hand: 5 ")
    edited = load_catalog(project)
    state = GAME.new_game(edited, 1, ["a", "b", "c", "d"])
    assert [len(h) for h in state.hands] == [5, 5, 5, 5]


def test_a_negative_setting_is_reported_at_its_line(tmp_path):
    assert_bad_setting_reported(PROJECT, tmp_path, "hand_limit", "5 ", "-5 ")
