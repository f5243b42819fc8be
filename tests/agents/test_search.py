"""The search agent: its cheap paths, its paired verdict and its determinism (its strength
against the balanced heuristic is tested in test_search_strength.py)."""

from __future__ import annotations

from toolkit.games.caravans import GAME
from toolkit.games.caravans import engine
from toolkit.agents import make_agent
from toolkit.games.caravans.agents.search import SearchAgent

from .conftest import play_until


def test_a_single_legal_action_needs_no_rollout(catalog):
    state, _ = play_until(catalog, 3, ["balanced", "balanced"], lambda s: s.phase == "play")
    agent = make_agent("search:64", GAME, catalog, 0, 3)
    only = engine.legal_actions(state)[:1]
    assert agent.choose(engine.observation(state, 0), only) == only[0]
    assert agent.decisions == 0


def test_verdict_keeps_the_favourite_unless_clearly_beaten():
    assert _verdict([[1, 2, 3, 4], [3, 4, 5, 6]]) == 1           # always better
    assert _verdict([[1, 2, 3, 4], [4, 0, 5, 2]]) == 0           # noise
    assert _verdict([[1, 2, 3, 4], [1, 2, 3, 4]]) == 0           # equal
    assert _verdict([[0, 0, 0], [2, 2, 2], [4, 4, 4]]) == 2      # the best rival
    assert _verdict([[0, 0, 0], [0.5, 0.5, 0.5]]) == 0           # too small a gain


def test_search_is_deterministic_for_a_seed(catalog):
    state, _ = play_until(catalog, 8, ["raider", "trader"],
                          lambda s: s.round >= 4 and len(engine.legal_actions(s)) > 3)
    seat = engine.current_player(state)
    legal = engine.legal_actions(state)
    picks = {make_agent("search:16", GAME, catalog, seat, 8).choose(engine.observation(state, seat),
                                                              legal) for _ in range(2)}
    assert len(picks) == 1


def test_before_the_endgame_the_heuristic_decides_without_rollouts(catalog):
    state, _ = play_until(catalog, 5, ["balanced", "balanced"],
                          lambda s: s.phase == "play" and len(engine.legal_actions(s)) > 2)
    seat = engine.current_player(state)
    agent = make_agent("search:16", GAME, catalog, seat, 5)
    view = engine.observation(state, seat)
    assert not agent._endgame(view)
    assert agent.choose(view, engine.legal_actions(state)) in engine.legal_actions(state)
    assert agent.decisions == 0


def test_in_the_endgame_every_open_decision_is_searched(catalog):
    searchers = [make_agent("search:8", GAME, catalog, seat, 5) for seat in (0, 1)]

    def endgame(s) -> bool:  # the seat to act sees someone within reach of the goal
        seat = engine.current_player(s)
        return seat >= 0 and len(engine.legal_actions(s)) > 2 \
            and searchers[seat]._endgame(engine.observation(s, seat))
    state, _ = play_until(catalog, 5, ["balanced", "balanced"], endgame)
    seat = engine.current_player(state)
    agent = searchers[seat]
    view = engine.observation(state, seat)
    assert not engine.is_terminal(state) and agent._endgame(view)
    agent.choose(view, engine.legal_actions(state))
    assert agent.decisions == 1 and len(agent.last) >= 2
