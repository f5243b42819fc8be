"""Unit tests of the rules of 南荒2, each on a position built by `GAME.scenario`."""

from __future__ import annotations

import pytest

from toolkit.errors import ContentError
from toolkit.games.nanhuang2 import GAME
from toolkit.games.nanhuang2.rules import field_strength, income

from .conftest import find, names


def scene(catalog, **setup):
    return GAME.scenario(catalog, {"players": 2, "round": 4, **setup}, 0)


def test_new_game_deals_clean_wilds_and_basics(catalog):
    for seed in range(20):
        s = GAME.new_game(catalog, seed, ["a", "b", "c"])
        assert all(u is not None for u in s.wilds)
        assert not any(s.spec(u).kind == "incident" or s.spec(u).strong for u in s.wilds)
        for box in s.box:
            assert {cid: len(pile) for cid, pile in box.items()} == {
                "farmer": 6, "militia": 6, "retainer": 6}
        assert s.phase == "setup" and GAME.current_player(s) == 0


def test_starting_hands_then_the_rest_is_always_available(catalog):
    s = GAME.new_game(catalog, 1, ["a", "b"])
    choices = GAME.legal_actions(s)
    assert len(choices) == 21 and all(sum(a[1:]) == 5 for a in choices)
    GAME.apply_action(s, ("start", 5, 0, 0))
    GAME.apply_action(s, ("start", 1, 2, 2))
    assert names(s, s.players[0].hand) == ["farmer"] * 5
    assert {cid: len(p) for cid, p in s.supply.items()} == {
        "farmer": 6, "militia": 10, "retainer": 10}
    assert s.phase == "main" and s.round == 1 and GAME.current_player(s) == 0


def test_monster_power_rounds_down_and_strikes_at_twice_printed(catalog):
    s = scene(catalog, fields={0: {"front": ["farmer"]}, 1: {"front": ["sand_wolf", "gargoyle"]}},
              start=False)
    assert field_strength(s, 1) == 3 + 7          # floor(2*1.5), floor(5*1.5)
    assert income(s, 1) == (10, 0)
    s.players[0].power = 9
    assert find(s, "strike", card="gargoyle") is None     # twice printed 5 = 10
    assert find(s, "strike", card="sand_wolf") is not None


def test_tag_abilities_and_events_change_income(catalog):
    s = scene(catalog, fields={0: {"front": ["sellsword", "sellsword", "mercenary_captain"]},
                               1: {"front": ["farmer"]}}, start=False)
    assert income(s, 0) == (3 + 3 + 4 + 2, 1)
    s = scene(catalog, fields={0: {"front": ["retainer"]}, 1: {"front": ["farmer"]}},
              event={"card": "sandstorm", "owner": 1}, start=False)
    assert income(s, 0) == (1, 0)


def test_strike_cost_guards_and_exile(catalog):
    s = scene(catalog, current=1, fields={0: {"front": ["militia"], "back": ["retainer"],
                                              "facilities": ["bazaar"]},
                                          1: {"front": ["farmer"]}}, power={1: 100})
    assert find(s, "strike", card="retainer") is None
    assert find(s, "strike", card="bazaar") is None
    GAME.apply_action(s, find(s, "strike", card="militia"))
    assert s.players[1].power == 96 and "militia" in names(s, s.exile)
    assert find(s, "strike", card="bazaar") is None
    GAME.apply_action(s, find(s, "strike", card="retainer"))
    GAME.apply_action(s, find(s, "strike", card="bazaar"))
    assert s.pending[0] == "wipe"     # the field was cleared
    assert sorted(names(s, s.pending[3])) == ["bazaar", "militia", "retainer"]


def test_protection_pairwise_and_broken(catalog):
    s = GAME.scenario(catalog, {"players": 3, "round": 2, "current": 2, "fields": {
        0: {"front": ["farmer"]}, 1: {"front": ["farmer"]}, 2: {"front": ["farmer"]}},
        "power": {2: 10}}, 0)
    assert find(s, "strike", target=0) is not None     # later may strike earlier
    GAME.apply_action(s, find(s, "strike", target=0))
    assert (0, 2) in s.broken and (0, 1) not in s.broken and (1, 2) not in s.broken


def test_events_expire_after_the_drawers_next_turn(catalog):
    s = scene(catalog, fields={0: {"front": ["farmer"]}, 1: {"front": ["farmer"]}},
              wilds={"w1": "sellsword"}, deck_top=["bandit_toll", "archer"], power={0: 3})
    GAME.apply_action(s, find(s, "defeat", slot="w1"))
    assert s.cards[s.event] == "bandit_toll" and s.cards[s.wilds[1]] == "archer"
    for seat in (0, 1):
        GAME.apply_action(s, ("end",))
        assert s.event is not None, f"ended too early (after seat {seat})"
    GAME.apply_action(s, ("end",))
    assert s.event is None and "bandit_toll" in names(s, s.exile)


def test_elimination_and_victory(catalog):
    s = GAME.scenario(catalog, {"players": 3, "round": 5, "empty_starts": {0: 1},
                                "fields": {1: {"front": ["farmer"]}, 2: {"front": ["farmer"]}}}, 0)
    assert not s.players[0].alive and GAME.current_player(s) == 1 and not GAME.is_terminal(s)
    s = scene(catalog, empty_starts={0: 1}, fields={1: {"front": ["farmer"]}})
    assert GAME.is_terminal(s) and GAME.results(s) == [0.0, 1.0]


def test_round_limit_shares_the_win(catalog):
    limit = int(GAME.scenario(catalog, {"players": 2}, 0).t.setting("round_limit"))
    s = scene(catalog, round=limit, current=1, fields={0: {"front": ["farmer"]},
                                                        1: {"front": ["farmer"]}})
    GAME.apply_action(s, ("end",))
    assert GAME.is_terminal(s) and GAME.results(s) == [0.5, 0.5]


def test_trade_needs_the_asked_card(catalog):
    s = scene(catalog, fields={0: {"front": ["farmer"]}, 1: {"front": ["farmer"]}},
              hands={1: ["militia"]}, power={0: 1})
    for action in (("offer", 1), ("give_power",), ("ask", "farmer"), ("propose",)):
        GAME.apply_action(s, action)
    assert GAME.current_player(s) == 1 and GAME.legal_actions(s) == [("decline",)]
    GAME.apply_action(s, ("decline",))
    assert s.players[0].power == 1 and GAME.current_player(s) == 0
    assert find(s, "offer") is None      # one trade offer a turn


def test_clear_path_uses_the_hexagon(catalog):
    s = scene(catalog, fields={0: {"front": ["farmer"]}, 1: {"front": ["farmer"]}},
              hands={0: ["clear_path"]},
              wilds={"w0": "sand_wolf", "w1": "archer", "w2": "gargoyle", "w4": "sandworm",
                     "w3": "friar", "w5": "bazaar", "w6": "levy"})
    GAME.apply_action(s, find(s, "play", card="clear_path", aim="w0"))
    exiled = names(s, s.exile)
    assert "sand_wolf" in exiled and "gargoyle" in exiled
    assert "sandworm" not in exiled and "archer" not in exiled   # strong / not a monster
    assert all(u is not None for u in s.wilds)


def test_bad_setups_are_one_line_errors(catalog):
    with pytest.raises(ContentError, match="setup key 'colour'"):
        GAME.scenario(catalog, {"colour": 1}, 0)
    with pytest.raises(ContentError, match="not in the catalog"):
        GAME.scenario(catalog, {"hands": {0: ["dragon"]}}, 0)
    with pytest.raises(ContentError, match="2 to 4 players"):
        GAME.new_game(catalog, 0, ["a"] * 5)
    problems = GAME.ruling_problems({"setup": {"x": 1}, "steps": [{"do": "fly"}],
                                     "expect": [{"gold": 3}]})
    assert [p[0] for p in problems] == [("setup", "x"), ("steps", 0, "do"), ("expect", 0, "gold")]


def test_validate_hook_finds_game_specific_problems(catalog, tmp_path):
    import shutil

    from toolkit.content.validate import load_catalog

    from .conftest import PROJECT
    found = []
    GAME.validate(catalog, lambda *a, **k: found.append(a))
    assert found == []
    project = tmp_path / "nh"
    shutil.copytree(PROJECT, project, ignore=shutil.ignore_patterns("output"))
    wilds = project / "cards" / "wilds.yaml"
    wilds.write_text(wilds.read_text().replace("adjacent: [w0, w5, w1]}", "adjacent: [w5, w1]}")
                     .replace("adjacent: [w1, w2, w3, w4, w5, w6]", "adjacent: [w1, w2, w3, w4, w5]")
                     .replace("adjacent: [w0, w4, w6]}", "adjacent: [w0, w4, w6]}"))
    game_yaml = project / "cards" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("starting_hand: 5 ", "starting_hand: 19"))
    with pytest.raises(ContentError) as caught:     # load_catalog runs the game's checks
        load_catalog(project)
    messages = str(caught.value)
    assert "starting hand of 19" in messages and "'w0' needs 6 neighbours" in messages
    assert "wilds.yaml:9:" in messages and "'w6' needs 3 neighbours" in messages


def test_heavens_fire_reaches_past_the_rows_but_raid_does_not(catalog):
    s = scene(catalog, fields={0: {"front": ["farmer"]},
                               1: {"front": ["retainer"], "facilities": ["bazaar"]}},
              hands={0: ["raid", "heavens_fire"]})
    assert find(s, "play", card="raid", aim="bazaar") is None
    GAME.apply_action(s, find(s, "play", card="heavens_fire", aim="bazaar"))
    assert "bazaar" in names(s, s.exile) and names(s, s.players[1].front) == ["retainer"]
