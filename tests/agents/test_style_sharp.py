"""The `sharp` style (issue #12 point 3): weights tuned for strength by bench/tune_style.py.
It loads like every style, stays out of the mixed line-up (the balance report rests on the
four balanced styles), plays deterministically, and where a tuned weight matters it
chooses differently from the raider it was tuned from."""

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


def _in_tavern_with_room_for_mercenaries(catalog):
    """Seat 0's large war band, down to one mercenary, has just opened its home tavern."""
    seats = [{"hero": "aldric_vane", "party": "large_war_band", "gold": 10,
              "stats": {"mercenaries": 1}},
             {"hero": "maren_saltwind", "party": "small_caravan",
              "at": {"region": "howling_steppe", "tavern": True}}]
    state = GAME.scenario(catalog, {"seats": seats, "current": 0, "actions_left": 3,
                                    "npcs": {}}, 7)
    visit = next(a for a in engine.legal_actions(state) if a.kind is K.TAVERN)
    return engine.apply_action(state, visit)


def test_sharp_refills_its_band_where_the_raider_does_not(catalog):
    """The tuning raised `recruit` above the raider's: with three places free in its band
    and gold to pay, sharp recruits them all while the raider hears a rumor instead."""
    styles = load_styles()
    assert styles["sharp"]["recruit"] > styles["raider"]["recruit"]
    state = _in_tavern_with_room_for_mercenaries(catalog)
    legal = engine.legal_actions(state)
    view = engine.observation(state, 0)
    picks, recruit = {}, {}
    for name in ("raider", "sharp"):
        agent = HeuristicAgent(catalog, 0, random.Random(1), styles[name])
        scores = dict(zip(legal, agent.scores(view, legal)))
        recruit[name] = scores[next(a for a in legal if a.kind is K.RECRUIT and a.args == (3,))]
        picks[name] = agent.choose(view, legal)
    assert recruit["sharp"] > recruit["raider"]
    assert picks["sharp"].kind is K.RECRUIT and picks["sharp"].args == (3,)
    assert picks["raider"].kind is not K.RECRUIT


def test_a_mixed_flag_that_is_not_a_boolean_is_refused_with_its_line(tmp_path):
    defaults = yaml.safe_load(BUNDLED_STYLES.read_text(encoding="utf-8"))["defaults"]
    path = tmp_path / "styles.yaml"
    path.write_text(f"defaults: {json.dumps(defaults)}\nstyles:\n  duel:\n"
                    "    description: x\n    mixed: nope\n", encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_styles(path)
    assert "'mixed' must be true or false" in str(caught.value)
    assert caught.value.line == 5
