"""The engine API: setup, determinism, replay, serialisation, observation, determinize."""

from __future__ import annotations

import json
import random
import subprocess
import sys

from toolkit.games.caravans.engine import (Action, ActionKind, apply_action, clone, current_player,
                            determinize, game_record, is_terminal, legal_actions, new_game,
                            observation, results, state_hash, to_json)
from toolkit.games.caravans.engine.replay import replay
from toolkit.games.caravans.log import log_lines
from toolkit.games.caravans.engine.rules import rules_for
from toolkit.games.caravans.engine.state import from_dict

from .conftest import REPO, started
from .test_conformance import play_random


def test_setup_deals_secret_heroes_and_asks_parties_in_turn_order(mini):
    state = new_game(mini, 3, 3)
    assert state.phase == "setup"
    assert len({p.hero for p in state.players}) == 3
    assert current_player(state) == state.order[0]
    assert {a.args[0] for a in legal_actions(state)} == set(mini.game.starting.parties)
    view = observation(state, state.order[0])
    assert all(p.hero == "?" for p in view.players if p.seat != state.order[0])


def test_setup_finishes_with_parties_at_home_glory_cards_and_gold(mini):
    state = started(mini, seed=5, players=3)
    game = mini.game
    assert state.phase == "play" and state.round == 1
    for p in state.players:
        assert p.party.kind == "small_war_band"
        assert p.region == mini.heroes[p.hero].home and p.in_tavern
        assert len(p.hand) + len(p.followers) == game.starting.glory_cards
        assert p.gold == game.starting.gold
    assert len(state.event_discard) == 1  # the first player drew round 1's event


def test_first_player_comes_from_the_setup_stream(mini):
    firsts = {new_game(mini, seed, 4).order[0] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_same_seed_same_game_and_replay(mini):
    a = play_random(mini, 11, check=False)
    b = play_random(mini, 11, check=False)
    assert state_hash(a) == state_hash(b)
    again = replay(mini, 11, 4, [x.to_json() for x in a.history])
    assert state_hash(again) == state_hash(a)
    assert any("rolls" in line for line in log_lines(a))


def test_state_hash_is_stable_across_processes(mini):
    state = play_random(mini, 4, check=False)
    code = ("from tests.engine.test_conformance import play_random;"
            "from toolkit.content.validate import load_catalog;"
            "from toolkit.games.caravans.engine import state_hash;"
            "c=load_catalog('tests/engine/fixtures/mini');"
            "print(state_hash(play_random(c, 4, check=False)))")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                         text=True, env={"PYTHONHASHSEED": "123", "PATH": ""}, check=True)
    assert out.stdout.strip() == state_hash(state)


def test_json_round_trip_and_clone_independence(mini):
    state = started(mini, seed=9)
    data = json.loads(to_json(state))
    back = from_dict(rules_for(mini), data)
    assert state_hash(back) == state_hash(state)
    copy = clone(state)
    rng = random.Random(1)
    for _ in range(30):
        if is_terminal(copy):
            break
        apply_action(copy, rng.choice(legal_actions(copy)))
    assert state_hash(back) == state_hash(state) != state_hash(copy)


def test_observation_hides_what_the_seat_cannot_see(mini):
    state = started(mini, seed=2)
    seat = state.order[0]
    other = state.order[1]
    state.players[other].stash = 20
    view = observation(state, seat)
    assert view.rng == {}
    assert all(c is None for c in view.players[other].hand)
    assert view.players[seat].hand == state.players[seat].hand
    assert view.players[other].stash == 0
    assert view.goods_deck == [None] * len(state.goods_deck)  # sizes only, no contents
    hidden = [t for t, e in state.tavern_eq.items() if e and t not in state.eq_revealed]
    assert all(view.tavern_eq[t] == "?" for t in hidden)


def test_observation_hides_the_other_sides_combat_choice(mini):
    from toolkit.games.caravans.engine.combat import start
    state = started(mini, seed=2)
    a, b = state.order[0], state.order[1]
    state.players[b].region = state.players[a].region
    state.players[a].in_tavern = state.players[b].in_tavern = False
    start(state, f"p{a}", f"p{b}")
    apply_action(state, legal_actions(state)[0])  # the attacker's choice
    assert current_player(state) == b
    view = observation(state, b)
    assert view.combat["choices"][0] == "hidden"
    assert state.combat["choices"][0] != "hidden"


def test_determinize_keeps_what_the_seat_sees(mini):
    state = started(mini, seed=8)
    seat = state.order[0]
    sample = determinize(state, seat, random.Random(3))
    me, mine = state.players[seat], sample.players[seat]
    assert mine.hand == me.hand and mine.goods == me.goods and mine.gold == me.gold
    for p, q in zip(state.players, sample.players):
        assert len(p.hand) == len(q.hand) and p.region == q.region
    assert sorted(sample.glory_deck + [c for p in sample.players for c in p.hand]) == \
        sorted(state.glory_deck + [c for p in state.players for c in p.hand])
    legal = legal_actions(sample)
    apply_action(sample, legal[0])  # the sample is a playable state


def test_results_and_record_of_a_finished_game(mini):
    state = play_random(mini, 21, check=False)
    res = results(state)
    assert abs(sum(res) - 1) < 1e-9
    record = game_record(state)
    assert record["end_reason"] == state.end_reason
    assert record["winner"] == [s for s, r in enumerate(res) if r > 0]
    assert len(record["gold_by_round"][0]) == state.round
    assert record["actions"] == len(state.history)
    json.dumps(record)


def test_actions_serialise(mini):
    action = Action(ActionKind.EXPLORE, ("npc", "bandits"))
    assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
    assert hash(action) == hash(Action(ActionKind.EXPLORE, ("npc", "bandits")))


def test_determinized_states_play_on(bundled):
    """Search plays out re-sampled states: they must stay legal to the end of the game."""
    from . import invariants
    state = new_game(bundled, 13, 4)
    rng = random.Random(2)
    while not is_terminal(state):
        if len(state.history) % 37 == 5:
            sample = determinize(state, current_player(state), random.Random(len(state.history)))
            invariants.check(sample)
            for _ in range(150):
                if is_terminal(sample):
                    break
                apply_action(sample, rng.choice(legal_actions(sample)))
                invariants.check(sample)
        apply_action(state, rng.choice(legal_actions(state)))


def test_player_count_outside_the_game_is_an_error(mini):
    import pytest
    from toolkit.errors import RulesError
    with pytest.raises(RulesError, match="players"):
        new_game(mini, 1, mini.game.players.max + 1)


def test_illegal_actions_are_refused_when_validated(mini):
    import pytest
    from toolkit.errors import RulesError
    state = started(mini, seed=1)
    with pytest.raises(RulesError, match="illegal action"):
        apply_action(state, Action(ActionKind.MOVE, ("nowhere",)), validate=True)


def test_round_limit_ends_the_game(mini):
    state = new_game(mini, 1, 2, max_rounds=2)
    rng = random.Random(0)
    while not is_terminal(state):
        apply_action(state, rng.choice(legal_actions(state)))
    assert state.round <= 2 and state.end_reason in ("round_limit", "heroes_exhausted", "glory")


def _mid_game(catalog, seed=6, actions=250):
    state = new_game(catalog, seed, 4)
    rng = random.Random(seed)
    for _ in range(actions):
        if is_terminal(state):
            break
        apply_action(state, rng.choice(legal_actions(state)))
    return state


def test_clone_copies_every_field_and_shares_nothing_mutable(mini):
    from toolkit.games.caravans.engine.state import Player, State
    state = _mid_game(mini)
    copy = clone(state)
    for name in State.__slots__:
        if name not in ("rng", "rules"):
            assert getattr(copy, name) == getattr(state, name), name
    for a, b in zip(state.players, copy.players):
        for name in Player.__slots__:
            value = getattr(a, name)
            assert getattr(b, name) == value, name
            if isinstance(value, (list, dict)) or name == "party" and value is not None:
                assert getattr(b, name) is not value, name
    assert state_hash(copy) == state_hash(state)


def test_observations_stay_right_as_the_game_grows(mini):
    from toolkit.games.caravans.engine import observe
    state = _mid_game(mini, actions=120)
    rng = random.Random(3)
    for _ in range(150):
        if is_terminal(state):
            break
        for seat in range(4):
            observation(state, seat)  # fills the masked-log cache
        apply_action(state, rng.choice(legal_actions(state)))
    cached = [observation(state, seat) for seat in range(4)]
    observe._MASKED.clear()
    for seat, view in enumerate(cached):
        fresh = observation(state, seat)
        assert view.log == fresh.log and view.history == fresh.history
        assert all(e[0] != "offer" or e[1] == seat for e in view.log)
        assert len(view.history) == len(state.history)


def test_state_hash_sees_every_part_of_the_position(mini):
    state = _mid_game(mini)
    base = state_hash(state)
    changes = [lambda s: setattr(s.players[0], "gold", s.players[0].gold + 1),
               lambda s: s.players[1].bounty.__setitem__("elf", 9),
               lambda s: s.rng["dice"].random(),
               lambda s: s.goods_deck.reverse(),
               lambda s: setattr(s, "round", s.round + 1)]
    for change in changes:
        copy = clone(state)
        change(copy)
        assert state_hash(copy) != base
    copy = clone(state)
    copy.log.append(("note",))  # the log and history are not the position
    assert state_hash(copy) == base


def test_cloned_streams_are_copied_on_write(mini):
    import copy
    import pickle
    state = _mid_game(mini, actions=60)
    a = clone(state)
    b = clone(a)
    expected = [copy.deepcopy(dict.get(state.rng, "dice")).random() for _ in range(1)]
    assert a.rng["dice"].random() == expected[0]       # a draws: b and state do not move
    assert state.rng["dice"].random() == expected[0]
    assert b.rng["dice"].random() == expected[0]
    assert a.rng["dice"] is not b.rng["dice"] is not state.rng["dice"]
    back = pickle.loads(pickle.dumps(b.rng))
    assert back["dice"].random() == b.rng["dice"].random()
    for seat_state in (a, b, state):  # each plays on independently and identically
        rng = random.Random(5)
        for _ in range(40):
            if is_terminal(seat_state):
                break
            apply_action(seat_state, rng.choice(legal_actions(seat_state)))
    assert state_hash(a) == state_hash(state)
