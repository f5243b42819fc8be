"""game.yaml settings belong to their game: the generic model holds what every game has, the
game that `rules:` names adds its own fields (`Game.settings_fields()`), a key of another
built-in game is refused with a hint naming its rules, and the game's printed kinds
(`Game.part_kinds()`) may be sized in `card_sizes`."""

from __future__ import annotations

import pytest
from pydantic import Field

from content_helpers import REPO
from toolkit.content import game as game_yaml
from toolkit.content.validate import load_catalog
from toolkit.game import Game
from toolkit.games import load_game

CLEARINGS = REPO / "examples" / "root_clearings"
NANHUANG = REPO / "examples" / "nanhuang2"
TOP = "players: {min: 2, max: 4}\n"


class Tiny(Game):
    name = "tiny"

    def settings_fields(self):
        return {"target": (int, Field(10, ge=1, le=99, description="points to win"))}


def test_generic_model_names_no_game_setting():
    caravans = load_game("caravans").settings_fields()
    assert "stash" in caravans and "combat" in caravans
    assert not set(caravans) & set(game_yaml.Game.model_fields)
    assert game_yaml.game_model(None) is game_yaml.Game


def test_bundled_catalog_reads_the_caravans_settings():
    catalog = load_catalog(REPO)
    assert catalog.game.combat.stat_cap == 5 and catalog.game.tracks.glory == 15
    assert catalog.game.stash.gold_per_point > 0 and catalog.game.rules == "caravans"
    assert isinstance(catalog.game, game_yaml.Game)
    assert set(load_game("caravans").settings_fields()) <= set(type(catalog.game).model_fields)
    import pickle
    assert pickle.loads(pickle.dumps(catalog.game)) == catalog.game


def test_a_project_without_rules_has_the_generic_model():
    catalog = load_catalog(CLEARINGS)
    assert type(catalog.game) is game_yaml.Game
    assert not hasattr(catalog.game, "stash")


def test_another_games_settings_do_not_include_caravans_ones():
    catalog = load_catalog(NANHUANG)
    assert isinstance(catalog.game, game_yaml.Game) and not hasattr(catalog.game, "stash")


def test_game_model_merges_a_games_fields_once():
    tiny = Tiny()
    model = game_yaml.game_model(tiny)
    assert game_yaml.game_model(tiny) is model
    value = model.model_validate({"id": "t", "title": {"en": "T", "zh": "T"}, "target": 12})
    assert value.target == 12 and value.players.min == 2
    with pytest.raises(Exception, match="target"):
        model.model_validate({"id": "t", "title": {"en": "T", "zh": "T"}, "target": 0})


def test_a_games_field_may_not_shadow_a_generic_one():
    class Clash(Game):
        name = "clash"

        def settings_fields(self):
            return {"counts": (int, Field(1))}

    with pytest.raises(TypeError, match="'counts' of rules 'clash'"):
        game_yaml.game_model(Clash())


def test_schema_of_game_yaml_has_the_games_fields():
    from toolkit.schema_command import game_schema
    assert "stash" in game_schema(load_game("caravans"))["properties"]
    assert "stash" not in game_schema()["properties"]


def test_a_caravans_key_without_rules_names_its_rules(project, run):
    code, out, _ = run("validate", project([("game.yaml", TOP, TOP + "stash: {gold_per_point: 2,"
                                             " max_points: 3}\n")], source=CLEARINGS))
    assert code == 1
    assert out[:-1] == ["cards/game.yaml:8:1: error: unknown key 'stash': it is a setting of "
                        "rules 'caravans', and this game.yaml names no rules (add 'rules: "
                        "caravans') [game.stash]"]


def test_a_caravans_key_under_other_rules_names_both(project, run):
    code, out, _ = run("validate", project([("game.yaml", TOP, TOP + "glory_to_win: 9\n")],
                                           source=NANHUANG))
    assert code == 1
    assert any("unknown key 'glory_to_win': it is a setting of rules 'caravans', and this "
               "game.yaml names rules 'nanhuang2' [game.glory_to_win]" in line for line in out)


def test_an_unknown_key_keeps_its_did_you_mean(project, run):
    code, out, _ = run("validate", project([("game.yaml", TOP, TOP + "rulez: root\n")],
                                           source=CLEARINGS))
    assert code == 1 and out[:-1] == ["cards/game.yaml:8:1: error: unknown key 'rulez' (did "
                                      "you mean 'rules'?) [game.rulez]"]


def test_a_misspelt_caravans_setting_suggests_the_games_field(project, run):
    code, out, _ = run("validate", project([("game.yaml", "glory_to_win:", "glory_to_winn:")]))
    assert code == 1
    assert any("unknown key 'glory_to_winn' (did you mean 'glory_to_win'?)" in line
               for line in out)


def test_markers_may_be_sized_only_under_their_rules(project, run):
    size = "card_sizes:\n  demand_marker: {width: 25, height: 25}\n"
    code, out, _ = run("validate", project([("game.yaml", TOP, TOP + size)], source=CLEARINGS))
    assert code == 1
    assert "card_sizes names unknown kind 'demand_marker'" in out[0]
    code, out, _ = run("validate", project([("game.yaml", "card_sizes:\n", size)]))
    assert code == 0, out
    assert "demand_marker" in load_game("caravans").part_kinds()
    assert load_catalog(REPO).game.card_sizes["bounty_marker"].width == 16


def test_a_setting_under_a_projects_own_rules_says_where_numbers_go(project, run):
    code, out, _ = run("validate", project([("game.yaml", TOP, TOP + "rules: ./rules\n"
                                             "target: 3\n")], source=CLEARINGS))
    assert code == 1
    assert out[:-1] == ["cards/game.yaml:9:1: error: unknown key 'target': a project's own "
                        "rules (./rules) add no game.yaml settings; keep their numbers in a "
                        "kind declared under 'kinds:' [game.target]"]


@pytest.mark.parametrize("rules, expected", [
    ("caravan", "game.yaml names rules 'caravan', which is not a known game (did you mean "
                "'caravans'?)"),
    ("[caravans]", "'rules' is a list, expected text"),
])
def test_misnamed_rules_are_one_error_not_one_per_setting(rules, expected, project, run):
    code, out, _ = run("validate", project([("game.yaml", "rules: caravans ",
                                             f"rules: {rules} ")]))
    assert code == 1
    assert len(out) == 2 and expected in out[0], out
