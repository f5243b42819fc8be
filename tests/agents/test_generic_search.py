"""The generic agents and the one game loop play any game: here the tiny Take-away."""

from __future__ import annotations

import pytest

from toolkit.agents import agent_names, make_agent
from toolkit.errors import ContentError, UsageError
from toolkit.loop import play, play_game

from .tiny_game import CATALOG, GAME, TakeAway


def test_the_loop_plays_a_tiny_game_and_records_it():
    record = play_game(GAME, CATALOG, 5, ["random", "random"])
    assert record["seed"] == 5 and record["players"] == 2 and record["pile"] == 21
    assert record["agents"] == ["random", "random"] and len(record["winner"]) == 1
    assert sum(a["n"] for a in record["actions"]) == 21 == sum(
        GAME.action_from_json(a)[1] for a in record["actions"])
    assert record["length"] == len(record["actions"])
    assert play_game(GAME, CATALOG, 5, ["random", "random"]) == record   # same seed, same game


def test_search_finds_the_winning_move():
    """From 5 stones the winning move is to take 1 (leaving 4, a multiple of 4)."""
    game = TakeAway(pile=5)
    state = game.new_game(CATALOG, 1, ["search", "random"])
    for seed in range(3):
        agent = make_agent("search:900", game, CATALOG, 0, seed)
        assert agent.choose(game.observation(state, 0), game.legal_actions(state)) == ("take", 1)


def test_search_beats_random_from_either_seat():
    first = sum(play_game(GAME, CATALOG, seed, ["search:150", "random"])["winner"] == [0]
                for seed in range(10))
    second = sum(play_game(GAME, CATALOG, seed, ["random", "search:150"])["winner"] == [1]
                 for seed in range(10))
    assert first + second >= 16, (first, second)


def test_generic_agent_names_and_budget():
    assert {"random", "search"} <= set(agent_names(GAME, CATALOG))
    assert make_agent("search:7", GAME, CATALOG, 1, 3).budget == 7
    for bad in ("search:0", "search:x", "random:3", "wizard"):
        with pytest.raises(UsageError):
            make_agent(bad, GAME, CATALOG, 0, 1)


def test_a_game_over_its_action_budget_names_the_setting():
    long_game = TakeAway(pile=10_000)
    with pytest.raises(ContentError, match="did not end within 50 actions; check the pile's size"):
        play(long_game, CATALOG, 1, ["random", "random"], max_actions=50)


def test_until_stops_early_and_hooks_see_every_action():
    seen = []
    played = play(GAME, CATALOG, 2, ["random", "random"], until=4,
                  after=lambda state, action, index: seen.append((index, action)))
    assert played.stopped and len(played.actions) == 4 and [i for i, _ in seen] == [1, 2, 3, 4]


def test_generic_search_plays_a_game_of_hidden_information(catalog):
    """On Caravans & Brigands (whose own `search` takes the name) the generic agent samples
    worlds through determinize and returns a legal action."""
    import random

    from toolkit.agents.search import SearchAgent
    from toolkit.games.caravans import GAME as CARAVANS

    played = play(CARAVANS, catalog, 3, ["balanced", "balanced"], until=40)
    state = played.state
    seat = CARAVANS.current_player(state)
    legal = CARAVANS.legal_actions(state)
    agent = SearchAgent(CARAVANS, seat, random.Random(1), budget=len(legal))
    before = CARAVANS.state_hash(state)
    assert agent.choose(CARAVANS.observation(state, seat), legal) in legal
    assert CARAVANS.state_hash(state) == before   # agents never change the state
