"""The Game protocol for Root: determinism, hidden hands, determinizing, words, records,
invariants over random games, the content sum-checks and the rulings."""

from __future__ import annotations

import random

from toolkit.checks.rulings import run_rulings
from toolkit.checks.rulings_load import load_rulings
from toolkit.games.root.checks import validate_content
from toolkit.loop import play, play_game

from ..helpers import random_game
from .conftest import PROJECT




def test_same_seed_same_game(game, catalog):
    a, acts_a = random_game(game, catalog, 7)
    b, acts_b = random_game(game, catalog, 7)
    assert acts_a == acts_b and game.state_hash(a) == game.state_hash(b)
    c, _ = random_game(game, catalog, 8)
    assert game.state_hash(a) != game.state_hash(c)


def test_random_games_end_and_keep_every_invariant(game, catalog):
    checks = game.invariants()
    for seed, players in ((1, 4), (2, 3), (3, 2)):
        s = game.new_game(catalog, seed, ["random"] * players)
        rng = random.Random(seed)
        while not game.is_terminal(s):
            game.apply_action(s, rng.choice(game.legal_actions(s)))
            for name, check in checks.items():
                assert check(s) is None, (name, check(s))
        assert s.winner and max(s.vp) >= 0


def test_observation_hides_other_hands_and_determinize_fills_them(game, catalog):
    s, _ = random_game(game, catalog, 4, stop=60)
    seat = 1
    o = game.observation(s, seat)
    assert o.hands[seat] == s.hands[seat]
    assert all(set(h) <= {"?"} for i, h in enumerate(o.hands) if i != seat)
    assert set(o.deck) <= {"?"} and set(o.ruin_items.values()) <= {"?"}
    if s.f["alliance"]["supporters"]:
        assert set(o.f["alliance"]["supporters"]) == {"?"}
    d = game.determinize(o, seat, random.Random(1))
    assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
    hidden = lambda x: sorted(sum(x.hands, []) + x.deck + x.f["alliance"]["supporters"])  # noqa
    assert hidden(d) == hidden(s)
    assert d.hands[seat] == s.hands[seat] and game.legal_actions(d)


def test_actions_round_trip_and_read_in_both_languages(game, catalog):
    s, acts = random_game(game, catalog, 5)
    for a in acts:
        assert game.action_from_json(game.action_to_json(a)) == a
    s, _ = random_game(game, catalog, 5, stop=80)
    a = game.legal_actions(s)[0]
    assert game.describe_action(s, a, "en") and game.describe_action(s, a, "zh")
    done, _ = random_game(game, catalog, 5)
    assert any(line.startswith("dice: ") for line in game.log_lines(done, "en"))
    assert any("骰子" in line for line in game.log_lines(done, "zh"))
    assert game.log_lines(done, "zh")[-1].endswith("获胜")


def test_loop_records_a_game_with_heuristics(game, catalog):
    record = play_game(game, catalog, 3, ["heuristic"] * 4)
    assert record["winner"] and record["factions"] == ["marquise", "eyrie", "alliance",
                                                       "vagabond"]
    assert max(record["vp"]) >= 30 or any(record["dominance"])
    assert set(game.metrics(record)) == {"vp", "dominance"}
    played = play(game, catalog, 3, ["heuristic"] * 4)
    assert len(played.actions) == record["length"]


def test_content_sum_checks_pass_on_the_example(catalog):
    problems = []
    validate_content(catalog, lambda *a, **k: problems.append(a))
    assert problems == []


def test_every_ruling_holds(game, catalog):
    items = load_rulings(PROJECT, game)
    assert len(items) >= 40
    failures = run_rulings(game, catalog, items)
    assert failures == [], failures[:3]


def test_exact_probability_enumerates_the_dice(game, catalog):
    from toolkit.games.root import board
    from toolkit.games.root.rulings import step_matches

    setup = {"pieces": {"c5": {"marquise": {"warriors": 3}, "eyrie": {"warriors": 2}}}}

    def play_battle(state):
        action = next(a for a in game.legal_actions(state)
                      if step_matches(game, state, a, {"do": "battle", "clearing": "c5"}))
        return game.apply_action(state, action)

    from fractions import Fraction
    p = game.probability(catalog, setup, 0, play_battle,
                         lambda s: board.warriors(s, "c5", "eyrie") == 0)
    assert p == Fraction(3, 4)


def test_ruling_problems_name_unknown_keys(game):
    problems = game.ruling_problems({"setup": {"pices": {}}, "expect": [{"bogus": 1},
                                                                       {"over": True}]})
    assert [p[0] for p in problems] == [("setup", "pices"), ("expect", 0)]
