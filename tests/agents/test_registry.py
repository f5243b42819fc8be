"""The agent registry: names, budgets, seeded streams and errors."""

from __future__ import annotations

import dataclasses

import pytest

from toolkit.games.caravans import GAME
from toolkit.agents import agent_names, make_agent, register
from toolkit.agents.base import AGENTS
from toolkit.games.caravans.engine.rng import stream
from toolkit.errors import ContentError, UsageError

NAMES = ["random", "trader", "raider", "adventurer", "balanced", "search"]


def test_every_documented_name_makes_an_agent(catalog):
    assert set(NAMES) <= set(agent_names(GAME, catalog))
    for seat, name in enumerate(NAMES):
        agent = make_agent(name, GAME, catalog, seat % 4, 7)
        assert agent.seat == seat % 4
        assert callable(agent.choose)


def test_search_budget_is_parsed(catalog):
    assert make_agent("search:12", GAME, catalog, 0, 1).budget == 12
    for bad in ("search:0", "search:abc", "search:-3"):
        with pytest.raises(UsageError, match="budget"):
            make_agent(bad, GAME, catalog, 0, 1)


def test_unknown_agent_is_a_usage_error(catalog):
    with pytest.raises(UsageError, match="unknown agent 'grandmaster'.*balanced"):
        make_agent("grandmaster", GAME, catalog, 0, 1)
    with pytest.raises(UsageError):
        make_agent("trader:5", GAME, catalog, 0, 1)


def test_agent_stream_is_the_engines_agent_purpose(catalog):
    agent = make_agent("random", GAME, catalog, 2, 99)
    assert agent.rng.random() == stream(99, "agent:2").random()


def test_registering_twice_under_one_name_fails():
    with pytest.raises(ValueError, match="registered twice"):
        register("random")(lambda *a: None)
    assert AGENTS["random"].__name__ == "make_random"


def test_a_project_style_block_becomes_an_agent(catalog, tmp_path):
    (tmp_path / "agents").mkdir()
    (tmp_path / "agents" / "styles.yaml").write_text(
        "defaults:\n"
        + "".join(f"  {k}: 1\n" for k in _features())
        + "styles:\n  hoarder:\n    description: keeps everything\n    weights: {stash: 3}\n",
        encoding="utf-8")
    project = dataclasses.replace(catalog, root=tmp_path)
    agent = make_agent("hoarder", GAME, project, 1, 5)
    assert agent.style["stash"] == 3.0 and agent.style["glory"] == 1.0
    assert "hoarder" in agent_names(GAME, project) and "trader" not in agent_names(GAME, project)


def test_a_bad_style_file_names_file_and_line(catalog, tmp_path):
    (tmp_path / "agents").mkdir()
    path = tmp_path / "agents" / "styles.yaml"
    body = "defaults:\n" + "".join(f"  {k}: 1\n" for k in _features())
    path.write_text(body + "styles:\n  odd:\n    description: x\n    weights: {luck: 2}\n",
                    encoding="utf-8")
    project = dataclasses.replace(catalog, root=tmp_path)
    with pytest.raises(ContentError) as err:
        make_agent("odd", GAME, project, 0, 1)
    text = str(err.value)
    assert "styles.yaml:" in text and "unknown weight 'luck'" in text
    line = int(text.split("styles.yaml:")[1].split(":")[0])
    assert path.read_text().splitlines()[line - 1].strip().startswith("weights")


def test_missing_default_weight_is_reported(catalog, tmp_path):
    (tmp_path / "agents").mkdir()
    (tmp_path / "agents" / "styles.yaml").write_text(
        "defaults: {gold: 1}\nstyles:\n  a: {description: x}\n", encoding="utf-8")
    project = dataclasses.replace(catalog, root=tmp_path)
    with pytest.raises(ContentError, match="defaults lack the weights"):
        make_agent("a", GAME, project, 0, 1)


def _features():
    from toolkit.games.caravans.agents.features import FEATURES
    return list(FEATURES)
