"""The compiled agents' view, tables and turn scorers (core/agent_view, agent_tables,
agent_plan, agent_turns) in lockstep with the Python heuristic agents
(tests/core/agent_lockstep.py): every score of a turn action exactly the Python double."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

pytest.importorskip("toolkit.games.caravans.core.agent_turns")

from .agent_lockstep import AgentCoverage, agent_lockstep  # noqa: E402
from .lockstep import Divergence  # noqa: E402

from toolkit.content.validate import load_catalog  # noqa: E402
from toolkit.games.caravans.agents import fight, odds, play_styles  # noqa: E402

TURN_KINDS = {"move", "enter_tavern", "leave_tavern", "explore", "complete_mission", "tavern",
              "sell", "buy_goods", "buy", "form_party", "repair", "restore", "buy_equipment",
              "swap_equipment", "buy_weapon", "sell_weapon", "recruit", "hear_rumor",
              "take_mission", "stash", "play_glory", "discard_goods"}
ROOT = Path(__file__).resolve().parents[2]


def _turn_exact(cov: AgentCoverage) -> int:
    kinds = {k.rstrip("*") for k in cov.exact if k.rstrip("*") in TURN_KINDS}
    assert not any(cov.divergent[k] for k in cov.divergent), cov.summary()
    assert not any(cov.missing[k] for k in cov.missing if k.rstrip("*") in TURN_KINDS), \
        cov.summary()
    return len(kinds)


def test_every_style_scores_turns_exactly_and_reads_only_its_observation(bundled):
    cov = AgentCoverage()
    styles = sorted(play_styles(bundled))
    agent_lockstep(bundled, 5, styles[:4], cov, hidden=True, synthetic=True)
    agent_lockstep(bundled, 6, styles[-2:], cov, hidden=True)
    assert cov.decisions > 300 and cov.hidden == cov.decisions
    assert _turn_exact(cov) >= 18, cov.summary()
    for kind in ("move", "explore", "sell", "buy", "tavern", "stash", "play_glory",
                 "discard_goods*", "recruit*", "restore*"):
        assert cov.exact[kind] > 0, (kind, cov.summary())


def test_a_style_a_designer_adds_is_compiled_at_load(tmp_path):
    shutil.copytree(ROOT / "cards", tmp_path / "cards")
    (tmp_path / "agents").mkdir()
    (tmp_path / "agents" / "styles.yaml").write_text(
        "defaults:\n" + "".join(f"  {k}: {v}\n" for k, v in _defaults().items()) +
        "styles:\n"
        "  hoarder:\n"
        "    description: Stashes early, keeps a little gold, travels far for a sale.\n"
        "    weights: {stash: 3.3, stash_keep: 4.5, travel_decay: 0.95, home_goal: 2.5,\n"
        "              gold_reserve: 2.5, danger: 11, trade_goal: 0.7, large: 30}\n"
        "  brawler:\n"
        "    description: Fights anything it meets.\n"
        "    weights: {fight_players: 2.2, fight_npcs: 2.4, min_win_chance: 0.2, risk: 0.3,\n"
        "              travel_decay: 0.5, equipment: 7.5, weapon: 6.5}\n", encoding="utf-8")
    catalog = load_catalog(tmp_path)
    assert set(play_styles(catalog)) == {"hoarder", "brawler"}
    cov = AgentCoverage()
    agent_lockstep(catalog, 3, ["hoarder", "brawler", "hoarder"], cov, synthetic=True)
    assert _turn_exact(cov) >= 12, cov.summary()


def _defaults() -> dict:
    import yaml
    from toolkit.games.caravans.agents.styles import BUNDLED_STYLES
    return yaml.safe_load(BUNDLED_STYLES.read_text(encoding="utf-8"))["defaults"]


def test_a_differing_score_is_reported_with_seed_seat_and_both_scores(bundled, monkeypatch):
    from toolkit.games.caravans.agents import turns
    monkeypatch.setattr(turns, "stash", lambda v, args: 1.25)
    from toolkit.games.caravans.agents import heuristic
    from toolkit.games.caravans.engine.actions import ActionKind as K
    monkeypatch.setitem(heuristic.SCORERS, K.STASH, turns.stash)
    with pytest.raises(Divergence, match=r"score of .*stash.* differs .* at seed 2, action \d+, seat"):
        agent_lockstep(bundled, 2, ["trader", "adventurer"])


def test_odds_beyond_the_tables_are_computed_as_python_does(bundled):
    from toolkit.games.caravans.core.agent_tables import agent_tables, odds_probe
    from toolkit.games.caravans.core.content import compile_rules
    from toolkit.games.caravans.engine.rules import rules_for
    rules = rules_for(bundled)
    tables = agent_tables(compile_rules(rules), play_styles(bundled))
    faces = rules.faces
    for n in (0, 3, 16, 48, 49, 57):
        for need in (0, 1, 2, n, n + 1):
            assert odds_probe(tables, "at_least", n, need) == odds.at_least(faces, n, need)
    for a, b in ((2, 3), (48, 48), (49, 2), (3, 55)):
        assert odds_probe(tables, "contest3", a, b) == round(odds.contest(faces, a, b), 3)
    for p in (0.0, 0.391, 0.5, 0.912):
        for m, t in ((1, 1), (3, 7), (12, 12), (0, 4), (5, 0)):
            assert odds_probe(tables, "race", p, m, t) == fight.race(p, m, t)


@pytest.mark.slow
def test_turn_scores_exact_over_many_games(bundled):
    cov = AgentCoverage()
    styles = sorted(play_styles(bundled))
    for seed in range(100):
        players = 2 + seed % 3
        names = [styles[(seed + i) % len(styles)] for i in range(players)]
        if seed % 4 == 3:
            names[1] = "random"
        agent_lockstep(bundled, seed, names, cov, hidden=True, synthetic=seed % 5 == 0)
    assert _turn_exact(cov) == len(TURN_KINDS), cov.summary()


@pytest.mark.slow
@pytest.mark.parametrize("fuzz_seed", range(1, 9))
def test_turn_scores_exact_on_fuzzed_effects(fuzz_seed):
    from .test_fight_fuzz import random_effects_catalog
    catalog = random_effects_catalog(fuzz_seed)
    styles = sorted(play_styles(catalog))
    cov = AgentCoverage()
    for seed in range(3):
        names = [styles[(seed + fuzz_seed + i) % len(styles)] for i in range(2 + seed)]
        agent_lockstep(catalog, seed, names, cov, hidden=True)
    assert _turn_exact(cov) >= 12, cov.summary()


def test_more_styles_than_the_compiled_agents_hold_is_refused_in_one_line(bundled):
    from toolkit.games.caravans.core.agent_tables import agent_tables
    from toolkit.games.caravans.core.content import CoreRefused, compile_rules
    from toolkit.games.caravans.engine.rules import rules_for
    style = play_styles(bundled)["balanced"]
    many = {f"s{i}": style for i in range(40)}
    with pytest.raises(CoreRefused, match=r"^40 play styles; the compiled agents hold 32$"):
        agent_tables(compile_rules(rules_for(bundled)), many)
