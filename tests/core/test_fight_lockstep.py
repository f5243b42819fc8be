"""The fight side of the compiled core (core/fight_*.pyx, ops_*.pyx) in lockstep with the
Python engine, on its own (core/fight_probe.pyx, without the turn side's dispatch): at
every position of real games whose decision is a fight kind, the same legal actions in
the same order; every fight action applied in C gives the state the engine's handler
gives (state_hash, random streams included); drawn events and NPC attacks likewise."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

probe = pytest.importorskip("toolkit.games.caravans.core.fight_probe")

from toolkit.content.validate import load_catalog  # noqa: E402
from toolkit.games.caravans import engine  # noqa: E402
from toolkit.games.caravans.core import convert  # noqa: E402
from toolkit.games.caravans.core.ops import refusal  # noqa: E402
from toolkit.games.caravans.engine.apply import HANDLERS, current_player  # noqa: E402
from toolkit.games.caravans.engine.combat import npc_attacks  # noqa: E402
from toolkit.games.caravans.engine.flow import resolve_event  # noqa: E402
from toolkit.games.caravans.engine.legal import legal_actions  # noqa: E402
from toolkit.games.caravans.engine.record import state_hash  # noqa: E402
from toolkit.games.caravans.engine.rules import rules_for  # noqa: E402
from toolkit.games.caravans.engine.state import clone  # noqa: E402
from toolkit.games.caravans.game import GAME  # noqa: E402
from toolkit.loop import play  # noqa: E402

from .lockstep import _position, first_difference, lineups  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(ROOT / "cards")


def fight_lockstep(catalog, seed, agents, legal_ok: Counter, applied: Counter,
                   state=None) -> None:
    """One game (from `state` if given); fails on the first divergence of the fight side
    (seed, index, action)."""
    def before(state, action, index):
        core = convert.from_state(state)
        mine = probe.legal(core)
        if mine is not None:
            theirs = legal_actions(state)
            assert mine == theirs, (f"legal actions differ: seed {seed}, action {index}, "
                                    f"{agents}: python {theirs} / core {mine}")
            legal_ok[state.pending[-1]["kind"]] += 1
        if probe.apply(core, action):
            py = clone(state)
            HANDLERS[action.kind](py, current_player(py), *action.args)  # apply's tail is the turn side's
            back = convert.to_state(core)
            assert state_hash(back) == state_hash(py), (
                f"state differs after {action!r}: seed {seed}, action {index}, {agents}: "
                f"{first_difference(_position(py), _position(back))}")
            applied[action.kind.value] += 1
        return False

    play(GAME, catalog, seed, list(agents), before=before, state=state)


def test_fight_kinds_exact_in_real_games(catalog):
    legal_ok, applied = Counter(), Counter()
    for agents in lineups(catalog, 3)[:2]:
        for seed in range(2):
            fight_lockstep(catalog, seed, agents, legal_ok, applied)
    assert {"combat_choice", "found", "explorer"} <= set(legal_ok), legal_ok
    assert {"explore", "combat_choice", "attack", "let_go", "delve", "raid"} <= set(applied), applied


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_fight_kinds_exact_many_games(catalog, players):
    legal_ok, applied = Counter(), Counter()
    for agents in lineups(catalog, players):
        for seed in range(12):
            fight_lockstep(catalog, seed, agents, legal_ok, applied)
    assert {"combat_choice", "capture", "place_equipment", "raid", "reroll"} <= set(legal_ok)
    assert len(applied) >= 15, applied


def events_and_attacks(catalog, seeds, players=4, every=3) -> Counter:
    """Every `every`-th position in play: a random event resolved, a random seat's NPC
    attacks, in both engines from the same state; the states must stay hash-equal."""
    events = list(catalog.events)
    done = Counter()
    for seed in seeds:
        state = engine.new_game(catalog, seed, list(range(players)))
        rng = random.Random(seed)
        index = 0
        while not engine.is_terminal(state):
            if state.phase == "play" and index % every == 0:
                e, seat = rng.randrange(len(events)), rng.randrange(players)
                for trial in ("event", "attack"):
                    py, core = clone(state), convert.from_state(state)
                    if trial == "event":
                        resolve_event(py, events[e])
                        probe.resolve_event(core, e)
                    else:
                        npc_attacks(py, seat)
                        probe.npc_attacks(core, seat)
                    back = convert.to_state(core)
                    assert state_hash(back) == state_hash(py), (
                        f"{trial} differs: seed {seed}, position {index}: "
                        f"{first_difference(_position(py), _position(back))}")
                    done[trial] += state_hash(py) != state_hash(state)  # it did something
            engine.apply_action(state, rng.choice(engine.legal_actions(state)))
            index += 1
    return done


def test_events_and_npc_attacks_exact(catalog):
    done = events_and_attacks(catalog, range(2), every=5)
    assert done["event"] > 20 and done["attack"] > 0, done


@pytest.mark.slow
def test_events_and_npc_attacks_exact_many(catalog):
    done = events_and_attacks(catalog, range(12), every=2)
    assert done["event"] > 500 and done["attack"] > 20, done


def test_unknown_op_is_refused_in_one_line(catalog):
    import dataclasses
    rules = rules_for(catalog)
    assert refusal(rules) is None
    hero = next(iter(rules.c.heroes))
    odd = dataclasses.replace(rules, effects={**rules.effects, hero: (("teleport", None),)})
    why = refusal(odd)
    assert why == "effect operation 'teleport' is not in the compiled core"


def test_content_beyond_the_fight_structs_is_refused(catalog):
    import dataclasses
    rules = rules_for(catalog)
    game = rules.game
    big = game.model_copy(update={"dice": game.dice.model_copy(update={"count": 20})})
    why = refusal(dataclasses.replace(rules, game=big))
    assert why == "20 dice in a roll; the compiled core holds at most 16"
