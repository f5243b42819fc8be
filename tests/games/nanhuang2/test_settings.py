"""南荒2's numbers are game.yaml settings: the rules read them from there, and a value out
of range is one error at its line of game.yaml."""

from __future__ import annotations

from toolkit.content.validate import load_catalog
from toolkit.games.nanhuang2 import GAME
from toolkit.games.nanhuang2.cards import table

from ..helpers import assert_bad_setting_reported, edited_copy
from .conftest import PROJECT


def test_the_rules_read_their_numbers_from_game_yaml(catalog, tmp_path):
    t = table(catalog)
    assert catalog.game.monster_multiplier == 1.5 and t.setting("monster_multiplier") == 1.5
    assert t.monster_power(5) == 7 and catalog.game.starting_hand == 5
    project = edited_copy(PROJECT, tmp_path, "starting_hand: 5 ", "starting_hand: 4 ")
    edited = load_catalog(project)
    state = GAME.new_game(edited, 1, ["a", "b"])
    starts = [a for a in GAME.legal_actions(state) if a[0] == "start"]
    assert starts and all(sum(a[1:]) == 4 for a in starts)      # a hand of 4, not 5


def test_a_negative_setting_is_reported_at_its_line(tmp_path):
    assert_bad_setting_reported(PROJECT, tmp_path, "wipe_rewards", "1 ", "-1 ")


def test_a_text_setting_is_reported_at_its_line(tmp_path):
    assert_bad_setting_reported(PROJECT, tmp_path, "monster_multiplier", "1.5",
                                '"1.5"')
