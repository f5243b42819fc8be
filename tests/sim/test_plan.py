"""Game seeds, player counts and line-ups of a run."""

import types

import pytest

from toolkit.games.caravans import GAME

from toolkit.errors import UsageError
from toolkit.sim.plan import LineupSpec, parse_players, plan_games, seed_for


def test_seed_for_is_stable_and_distinct():
    # pinned: changing the derivation would silently change every published run
    assert seed_for(1, 0) == 1156694085224627
    assert seed_for(1, 1) == 8350463525651498
    assert seed_for(2, 0) == 6591390283094177
    seeds = {seed_for(7, i) for i in range(5000)}
    assert len(seeds) == 5000 and max(seeds) < 2 ** 53


@pytest.mark.parametrize("text,counts", [("4", [4]), ("2-4", [2, 3, 4]), (" 3 - 4 ", [3, 4])])
def test_parse_players(text, counts):
    assert parse_players(text, (2, 4)) == counts


@pytest.mark.parametrize("text", ["", "x", "2-", "4-2", "1-3", "5", "2,3"])
def test_parse_players_rejects(text):
    with pytest.raises(UsageError) as err:
        parse_players(text, (2, 4))
    assert "--players" in str(err.value) and "\n" not in str(err.value)


def test_player_counts_spread_evenly():
    games = plan_games(5, 9, [2, 3, 4], LineupSpec(("random",) * 4))
    assert [len(g.agents) for g in games] == [2, 3, 4] * 3
    assert [g.index for g in games] == list(range(9))


def test_a_run_is_a_prefix_of_a_longer_run():
    spec = LineupSpec((), ("trader", "raider", "balanced"))
    short = plan_games(11, 20, [2, 4], spec)
    assert plan_games(11, 50, [2, 4], spec)[:20] == short
    assert plan_games(11, 20, [2, 4], spec) == short
    assert plan_games(12, 20, [2, 4], spec) != short


def test_mixed_lineup_drawn_from_styles_by_seed():
    spec = LineupSpec((), ("trader", "raider", "adventurer", "balanced"))
    lineups = [tuple(spec.for_game(seed_for(3, i), 4)) for i in range(200)]
    assert all(set(lu) <= set(spec.styles) for lu in lineups)
    assert len(set(lineups)) > 50  # seats really vary
    assert lineups[17] == tuple(spec.for_game(seed_for(3, 17), 4))
    assert spec.text() == "mixed" and LineupSpec(("a", "b")).text() == "a,b"


def test_agent_names_checked():
    from toolkit.sim.plan import parse_agents as parse

    parse_agents = lambda text, n: parse(text, n, GAME, None)  # noqa: E731
    assert parse_agents("random", 3).names == ("random",) * 3
    assert parse_agents("random,trader", 2).names == ("random", "trader")
    assert parse_agents("mixed", 4).mixed
    for bad in ("nobody", "random,", "random,trader", "", "random,trader,raider,random"):
        with pytest.raises(UsageError):
            parse_agents(bad, 3)


def test_mixed_uses_the_projects_own_styles(agents_ready, tmp_path):
    from toolkit.games.caravans.agents.styles import BUNDLED_STYLES
    from toolkit.sim.plan import parse_agents

    (tmp_path / "agents").mkdir()
    text = BUNDLED_STYLES.read_text()
    (tmp_path / "agents" / "styles.yaml").write_text(
        text.rstrip() + "\n  hoarder:\n    description: keeps every coin\n"
        "    weights: {gold: 2.0}\n")
    project = types.SimpleNamespace(root=tmp_path)
    spec = parse_agents("mixed", 4, GAME, project)
    assert "hoarder" in spec.styles and "trader" in spec.styles
    assert parse_agents("hoarder,trader", 2, GAME, project).names == ("hoarder", "trader")
    with pytest.raises(UsageError):
        parse_agents("hoarder", 2, GAME, None)  # not a bundled style


def test_a_huge_player_range_is_refused_at_once():
    for text in ("1-999999999999", "0", "65"):
        with pytest.raises(UsageError, match="expected 1 to 64 players"):
            parse_players(text)
