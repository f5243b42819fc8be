"""Root's heuristic answers the others' win paths (issue #23): it attacks the leader's
sympathy or roosts, keeps out of outrage, activates dominance only when it holds it, and
the Vagabond neither feeds the leader nor turns his friends hostile. Setup follows the
rule book's order whatever the turn order, so rotated games are real games."""

from __future__ import annotations

from collections import Counter

import pytest

from toolkit.games.root import agent_threats, board
from toolkit.games.root.agents import score
from toolkit.loop import play

ROTATED = ["eyrie", "alliance", "vagabond", "marquise"]   # the Eyrie move first


def _view(game, s, seat):
    return game.observation(s, seat)


@pytest.mark.parametrize("seed", range(4))
def test_setup_in_rule_book_order_when_the_eyrie_move_first(game, catalog, seed):
    s = game.new_game(catalog, seed, ["heuristic"] * 4, factions=ROTATED)
    assert game.current_player(s) == 3 and game.legal_actions(s)[0][0] == "keep"
    s = play(game, catalog, seed, ["heuristic"] * 4, state=s, until=12).state
    keep = board.keep_clearing(s)
    roost = board.where(s, "roost")
    assert keep is not None and roost == [static_opposite(catalog, keep)]
    assert s.phase != "setup" and s.turn == 0   # then the Eyrie, first in turn order, play


def static_opposite(catalog, c):
    from toolkit.games.root.data import static
    return static(catalog).opposite[c]


def _two_targets(make, leader):
    """The Marquise (seat 1) can battle the Alliance's sympathy in c5 or an Eyrie roost in
    c1, with the same warriors each side; `leader` has 20 VP, the others 5."""
    vp = {0: 5, 1: 5, 2: 5, 3: 5}
    vp[{"eyrie": 1, "alliance": 2}[leader]] = 20
    return make(turn=0, vp=vp, pieces={
        "c5": {"marquise": {"warriors": 2}, "alliance": {"warriors": 1, "sympathy": 1}},
        "c1": {"marquise": {"warriors": 2}, "eyrie": {"warriors": 1, "roost": 1}}})


@pytest.mark.parametrize("leader", ["alliance", "eyrie"])
def test_the_marquise_attacks_the_win_path_of_the_leader(make, game, leader):
    s = _two_targets(make, leader)
    o = _view(game, s, 0)
    at_alliance = score(o, 0, ("battle", "c5", "alliance"))
    at_eyrie = score(o, 0, ("battle", "c1", "eyrie"))
    assert (at_alliance > at_eyrie) == (leader == "alliance"), (at_alliance, at_eyrie)
    w = agent_threats.weights(o, game_static(o), "marquise")
    assert w[leader] > 1 > min(w.values())


def game_static(o):
    from toolkit.games.root.data import static_of
    return static_of(o)


def test_a_move_into_sympathy_costs_the_outrage_card(make, game):
    s = make(turn=0, pieces={"c5": {"marquise": {"warriors": 3}},
                             "c1": {"alliance": {"sympathy": 1}}})
    o = _view(game, s, 0)
    assert score(o, 0, ("march", "c5", "c2", 1)) > score(o, 0, ("march", "c5", "c1", 1))


@pytest.mark.parametrize("ruled, behind, wanted", [(3, False, True), (2, False, False),
                                                   (2, True, True), (1, True, False)])
def test_dominance_only_when_held_or_a_clearing_short_and_behind(make, game, ruled, behind,
                                                                 wanted):
    fox = ["c1", "c6", "c8", "c12"][:ruled]
    s = make(turn=0, vp={0: 12, 2: 20 if behind else 8}, hands={0: ["fox_dominance"]},
             pieces={c: {"marquise": {"warriors": 2}} for c in fox})
    o = _view(game, s, 0)
    assert (score(o, 0, ("dominance", "fox_dominance")) > 0) == wanted


def test_the_vagabond_aids_the_trailing_faction_not_the_leader(make, game):
    s = make(turn=3, vp={0: 4, 2: 22}, hands={3: ["fox_dominance"]},
             vagabond={"at": "c1", "items": ["boots", "torch", "sword"]},
             pieces={"c1": {"marquise": {"warriors": 1}, "alliance": {"warriors": 1}}})
    o = _view(game, s, 3)
    card = "fox_dominance"
    assert score(o, 3, ("aid", "marquise", None, "torch", card)) > \
        score(o, 3, ("aid", "alliance", None, "torch", card))


def test_the_vagabond_keeps_a_friend_rather_than_kill_its_warrior(make, game):
    def battle_score(rel):
        s = make(turn=3, vagabond={"at": "c1", "items": ["sword", "sword", "boots"],
                                   "rel": {"marquise": rel}},
                 pieces={"c1": {"marquise": {"warriors": 1}}})
        return score(_view(game, s, 3), 3, ("battle", "c1", "marquise"))
    assert battle_score(2) < 0 < battle_score("hostile")


@pytest.mark.slow
def test_every_faction_wins_within_the_band_over_rotated_turn_orders(game, catalog):
    """200 games: 50 deals, each in the four rotations of the turn order; the issue's band
    is 15-40 % on 500 games (bench/root_factions.py), widened here by the interval of 200."""
    factions = ["marquise", "eyrie", "alliance", "vagabond"]
    wins, n = Counter(), 0
    for seed in range(20000, 20050):
        for r in range(4):
            order = factions[r:] + factions[:r]
            s = game.new_game(catalog, seed, ["heuristic"] * 4, factions=order)
            s = play(game, catalog, seed, ["heuristic"] * 4, state=s).state
            wins.update(order[w] for w in s.winner)
            n += 1
    rates = {f: wins[f] / n for f in factions}
    assert all(0.10 <= r <= 0.46 for r in rates.values()), rates
