"""Each invariant catches a deliberately broken engine (monkeypatched here, in tests only)
and reports the seed, the action index, the last actions and the replay command."""

import itertools

import pytest

import toolkit.games.caravans.engine as engine
from toolkit.checks.fuzz import play_checked
from toolkit.games.caravans import GAME
from toolkit.games.caravans.invariants.registry import INVARIANTS, of_scope

SEED = 7
AGENTS = ["random", "random"]
AT = 25          # the broken engine misbehaves from this many actions on


def _breaking(monkeypatch, corrupt, at=AT, when=lambda s: True):
    """apply_action that corrupts the state once, at the first action >= `at` where
    `when(state)` holds."""
    real = engine.apply_action
    calls = itertools.count(1)
    done = []

    def broken(state, action):
        state = real(state, action)
        if next(calls) >= at and not done and not engine.is_terminal(state) and when(state):
            corrupt(state)
            done.append(True)
        return state
    monkeypatch.setattr(GAME, "apply_action", broken)
    return done


def _first(catalog, only):
    game = play_checked(GAME, catalog, "PROJECT", SEED, AGENTS, only={only})
    assert game.violations, f"'{only}' did not catch the broken engine"
    return game.violations[0]


def _idle_outside(state):
    """A player waiting for its turn, outside a tavern."""
    return next((p for p in state.players if p.party is not None and not p.in_tavern
                 and p.seat != state.turn_seat), None)


def _overload(state):
    p = _idle_outside(state)
    while len(p.goods) <= p.party.cur["cargo"]:
        p.goods.append(state.goods_deck.pop())


CASES = {
    "gold_accounted": (lambda s: setattr(s.players[0], "gold", s.players[0].gold + 7),
                       "gold rose"),
    "never_negative": (lambda s: setattr(s.players[1], "gold", -1), "seat 2 has gold -1"),
    "components_conserved": (lambda s: s.goods_deck.pop(), "goods cards: 1 missing"),
    "stats_capped": (lambda s: s.players[0].party.top.update(attack=6), "attack maximum is 6"),
    "glory_only_rises": (lambda s: setattr(s.players[0], "glory", s.players[0].glory - 1),
                         "glory fell"),
    "bounty_races_exist": (lambda s: s.players[1].bounty.update(goblins=1),
                           "unknown race 'goblins'"),
    # the seat not to act: the corrupted state must still yield its legal actions
    "one_party_per_hero": (lambda s: setattr(s.players[1 - engine.current_player(s)], "party",
                                             None), "party None"),
    "ends_within_event_deck": (lambda s: setattr(s, "round", 99), "round 99"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_invariant_catches_broken_engine(catalog, monkeypatch, name):
    corrupt, words = CASES[name]
    _breaking(monkeypatch, corrupt)
    v = _first(catalog, name)
    assert v.invariant == name
    assert words in v.message
    assert v.index >= AT and v.seed == SEED
    assert v.command == (f"toolkit replay PROJECT --seed {SEED} --players 2 "
                         f"--agents random,random --until {v.index}")
    assert len(v.recent) == 6 and v.recent[-1].startswith(f"#{v.index} seat ")


def test_glory_without_a_source_is_caught(catalog, monkeypatch):
    _breaking(monkeypatch, lambda s: setattr(s.players[0], "glory", s.players[0].glory + 1))
    assert "with 0 logged gain" in _first(catalog, "glory_only_rises").message


def test_cargo_overload_is_caught(catalog, monkeypatch):
    _breaking(monkeypatch, _overload, when=_idle_outside)
    v = _first(catalog, "cargo_respected")
    assert "goods outside a tavern" in v.message and "outside its own turn" in v.message


def test_no_legal_action_is_caught(catalog, monkeypatch):
    real = engine.legal_actions
    calls = itertools.count(1)
    monkeypatch.setattr(GAME, "legal_actions",
                        lambda s: [] if next(calls) > AT else real(s))
    v = _first(catalog, "legal_action_exists")
    assert "has no legal action" in v.message


def test_clone_that_differs_is_caught(catalog, monkeypatch):
    real = engine.clone

    def sloppy(state):
        copy = real(state)
        copy.players[0].gold += 1
        return copy
    monkeypatch.setattr(engine, "clone", sloppy)
    v = _first(catalog, "clone_equal")
    assert "differs from the state in 'players'" in v.message


def test_unreplayable_game_is_caught(catalog, monkeypatch):
    # corrupts only the first time the AT-th action is applied: the replay differs
    _breaking(monkeypatch, lambda s: s.goods_deck.reverse())
    v = _first(catalog, "replay_reproduces")
    assert v.message.startswith("replaying the log from the seed")


def test_wrong_record_is_caught(catalog, monkeypatch):
    real = engine.game_record
    monkeypatch.setattr(engine, "game_record", lambda s: {**real(s), "rounds": 99})
    v = _first(catalog, "record_consistent")
    assert v.message.startswith("the record says 99 rounds with an event deck of")


def test_the_real_engine_passes_every_invariant(catalog):
    game = play_checked(GAME, catalog, "PROJECT", SEED, AGENTS)
    assert engine.is_terminal(game.final)
    assert not game.violations, game.violations[0].text()


def test_every_invariant_is_documented():
    of_scope("action")
    assert len(INVARIANTS) >= 10
    assert set(GAME.invariants()) == set(INVARIANTS)
    for inv in INVARIANTS.values():
        assert inv.doc and inv.scope in ("action", "game")


def test_fuzzing_is_deterministic_for_a_seed(catalog):
    from toolkit.checks.fuzz import fuzz
    a = fuzz(GAME, catalog, "P", 2, master_seed=11, only=set())
    b = fuzz(GAME, catalog, "P", 2, master_seed=11, only=set())
    assert a.actions == b.actions > 0


def test_differs_compares_random_streams_shared_or_not(catalog):
    from toolkit.games.caravans.engine.components import differs
    state = engine.new_game(catalog, SEED, AGENTS)
    twin = engine.clone(state)   # shares the streams until one side draws
    assert differs(state, twin) is None
    twin.rng["dice"].random()
    assert differs(state, twin) == "rng"
    state.rng["dice"].random()   # both drew once: equal again, as separate streams
    assert differs(state, twin) is None


def test_a_game_longer_than_its_budget_stops_naming_the_setting(catalog, monkeypatch):
    monkeypatch.setattr(GAME, "max_actions", 40)
    v = _first(catalog, "game_ends")
    assert "did not end within 40 actions" in v.message and "glory_to_win" in v.message
