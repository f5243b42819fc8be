"""The search agent: which decisions it searches, its paired verdict, its choices in
hand-built positions and its determinism (its strength against the balanced heuristic is
measured by bench/search_strength.py and, slowly, test_search_strength.py)."""

from __future__ import annotations

from toolkit.agents import make_agent
from toolkit.agents.search import paired_verdict
from toolkit.games.caravans import GAME, engine
from toolkit.games.caravans.engine.actions import ActionKind as K

from .conftest import play_until


def _verdict(values):
    return paired_verdict(values, 1.0, 2.0)


def _scenario(catalog, setup: dict, steps: list[str]):
    """The state of a ruling-style setup after the first legal action of each kind."""
    state = GAME.scenario(catalog, setup, 1)
    for kind in steps:
        state = engine.apply_action(state, next(a for a in engine.legal_actions(state)
                                                if a.kind.name.lower() == kind))
    return state


def _choose(catalog, state, budget: int = 8, seed: int = 1):
    seat = engine.current_player(state)
    agent = make_agent(f"search:{budget}", GAME, catalog, seat, seed)
    return agent, agent.choose(engine.observation(state, seat), engine.legal_actions(state))


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
    assert _verdict([[0], [9]]) == 0                             # one world proves nothing


def test_search_is_deterministic_for_a_seed(catalog):
    state, _ = play_until(catalog, 8, ["raider", "trader"],
                          lambda s: s.round >= 4 and len(engine.legal_actions(s)) > 3)
    picks = {_choose(catalog, state, 16, 8)[1] for _ in range(2)}
    assert len(picks) == 1


def test_tavern_decisions_are_searched_through_the_rivals_turn(catalog, monkeypatch):
    from toolkit.games.caravans.agents import search
    state, _ = play_until(catalog, 5, ["balanced", "balanced"],
                          lambda s: s.visit is not None and s.announced is None
                          and not s.pending and len(engine.legal_actions(s)) > 2)
    agent, pick = _choose(catalog, state)
    view, legal = engine.observation(state, agent.seat), engine.legal_actions(state)
    assert pick in legal
    assert not agent._endgame(view)
    assert agent._kind(view, legal) == "tavern"
    assert agent._horizon(view, "tavern") == (state.players[agent.seat].turns + 1, True)
    monkeypatch.setattr(search, "TAVERN", 0)   # off: the heuristic alone buys and sells
    assert agent._kind(view, legal) is None


def test_route_decisions_are_searched_through_the_rivals_turn(catalog):
    state, _ = play_until(catalog, 5, ["balanced", "balanced"],
                          lambda s: s.phase == "play" and s.visit is None and not s.pending
                          and s.combat is None and s.round >= 2
                          and len(engine.legal_actions(s)) > 3)
    seat = engine.current_player(state)
    agent = make_agent("search:8", GAME, catalog, seat, 5)
    view = engine.observation(state, seat)
    assert agent._kind(view, engine.legal_actions(state)) in ("turn", "endgame")
    turns = state.players[seat].turns
    assert agent._horizon(view, "turn") == (turns + 1, True)


def test_in_the_endgame_it_stashes_for_the_win(catalog):
    """Nine glory and ten gold in its home tavern, the rival at nine too: stashing the gold
    is the tenth point and the win; rollouts reach the end of the game and see it."""
    setup = {"first": 0, "seats": [
        {"hero": "maren_saltwind", "glory": 9, "gold": 10},
        {"hero": "sylwen_silvertongue", "glory": 9, "gold": 10}]}
    state = _scenario(catalog, setup, ["tavern"])
    agent, pick = _choose(catalog, state)
    view = engine.observation(state, 0)
    assert agent._endgame(view)
    assert pick.kind is K.STASH
    after = engine.apply_action(state, pick)
    assert after.announced == 0


def _war_band_meets_two_parties(catalog):
    """Greymarch, seat 0's turn: its large war band meets a small caravan carrying 25 gold
    (seat 1; its tracks pinned at defense and shield 2, so the position does not move with
    the card's numbers) and a large war band with the Scatter Shot and 25 gold (seat 2). The
    first die (a skull) makes the explore check succeed."""
    setup = {"first": 0, "dice": ["skull", 1, 1, 1, 1, 1, 1, 1], "seats": [
        {"hero": "aldric_vane", "party": "large_war_band", "at": {"region": "greymarch"},
         "glory": 3},
        {"hero": "maren_saltwind", "party": "small_caravan", "at": {"region": "greymarch"},
         "gold": 25, "glory": 3, "stats": {"defense": 2, "shield": 2}},
        {"hero": "grask_bloodtusk", "party": "large_war_band", "at": {"region": "greymarch"},
         "gold": 25, "glory": 3, "weapons": ["scatter_shot"]}]}
    return GAME.scenario(catalog, setup, 1)


def test_in_a_fight_it_takes_on_the_weaker_party_rather_than_flee(catalog):
    """With both parties legal targets it explores the small caravan, not the war band;
    found, the caravan is attacked (not let go); in the fight's second round, with flight
    legal, it fights on, and the pick is the searched candidate with the best mean. The
    other way round, found by the stronger war band's explore, it lets that party go, so
    the choices follow the odds rather than a blanket 'always attack'."""
    caravan, war_band = ("player", 1), ("player", 2)
    state = _war_band_meets_two_parties(catalog)
    explores = {a.args for a in engine.legal_actions(state) if a.kind is K.EXPLORE}
    assert {caravan, war_band} <= explores
    _, pick = _choose(catalog, state)
    assert pick.kind is K.EXPLORE and pick.args == caravan
    state = engine.apply_action(state, pick)
    assert {a.kind for a in engine.legal_actions(state)} == {K.ATTACK, K.LET_GO}
    _, pick = _choose(catalog, state)
    assert pick.kind is K.ATTACK
    state = engine.apply_action(state, pick)
    while not any(a.args[0] == "flee" for a in engine.legal_actions(state)):  # round 1: ranged
        assert state.combat is not None
        state = engine.apply_action(state, engine.legal_actions(state)[0])
    assert engine.current_player(state) == 0
    assert {a.args[0] for a in engine.legal_actions(state)} == {"ranged", "melee", "flee"}
    agent, pick = _choose(catalog, state)
    assert agent.decisions == 1 and pick.args[0] in ("ranged", "melee")
    means = dict(agent.last)
    assert means[pick] == max(means.values())

    state = _war_band_meets_two_parties(catalog)
    state = engine.apply_action(state, next(a for a in engine.legal_actions(state)
                                            if a.kind is K.EXPLORE and a.args == war_band))
    assert {a.kind for a in engine.legal_actions(state)} == {K.ATTACK, K.LET_GO}
    _, pick = _choose(catalog, state)
    assert pick.kind is K.LET_GO


def test_it_plays_its_prior_style_and_rolls_the_rivals_out_as_balanced(catalog):
    """The agent's own policy (prior and own rollouts) is PRIOR_STYLE (`sharp`, the style
    tuned to beat `balanced` in 2-player games); the rivals are rolled out as RIVAL_STYLE
    (`balanced`, the opponent model); a tavern micro-action outside the endgame is the
    prior's best-scoring action (up to its jitter)."""
    from toolkit.games.caravans.agents import search
    state, _ = play_until(catalog, 5, ["balanced", "balanced"],
                          lambda s: s.visit is not None and s.announced is None
                          and len(engine.legal_actions(s)) > 2)
    seat = engine.current_player(state)
    agent = make_agent("search:8", GAME, catalog, seat, 5)
    assert agent.prior.style.name == search.PRIOR_STYLE == "sharp"
    assert agent.style.name == "sharp" and agent.rival.name == search.RIVAL_STYLE
    # the rollout's policies: `sharp` for the seat, RIVAL_STYLE for the others
    seen = []
    from toolkit.games.caravans.agents import heuristic

    class Spy(heuristic.HeuristicAgent):
        def __init__(self, catalog, s, rng, style):
            super().__init__(catalog, s, rng, style)
            seen.append((s, style.name))

    from toolkit.games.caravans.agents.rollout import python_rollout
    original = heuristic.HeuristicAgent
    heuristic.HeuristicAgent = Spy
    try:
        python_rollout(catalog, engine.clone(state), seat, agent.style, agent.rival, 1,
                       (0, False), 0)
    finally:
        heuristic.HeuristicAgent = original
    assert dict(seen)[seat] == "sharp"
    assert {name for s, name in seen if s != seat} == {search.RIVAL_STYLE}
    view = engine.observation(state, seat)
    legal = engine.legal_actions(state)
    if not agent._endgame(view):
        scores = agent.prior.scores(view, legal)
        pick = agent.choose(view, legal)
        assert scores[legal.index(pick)] >= max(scores) - agent.prior.style["noise"]


def test_whole_turn_plans_compare_styles_once_per_turn(catalog, monkeypatch):
    """With PLANS set, the first decision of an own turn plays each style's whole turn on
    the same worlds (paired) and the turn then follows the winner; the next decision of the
    same turn plans nothing new, and the choice is the same for the same seed."""
    from toolkit.games.caravans.agents import search
    monkeypatch.setattr(search, "PRIOR_STYLE", "raider")
    monkeypatch.setattr(search, "PLANS", "raider,balanced,trader")
    state, _ = play_until(catalog, 6, ["balanced", "balanced"],
                          lambda s: s.phase == "play" and s.round >= 3 and s.visit is None
                          and s.combat is None and not s.pending
                          and len(engine.legal_actions(s)) > 2)
    seat = engine.current_player(state)
    picks, styles = set(), set()
    for _ in range(2):
        agent = make_agent("search:4", GAME, catalog, seat, 6)
        assert [a.style.name for a in agent.plans] == ["raider", "balanced", "trader"]
        legal = engine.legal_actions(state)
        pick = agent.choose(engine.observation(state, seat), legal)
        assert agent.planned == state.players[seat].turns
        assert agent.prior in agent.plans and agent.style is agent.prior.style
        picks.add(pick)
        styles.add(agent.style.name)
    assert len(picks) == 1 and len(styles) == 1
    after = engine.apply_action(state, pick)
    if engine.current_player(after) == seat and after.players[seat].turns == agent.planned:
        chosen = agent.prior
        agent.choose(engine.observation(after, seat), engine.legal_actions(after))
        assert agent.prior is chosen  # no new plan inside the same turn


def test_a_style_the_styles_file_lacks_falls_back(catalog, monkeypatch):
    """A project's own styles file may lack the prior's style: the agent then plays
    `raider` (or `balanced`, or the file's first style) instead of failing."""
    from toolkit.games.caravans.agents import search
    monkeypatch.setattr(search, "PRIOR_STYLE", "no_such_style")
    monkeypatch.setattr(search, "RIVAL_STYLE", "no_such_style")
    agent = make_agent("search:4", GAME, catalog, 0, 1)
    assert agent.prior.style.name == "raider" and agent.rival.name == "raider"
    styles = {"mine": object()}
    assert search._style(styles, "raider") is styles["mine"]
