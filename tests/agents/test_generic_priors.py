"""The generic search on the example games: its prior is the game's strongest heuristic,
ties never go to the first legal action, a game's value hook cuts the rollouts, and it
plays whole games of 南荒2, Root and Kings & Things deterministically."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from toolkit.agents import make_agent
from toolkit.agents import search as generic
from toolkit.content.validate import load_catalog
from toolkit.game import Game
from toolkit.games import game_for
from toolkit.loop import play, play_game

from .tiny_game import CATALOG, TakeAway

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def projects():
    out = {}
    for name in ("kings-and-things", "nanhuang2", "root"):
        catalog = load_catalog(EXAMPLES / name)
        out[name] = (game_for(catalog), catalog)
    return out


def test_the_prior_is_the_games_strongest_heuristic(projects):
    assert {name: generic.prior_name(game, catalog)
            for name, (game, catalog) in projects.items()} == {
        "kings-and-things": "heuristic", "nanhuang2": "warlord", "root": "heuristic"}
    assert generic.prior_name(TakeAway(), CATALOG) is None
    agent = make_agent("search:8", *projects["nanhuang2"], 0, 1)
    assert agent.prior_name == "warlord" and agent.prior is not None


def test_progressive_widening():
    assert [generic.widen(b, 50) for b in (1, 8, 16, 64, 400)] == [2, 2, 3, 6, 14]
    assert generic.widen(64, 3) == 3


class Coin(TakeAway):
    """Every move is as good as any other: whoever moves, a coin decides the winner."""

    def legal_actions(self, state):
        return [("take", k) for k in range(1, 6)] if state["pile"] else []

    def apply_action(self, state, action):
        state["pile"] = 0
        state["winner"] = random.Random(state["turn"]).randrange(state["seats"])
        return state


def test_ties_go_to_a_random_action_not_the_first_listed():
    game = Coin(pile=1)
    state = game.new_game(CATALOG, 1, ["search", "random"])
    picks = {make_agent("search:8", game, CATALOG, 0, seed).choose(
        state, game.legal_actions(state)) for seed in range(30)}
    assert len(picks) >= 3, picks


class Pinned(TakeAway):
    """Take-away with a prior that always takes 3 and a value hook that counts its calls."""

    values = 0

    def agents(self):
        return {"greedy": lambda game, catalog, seat, rng, arg: Greedy(seat)}

    def value(self, state, seat):
        Pinned.values += 1
        return 0.5


class Greedy:
    name = "greedy"

    def __init__(self, seat):
        self.seat = seat

    def choose(self, observation, legal):
        return legal[-1]


def test_with_a_prior_its_pick_stays_unless_beaten_and_the_value_hook_cuts_rollouts():
    game = Pinned(pile=10_000)   # far longer than HORIZON: every rollout is cut
    assert generic.prior_name(game, CATALOG) == "greedy"
    state = game.new_game(CATALOG, 1, ["search", "greedy"])
    agent = make_agent("search:16", game, CATALOG, 0, 3)
    applied = []
    apply = game.apply_action
    game.apply_action = lambda s, a: applied.append(a) or apply(s, a)
    Pinned.values = 0
    # every cut rollout scores 0.5: no rival beats the prior's pick
    assert agent.choose(state, game.legal_actions(state)) == ("take", 3)
    worlds = max(2, 16 // generic.widen(16, 3))
    assert Pinned.values == worlds * 3 and agent.overruled == 0
    assert len(applied) == worlds * 3 * (1 + generic.HORIZON)   # the candidate, then the cut


def test_the_prior_is_overruled_when_the_rollouts_say_so():
    """From 5 stones taking 3 loses against a greedy rival; taking 1 wins."""
    game = Pinned(pile=5)
    Pinned.value = Game.value     # no value hook: rollouts play to the end
    try:
        state = game.new_game(CATALOG, 1, ["search", "greedy"])
        agent = make_agent("search:64", game, CATALOG, 0, 2)
        assert agent.choose(state, game.legal_actions(state)) == ("take", 1)
        assert agent.overruled == 1
    finally:
        del Pinned.value


def test_value_hooks_are_shares_of_the_win(projects):
    for name, (game, catalog) in projects.items():
        prior = generic.prior_name(game, catalog)
        seen = []
        play(game, catalog, 50001, [prior] * 3, until=400,
             after=lambda state, action, index: index % 40 == 0 and not game.is_terminal(state)
             and seen.append([game.value(state, s) for s in range(3)]))
        assert seen, name
        for values in seen:
            assert all(0.0 <= v <= 1.0 for v in values), (name, values)
        assert any(len(set(v)) > 1 for v in seen), name   # it tells the seats apart


def test_search_plays_nanhuang2_deterministically(projects):
    game, catalog = projects["nanhuang2"]
    first = play_game(game, catalog, 50003, ["search:4", "warlord"], keep_actions=True)
    again = play_game(game, catalog, 50003, ["search:4", "warlord"], keep_actions=True)
    assert first["actions"] == again["actions"] and first["winner"]


@pytest.mark.slow
def test_search_finishes_a_four_player_kings_and_things_game(projects):
    """The review: the old search did not finish one game in 272 CPU s."""
    import time
    game, catalog = projects["kings-and-things"]
    start = time.process_time()
    record = play_game(game, catalog, 50002, ["search:8", "heuristic", "heuristic",
                                              "heuristic"], keep_actions=False)
    assert record["winner"] and time.process_time() - start < 120
