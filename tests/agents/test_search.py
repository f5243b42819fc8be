"""The search agent: its cheap paths, its paired verdict, and its strength against the
balanced heuristic it builds on (2-player games, seats alternated, each seed both ways)."""

from __future__ import annotations

from toolkit import engine
from toolkit.agents import make_agent
from toolkit.agents.search import SearchAgent

from .conftest import match, play_until


def test_a_single_legal_action_needs_no_rollout(catalog):
    state, _ = play_until(catalog, 3, ["balanced", "balanced"], lambda s: s.phase == "play")
    agent = make_agent("search:64", catalog, 0, 3)
    only = engine.legal_actions(state)[:1]
    assert agent.choose(engine.observation(state, 0), only) == only[0]
    assert agent.decisions == 0


def test_verdict_keeps_the_favourite_unless_clearly_beaten():
    assert SearchAgent._verdict([[1, 2, 3, 4], [3, 4, 5, 6]]) == 1           # always better
    assert SearchAgent._verdict([[1, 2, 3, 4], [4, 0, 5, 2]]) == 0           # noise
    assert SearchAgent._verdict([[1, 2, 3, 4], [1, 2, 3, 4]]) == 0           # equal
    assert SearchAgent._verdict([[0, 0, 0], [2, 2, 2], [4, 4, 4]]) == 2      # the best rival
    assert SearchAgent._verdict([[0, 0, 0], [0.5, 0.5, 0.5]]) == 0           # too small a gain


def test_search_is_deterministic_for_a_seed(catalog):
    state, _ = play_until(catalog, 8, ["raider", "trader"],
                          lambda s: s.round >= 4 and len(engine.legal_actions(s)) > 3)
    seat = engine.current_player(state)
    legal = engine.legal_actions(state)
    picks = {make_agent("search:16", catalog, seat, 8).choose(engine.observation(state, seat),
                                                              legal) for _ in range(2)}
    assert len(picks) == 1


def paired(seeds):
    """Each seed twice, the seats swapped, so seed luck cancels out."""
    return [s for s in seeds for _ in range(2)]


def test_search_beats_the_balanced_heuristic(catalog):
    """search:16 against balanced, 6 seeds x both seatings (under a minute): 0.58 here.
    search:32 scored 0.61 over 120 games (seeds 7000-19, 7300-19, 7600-19); its edge comes
    from the endgame, where rollouts reach the end of the game (performance-agents.md)."""
    score = match(catalog, "search:16", "balanced", paired(range(7000, 7006)))
    assert score > 0.5
