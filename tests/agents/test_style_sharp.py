"""The `sharp` style (issue #12 point 3): weights tuned for strength by bench/tune_style.py.
It loads like every style, stays out of the mixed line-up (the balance report rests on the
four balanced styles), plays deterministically, and where a tuned weight matters it
judges differently from the raider it was tuned from."""

from __future__ import annotations

import json
import random

import pytest
import yaml

from toolkit.agents import agent_names, make_agent
from toolkit.games.caravans import GAME, engine
from toolkit.games.caravans.agents.features import FEATURES
from toolkit.games.caravans.agents.heuristic import HeuristicAgent
from toolkit.games.caravans.agents.styles import BUNDLED_STYLES, load_styles
from toolkit.games.caravans.engine.actions import ActionKind as K
from toolkit.errors import ContentError
from toolkit.loop import play_game

MIXED = ["adventurer", "balanced", "raider", "trader"]


def test_sharp_loads_with_every_weight_and_stays_out_of_the_mixed_draw(catalog):
    styles = load_styles()
    sharp = styles["sharp"]
    assert set(sharp.weights) == set(FEATURES)
    assert sharp.description and not sharp.mixed
    assert all(styles[name].mixed for name in MIXED)
    assert GAME.mixed_agents(catalog) == MIXED
    assert "sharp" in agent_names(GAME, catalog)
    assert make_agent("sharp", GAME, catalog, 1, 5).style.table == sharp.table


def test_sharp_plays_the_same_game_for_the_same_seed(catalog):
    lineup = ["sharp", "balanced"]
    first = play_game(GAME, catalog, 31, lineup)
    assert play_game(GAME, catalog, 31, lineup) == first
    assert first["agents"] == lineup and first["winner"]
    assert play_game(GAME, catalog, 32, lineup)["actions"] != first["actions"]


def _at_home_with(catalog, gold: int):
    """Seat 0's small war band has just opened its home tavern (where it may stash)."""
    seats = [{"hero": "aldric_vane", "party": "small_war_band", "gold": gold},
             {"hero": "maren_saltwind", "party": "small_caravan",
              "at": {"region": "howling_steppe", "tavern": True}}]
    state = GAME.scenario(catalog, {"seats": seats, "current": 0, "actions_left": 3,
                                    "npcs": {}}, 7)
    visit = next(a for a in engine.legal_actions(state) if a.kind is K.TAVERN)
    return engine.apply_action(state, visit)


def _stash_score(catalog, state, style) -> float:
    """The style's score for depositing 12 gold (one stash point)."""
    legal = engine.legal_actions(state)
    agent = HeuristicAgent(catalog, 0, random.Random(1), style)
    scores = dict(zip(legal, agent.scores(engine.observation(state, 0), legal)))
    return scores[next(a for a in legal if a.kind is K.STASH and a.args == (12,))]


def test_sharp_keeps_more_working_gold_than_the_raider_but_values_the_stash_more(catalog):
    """The tuning raised `stash_keep` and `stash` above the raider's: with 18 gold the
    raider would bank 12 of them, sharp keeps them to work with; with 20 gold both bank,
    and sharp more eagerly."""
    styles = load_styles()
    sharp, raider = styles["sharp"], styles["raider"]
    assert sharp["stash_keep"] > raider["stash_keep"] and sharp["stash"] > raider["stash"]
    tight = _at_home_with(catalog, 18)
    assert _stash_score(catalog, tight, raider) > 0 > _stash_score(catalog, tight, sharp)
    rich = _at_home_with(catalog, 20)
    assert _stash_score(catalog, rich, sharp) > _stash_score(catalog, rich, raider) > 0


def test_a_mixed_flag_that_is_not_a_boolean_is_refused_with_its_line(tmp_path):
    defaults = yaml.safe_load(BUNDLED_STYLES.read_text(encoding="utf-8"))["defaults"]
    path = tmp_path / "styles.yaml"
    path.write_text(f"defaults: {json.dumps(defaults)}\nstyles:\n  duel:\n"
                    "    description: x\n    mixed: nope\n", encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_styles(path)
    assert "'mixed' must be true or false" in str(caught.value)
    assert caught.value.line == 5
