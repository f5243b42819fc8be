"""Whole games of 南荒2: determinism, invariants, hidden information, words and speed."""

from __future__ import annotations

import random
import time

from toolkit.game import seeded_stream
from toolkit.games.nanhuang2 import GAME
from toolkit.games.nanhuang2.observe import HIDDEN


def run(catalog, seed, players=4, agent="random", check=False, each=None):
    """A game with our own small loop (agents choose from the legal actions)."""
    state = GAME.new_game(catalog, seed, [agent] * players)
    rngs = [seeded_stream(seed, f"agent:{s}") for s in range(players)]
    agents = [GAME.agents()["warlord"](GAME, catalog, s, rngs[s], None)
              if agent == "warlord" else None for s in range(players)]
    actions = []
    while not GAME.is_terminal(state):
        seat = GAME.current_player(state)
        legal = GAME.legal_actions(state)
        assert legal, "no legal action in a game that is not over"
        if agents[seat]:
            action = agents[seat].choose(GAME.observation(state, seat), legal)
        else:
            action = legal[rngs[seat].randrange(len(legal))]
        if each:
            each(state, action)
        GAME.apply_action(state, action)
        actions.append(GAME.action_to_json(action))
        if check:
            for name, inv in GAME.invariants().items():
                assert inv(state) is None, f"{name}: {inv(state)} (seed {seed})"
    return state, actions


def test_same_seed_same_game(catalog):
    a, acts_a = run(catalog, 11)
    b, acts_b = run(catalog, 11)
    assert acts_a == acts_b and GAME.record(a) == GAME.record(b)
    assert GAME.state_hash(a) == GAME.state_hash(b)
    c, acts_c = run(catalog, 12)
    assert acts_c != acts_a


def test_invariants_hold_in_random_and_heuristic_games(catalog):
    for seed in range(12):
        run(catalog, seed, players=2 + seed % 3, check=True)
        run(catalog, seed, players=2 + seed % 3, agent="warlord", check=True)


def test_actions_round_trip_and_read_in_both_languages(catalog):
    seen = set()

    def each(state, action):
        assert GAME.action_from_json(GAME.action_to_json(action)) == action
        if action[0] not in seen:
            seen.add(action[0])
            for lang in ("en", "zh"):
                text = GAME.describe_action(state, action, lang)
                assert text and "{" not in text
    for seed in range(6):
        state, _ = run(catalog, seed, players=3, each=each)
        assert GAME.log_lines(state, "zh") and GAME.log_lines(state, "en")
    assert {"start", "place", "end", "buy", "defeat", "strike", "offer"} <= seen


def test_observation_hides_hands_and_deck(catalog):
    state, _ = run(catalog, 5, players=3)
    state = GAME.new_game(catalog, 5, ["a"] * 3)
    for counts in GAME.legal_actions(state)[:3]:
        GAME.apply_action(state, counts)
    obs = GAME.observation(state, 1)
    assert obs.deck == [HIDDEN] * len(state.deck)
    assert obs.players[0].hand == [HIDDEN] * 5 and obs.players[2].hand == [HIDDEN] * 5
    assert obs.players[1].hand == state.players[1].hand
    assert obs.rng.getstate() != state.rng.getstate()
    full = GAME.determinize(obs, 1, random.Random(3))
    assert full.players[1].hand == state.players[1].hand
    assert len(full.players[0].hand) == 5 and HIDDEN not in full.players[0].hand
    assert sorted(full.deck + full.players[0].hand + full.players[2].hand) == sorted(
        state.deck + state.players[0].hand + state.players[2].hand)
    for name, inv in GAME.invariants().items():
        assert inv(full) is None, name
    other = GAME.determinize(obs, 1, random.Random(4))
    assert other.deck != full.deck    # re-sampled


def test_starting_hands_stay_secret_while_chosen(catalog):
    state = GAME.new_game(catalog, 8, ["a", "b", "c"])
    GAME.apply_action(state, ("start", 5, 0, 0))
    obs = GAME.observation(state, 1)
    assert obs.box[0] == {} and obs.players[0].hand == [HIDDEN] * 5
    assert obs.box[2] == state.box[2]              # seat 3 has not chosen yet
    kept = set()
    for seed in range(10):
        full = GAME.determinize(obs, 1, random.Random(seed))
        hand = full.players[0].hand
        assert set(hand) <= set(state.dealt[0]) and len(hand) == 5
        assert sorted(hand + [u for p in full.box[0].values() for u in p]) == sorted(state.dealt[0])
        kept.add(tuple(sorted(full.cards[u] for u in hand)))
        for name, inv in GAME.invariants().items():
            assert inv(full) is None, name
    assert len(kept) > 1                           # the choice is re-sampled


def test_unseen_basics_are_dealt_to_hands_not_the_deck(catalog):
    state, _ = run(catalog, 4, players=3, agent="warlord")
    state = GAME.new_game(catalog, 4, ["a"] * 3)
    for _ in range(3):
        GAME.apply_action(state, ("start", 1, 2, 2))
    for seed in range(5):
        full = GAME.determinize(GAME.observation(state, 0), 0, random.Random(seed))
        assert all(full.spec(u).kind not in ("basic", "token") for u in full.deck)
        others = full.players[1].hand + full.players[2].hand
        truth = state.players[1].hand + state.players[2].hand
        assert sorted(full.cards[u] for u in others) == sorted(state.cards[u] for u in truth)


def test_determinized_states_play_on(catalog):
    state, _ = run(catalog, 2, players=2)
    state = GAME.new_game(catalog, 2, ["a", "b"])
    GAME.apply_action(state, ("start", 2, 1, 2))
    GAME.apply_action(state, ("start", 2, 1, 2))
    full = GAME.determinize(GAME.observation(state, 0), 0, random.Random(1))
    rng = random.Random(0)
    while not GAME.is_terminal(full):
        legal = GAME.legal_actions(full)
        GAME.apply_action(full, legal[rng.randrange(len(legal))])
    assert sum(GAME.results(full)) == 1.0


def test_metrics_name_per_seat_numbers(catalog):
    state, _ = run(catalog, 3, agent="warlord")
    metrics = GAME.metrics(GAME.record(state))
    assert {"bought", "monsters_defeated", "eliminated", "strikes", "trades"} <= set(metrics)
    assert all(len(v) == 4 for v in metrics.values())
    assert sum(metrics["eliminated"]) == 4 - len(GAME.record(state)["winner"])


def test_four_player_game_is_fast(catalog):
    run(catalog, 0)
    start = time.perf_counter()
    for seed in range(20):
        run(catalog, seed)
    per_game = (time.perf_counter() - start) / 20
    assert per_game < 0.1, f"{per_game * 1000:.0f} ms a 4-player random game"


def test_warlord_beats_random_through_the_game_loop(catalog):
    from toolkit.loop import play_game
    wins = 0
    for seed in range(20):
        lineup = ["warlord", "random"] if seed % 2 else ["random", "warlord"]
        record = play_game(GAME, catalog, seed, lineup, keep_actions=False)
        wins += record["winner"] == [lineup.index("warlord")]
        assert record["end_reason"] in ("last_player_standing", "round_limit")
    assert wins >= 17


def test_a_determinized_trade_can_still_be_answered(catalog):
    state = GAME.scenario(catalog, {"players": 2, "round": 4, "hands": {0: ["archer", "farmer"]},
                                    "fields": {0: {"front": ["farmer"]}, 1: {"front": ["farmer"]}}},
                          0)
    for action in (("offer", 1), ("give_card", state.players[0].hand[0]), ("propose",)):
        GAME.apply_action(state, action)
    obs = GAME.observation(state, 1)
    assert obs.players[0].hand == [state.players[0].hand[0], HIDDEN]   # the offer is shown
    for seed in range(5):
        full = GAME.determinize(obs, 1, random.Random(seed))
        GAME.apply_action(full, ("accept",))
        assert "archer" in [full.cards[u] for u in full.players[1].hand]
        for name, inv in GAME.invariants().items():
            assert inv(full) is None, name


def test_cards_bought_in_the_open_stay_known(catalog):
    state = GAME.new_game(catalog, 6, ["a", "b"])
    GAME.apply_action(state, ("start", 2, 1, 2))
    GAME.apply_action(state, ("start", 2, 1, 2))
    p = state.players[0]
    p.economy = 20
    GAME.apply_action(state, ("basic", "militia"))
    bought = p.hand[-1]
    place = next(a for a in GAME.legal_actions(state) if a[0] == "place" and a[1] in p.secret)
    GAME.apply_action(state, place)
    obs = GAME.observation(state, 1)
    assert bought in obs.players[0].hand and place[1] not in obs.players[0].hand
    assert obs.players[0].hand.count(HIDDEN) == 4 and not obs.players[0].secret
    full = GAME.determinize(obs, 1, random.Random(0))
    assert bought in full.players[0].hand and len(full.players[0].hand) == 5
    assert all(full.spec(u).kind == "basic" for u in full.players[0].hand)
