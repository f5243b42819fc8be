"""Kings & Things' numbers are game.yaml settings: the rules read them from there, and a
value out of range is one error at its line of game.yaml."""

from __future__ import annotations

from toolkit.content.validate import load_catalog
from toolkit.games.kings_and_things import GAME

from ..helpers import assert_bad_setting_reported, edited_copy, line_of, run
from .conftest import PROJECT


def test_the_rules_read_their_numbers_from_game_yaml(catalog, tmp_path):
    assert catalog.game.starting_gold == 10 and catalog.game.round_limit == 40
    assert GAME.new_game(catalog, 1, ["a", "b", "c"]).gold == [10, 10, 10]
    project = edited_copy(PROJECT, tmp_path, "starting_gold: 10 ", "starting_gold: 17 ")
    edited = load_catalog(project)
    assert GAME.new_game(edited, 1, ["a", "b", "c"]).gold == [17, 17, 17]


def test_a_negative_setting_is_reported_at_its_line(tmp_path):
    assert_bad_setting_reported(PROJECT, tmp_path, "move_points", "4 ", "-4 ")


def test_a_total_that_disagrees_is_reported_at_the_setting(tmp_path):
    project = edited_copy(PROJECT, tmp_path, "hex_tiles: 48 ", "hex_tiles: 47 ")
    line = line_of(project / "cards" / "game.yaml", "hex_tiles:")
    code, out = run("validate", project)
    assert code != 0 and f"game.yaml:{line}:" in out and "48 hex tiles" in out, out


def test_movement_reads_the_terrain_costs_of_terrains_yaml(tmp_path):
    """Issue #27 item 3: forest at move_cost 1 lets a walker cross 4 forests (the seed's 2
    held it to 2), and desert at 2 slows it; the printed cost is the played one."""
    from toolkit.checks.rulings import run_ruling
    from toolkit.checks.rulings_load import load_rulings

    project = edited_copy(PROJECT, tmp_path, "id: forest, name: {en: Forest, zh: 森林}, "
                          "move_cost: 2", "id: forest, name: {en: Forest, zh: 森林}, "
                          "move_cost: 1", file="terrains.yaml")
    edited = load_catalog(project)
    item = next(i for i in load_rulings(PROJECT, GAME)
                if i.ruling.id == "move_four_points_rough_costs_two")
    assert not run_ruling(GAME, load_catalog(PROJECT), item)
    [failure] = run_ruling(GAME, edited, item)
    assert "36" in failure.actual and "36" not in failure.expected
    from toolkit.games.kings_and_things.data import load
    from toolkit.games.kings_and_things.phases.movement import reach

    def reached(catalog):
        state = GAME.scenario(catalog, dict(item.ruling.setup), 0)
        return set(reach(state, load(catalog), "u1"))

    assert reached(edited) > reached(load_catalog(PROJECT))   # forests now cost 1: farther


def _setup_done(catalog, seed=3, players=2):
    """A random setup played to its end: the state at the first phase after setup."""
    import random

    state, rng = GAME.new_game(catalog, seed, ["random"] * players), random.Random(seed)
    while state.phase.startswith("setup"):
        state = GAME.apply_action(state, rng.choice(list(GAME.legal_actions(state)))) or state
    return state


def test_setup_claims_starting_hexes_from_game_yaml(catalog, tmp_path):
    """Issue #27: `starting_hexes` sets how many hexes each player claims at setup."""
    assert [len(_setup_done(catalog).hexes_of(s)) for s in range(2)] == [3, 3]
    for hexes in (1, 5):
        project = edited_copy(PROJECT, tmp_path / str(hexes), "starting_hexes: 3 ",
                              f"starting_hexes: {hexes} ")
        state = _setup_done(load_catalog(project))
        assert [len(state.hexes_of(s)) for s in range(2)] == [hexes, hexes]


def test_building_charges_build_cost_from_game_yaml(tmp_path):
    """Issue #27: every build (a tower or one level up) costs game.yaml `build_cost`."""
    setup = {"phase": "build", "gold": [20, 0], "terrain": {"default": "plains"},
             "hexes": {0: {"owner": 0, "fort": 1}, 1: {"owner": 0}, 11: {"owner": 1}}}
    project = edited_copy(PROJECT, tmp_path, "build_cost: 5 ", "build_cost: 7 ")
    for catalog, left in ((load_catalog(PROJECT), 15), (load_catalog(project), 13)):
        state = GAME.scenario(catalog, dict(setup), 0)
        state = GAME.apply_action(state, ("build", 0)) or state
        assert state.phase == "build" and state.gold[0] == left and state.fort[0] == 2
    state = GAME.scenario(load_catalog(project), dict(setup, gold=[6, 0]), 0)
    assert ("build", 0) not in GAME.legal_actions(state)      # 6 gold < 7: no build


def test_a_price_on_a_fort_is_refused(tmp_path):
    """A fort's own `cost` would be read by nothing (every build costs build_cost): validate
    says so at the fort."""
    project = edited_copy(PROJECT, tmp_path, "step: melee, copies: 8", "step: melee, cost: 9, "
                          "copies: 8", file="forts.yaml")
    game_yaml = project / "cards" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace(
        "      step: {type: enum, values: [magic, ranged, melee]",
        "      cost: {type: int, min: 0, max: 50}\n      step: {type: enum, values: [magic, "
        "ranged, melee]"))
    code, out = run("validate", project)
    assert code != 0 and "fort 'tower' has a cost" in out and "build_cost" in out, out
    assert len([line for line in out.splitlines() if "has a cost" in line]) == 1, out
