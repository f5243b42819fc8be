"""The search agent plans on worlds re-sampled from its observation alone: each world keeps
all the seat sees, carries its own random streams, and differs in what the seat cannot see."""

from __future__ import annotations

import random

from toolkit.games.caravans import engine
from toolkit.games.caravans.agents.search import SearchAgent
from toolkit.games.caravans.engine.rng import PURPOSES
from toolkit.games.caravans.engine.state import to_dict

from .test_observation import mid_game_states


def test_search_worlds_keep_the_observation_and_vary_the_rest(catalog):
    state = mid_game_states(catalog, 11, rounds=(6,))[0]
    seat = engine.current_player(state)
    view = engine.observation(state, seat)
    agent = SearchAgent(catalog, seat, random.Random(7), budget=4)
    worlds = [agent.sample(view) for _ in range(6)]
    shown = to_dict(view)
    for world in worlds:
        assert set(world.rng) == set(PURPOSES)
        assert to_dict(engine.observation(world, seat)) == shown
        assert None not in world.goods_deck and None not in world.glory_deck
        engine.apply_action(world, engine.legal_actions(world)[0], validate=True)
    assert len({tuple(w.goods_deck) for w in worlds}) == len(worlds)


def test_search_decides_during_setup_from_the_observation(catalog):
    state = engine.new_game(catalog, 3, ["search:4", "balanced", "balanced"])
    engine.apply_action(state, engine.legal_actions(state)[0])
    seat = engine.current_player(state)
    agent = SearchAgent(catalog, seat, random.Random(1), budget=4)
    action = agent.choose(engine.observation(state, seat), engine.legal_actions(state))
    assert action in engine.legal_actions(state)
