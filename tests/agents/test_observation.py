"""Agents decide from the observation only: changing what a seat cannot see (other players'
goods, glory hands, rumors, how their gold splits between party and stash, deck orders,
face-down equipment, random streams) never changes its choice."""

from __future__ import annotations

import random

import pytest

from .conftest import play_until
from toolkit.games.caravans import GAME
from toolkit.games.caravans import engine
from toolkit.agents import make_agent

LINEUP = ["trader", "raider", "adventurer", "balanced"]


def hide_differently(state, seat: int, rng: random.Random):
    """A copy of `state` whose hidden parts (for `seat`) are changed by hand."""
    other = engine.clone(state)
    for player in other.players:
        if player.seat == seat:
            continue
        player.goods = [rng.randrange(len(other.rules.cards)) for _ in player.goods]
        player.hand = [rng.choice(other.rules.glory) for _ in player.hand]
        player.rumors = [rng.choice(other.rules.rumors) for _ in player.rumors]
        moved = min(30, player.gold)  # carried gold into the stash: the split is secret
        player.gold -= moved
        player.stash += moved
    for deck in ("goods_deck", "glory_deck", "event_deck", "rumor_deck", "mission_deck"):
        rng.shuffle(getattr(other, deck))
    hidden = [t for t, e in other.tavern_eq.items() if e and t not in other.eq_revealed]
    tokens = [other.tavern_eq[t] for t in hidden]
    rng.shuffle(tokens)
    other.tavern_eq.update(zip(hidden, tokens))
    other.rng = {k: random.Random(rng.random()) for k in other.rng}
    return other


_STATES: dict = {}


def mid_game_states(catalog, seed: int, rounds=(3, 6, 9, 12)):
    """States of one heuristic game at the given rounds (cached; callers must not mutate)."""
    if (seed, rounds) not in _STATES:
        _STATES[seed, rounds] = _play_to(catalog, seed, rounds)
    return _STATES[seed, rounds]


def _play_to(catalog, seed: int, rounds):
    found = []
    for r in rounds:
        state, _ = play_until(catalog, seed, LINEUP,
                              lambda s: s.round >= r and len(engine.legal_actions(s)) > 2)
        if not engine.is_terminal(state):
            found.append(state)
    return found


@pytest.mark.parametrize("name", ["trader", "raider", "adventurer", "balanced", "random",
                                  "search:4"])
def test_choice_ignores_hidden_information(catalog, name):
    states = mid_game_states(catalog, 11)
    assert len(states) >= 3
    rng = random.Random(5)
    for state in states:
        seat = engine.current_player(state)
        legal = engine.legal_actions(state)
        variants = [hide_differently(state, seat, rng),
                    engine.determinize(state, seat, random.Random(rng.random()))]
        expected = make_agent(name, GAME, catalog, seat, 3).choose(engine.observation(state, seat), legal)
        for variant in variants:
            assert engine.legal_actions(variant) == legal
            got = make_agent(name, GAME, catalog, seat, 3).choose(engine.observation(variant, seat), legal)
            assert got == expected


def test_hidden_changes_do_change_the_full_state(catalog):
    """The variants differ from the truth, so the test above tests something."""
    state = mid_game_states(catalog, 11, rounds=(6,))[0]
    seat = engine.current_player(state)
    variant = hide_differently(state, seat, random.Random(1))
    assert engine.state_hash(variant) != engine.state_hash(state)
    assert variant.goods_deck != state.goods_deck


def test_heuristic_scores_ignore_hidden_information(catalog):
    for state in mid_game_states(catalog, 23):
        seat = engine.current_player(state)
        legal = engine.legal_actions(state)
        variant = hide_differently(state, seat, random.Random(seat))
        agent = make_agent("balanced", GAME, catalog, seat, 1)
        assert agent.scores(engine.observation(state, seat), legal) == \
            agent.scores(engine.observation(variant, seat), legal)


def test_agents_do_not_change_the_observation(catalog):
    state = mid_game_states(catalog, 5, rounds=(5,))[0]
    seat = engine.current_player(state)
    view = engine.observation(state, seat)
    before = engine.to_json(view) if hasattr(engine, "to_json") else None
    for name in ("balanced", "raider", "search:4"):
        make_agent(name, GAME, catalog, seat, 2).choose(view, engine.legal_actions(state))
    assert engine.to_json(view) == before
