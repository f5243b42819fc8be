"""The heuristic agents in C (core/agent_decisions, agent_value, agent_choose, the C loop):
every legal action's score equals the Python agent's (exact doubles), every choice is the
Python agent's (the action, its idle count, its stream's state after), and whole games
played in C give the Python loop's records, on the bundled game and on fuzzed content."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from toolkit.games.caravans import engine
from toolkit.games.caravans.game import GAME
from toolkit.loop import make_agents, play_game

from .test_loop import same

MIXED = ["trader", "raider", "adventurer", "balanced"]


def check_agents(catalog, seed: int, lineup: list[str], seen: Counter) -> None:
    """Play one Python game; at each decision of a style, the C scores of every legal
    action and the C choice equal the Python agent's. Counts exact scores by kind."""
    from toolkit.games.caravans.core import batch
    from toolkit.games.caravans.core.agent_choose import choose_index, scores
    from toolkit.games.caravans.core.convert import from_state

    tables, styles = batch.lineup(catalog, lineup)
    agents = make_agents(GAME, catalog, seed, lineup)
    state = engine.new_game(catalog, seed, lineup)
    while not engine.is_terminal(state):
        seat = engine.current_player(state)
        legal = engine.legal_actions(state)
        agent, style = agents[seat], styles[seat]
        if style < 0:
            state = engine.apply_action(state, agent.choose(None, legal))
            continue
        obs = engine.observation(state, seat)
        core = from_state(state)
        mine = scores(core, tables, style, seat, agent.idle)
        theirs = agent.scores(obs, legal)
        for action, c, p in zip(legal, mine, theirs):
            assert c == p, (f"seed {seed}, action {len(state.history)}, {agent.name} seat "
                            f"{seat}: {action} scores {c} in C, {p} in Python")
            seen[action.kind.value] += 1
        pick, idle, after = choose_index(core, tables, style, seat, agent.idle, agent.rng)
        action = agent.choose(obs, legal)
        assert (legal[pick], idle, after) == (action, agent.idle, agent.rng.getstate()), \
            f"seed {seed}, action {len(state.history)}: C chose {legal[pick]}, Python {action}"
        state = engine.apply_action(state, action)


def test_scores_and_choices_exact(bundled):
    seen: Counter = Counter()
    check_agents(bundled, 11, MIXED, seen)
    check_agents(bundled, 12, ["raider", "random", "trader"], seen)
    assert {"choose_party", "combat_choice", "end_turn", "move"} <= set(seen)


def test_a_raid_discarding_an_ambush(tmp_path):
    """Fuzzed content whose game 1 reaches a raid with an ambush card to discard (its
    icon, -1, once read as "no card" in C)."""
    from core.fuzz_content import fuzzed_catalog
    seen: Counter = Counter()
    check_agents(fuzzed_catalog(tmp_path, 1), 1, MIXED, seen)
    assert seen["raid_discard"] and seen["raid_swap"]


def test_heuristic_games_give_the_python_loops_records(bundled):
    from toolkit.games.caravans.core import batch
    for seed, lineup in ((1, MIXED), (2, ["balanced"] * 3), (3, ["random", "raider"])):
        assert batch.lineup(bundled, lineup) is not None
        assert same(batch.play_game(bundled, seed, lineup),
                    play_game(GAME, bundled, seed, lineup))


def test_the_golden_heuristic_games(bundled):
    """tests/agents/test_speed_equivalence.py's games, played in C: the same actions."""
    from agents.test_speed_equivalence import GAMES, GOLDEN
    from toolkit.games.caravans.core import batch
    for seed, lineup in GAMES:
        record = batch.play_game(bundled, seed, lineup)
        text = "\n".join(f"{kind}{args!r}" for kind, args in record["actions"])
        assert hashlib.sha256(text.encode()).hexdigest() == GOLDEN[seed], seed


# games that reach the rare decisions (hero redraw, flee strike, amnesty, a raid's draws)
RARE_GAMES = [(3041, ["balanced"] * 4), (3071, ["balanced"] * 4),
              (3148, ["adventurer", "raider", "balanced"]), (3190, MIXED),
              (3149, MIXED), (3070, ["raider"] * 4), (3022, ["adventurer", "raider", "balanced"])]


@pytest.mark.slow
def test_scores_and_choices_exact_many(bundled):
    seen: Counter = Counter()
    from toolkit.games.caravans.agents import play_styles
    lineups = [MIXED, ["balanced"] * 4, ["raider", "trader"], ["adventurer", "raider", "balanced"]]
    lineups += [[name, "balanced", name] for name in sorted(play_styles(bundled))
                if name not in MIXED]  # any style a designer added (e.g. sharp)
    games = [(2000 + i, lineups[i % len(lineups)]) for i in range(24)] + RARE_GAMES
    for seed, lineup in games:
        check_agents(bundled, seed, lineup, seen)
    rare = {"capture", "raid", "delve", "reroll", "discard_glory", "attack", "loot",
            "place_equipment", "raid_discard", "raid_swap", "raid_draw", "raid_end",
            "keep_hero", "redraw_hero", "amnesty", "flee_strike", "let_go", "accept"}
    assert rare <= set(seen), rare - set(seen)


@pytest.mark.slow
@pytest.mark.parametrize("fuzz_seed", [1, 2, 3])
def test_heuristic_games_exact_on_fuzzed_content(tmp_path, fuzz_seed):
    from core.fuzz_content import fuzzed_catalog
    from core.test_fight_fuzz import random_effects_catalog
    from toolkit.games.caravans.core import batch
    for catalog in (fuzzed_catalog(tmp_path, fuzz_seed), random_effects_catalog(fuzz_seed)):
        assert batch.lineup(catalog, MIXED) is not None  # the core takes fuzzed content
        for seed in range(3):
            lineup = MIXED[: 2 + (seed + fuzz_seed) % 3]
            check_agents(catalog, seed, lineup, Counter())
            assert same(batch.play_game(catalog, seed, lineup),
                        play_game(GAME, catalog, seed, lineup))
