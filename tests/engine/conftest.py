"""Shared fixtures of the engine tests: the mini project, the bundled game, helpers."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.content.validate import load_catalog
from toolkit.games.caravans.engine import Action, ActionKind, apply_action, legal_actions, new_game

HERE = Path(__file__).parent
REPO = HERE.parents[1]


@pytest.fixture(scope="session")
def mini():
    return load_catalog(HERE / "fixtures" / "mini")


@pytest.fixture(scope="session")
def bundled():
    return load_catalog(REPO)


def started(catalog, seed=1, players=4, party="small_war_band"):
    """A game past setup: every seat chose `party`; round 1 under way."""
    state = new_game(catalog, seed, players)
    while state.phase == "setup":
        apply_action(state, Action(ActionKind.CHOOSE_PARTY, (party,)))
    return state


def quiet(state):
    """Take NPCs off the board and clear pending decisions of the round start."""
    from toolkit.games.caravans.engine.npc import leave
    for npc in list(state.npcs):
        leave(state, npc)
    state.combat = None
    state.pending = [d for d in state.pending if d["kind"] == "choose_party"]
    return state


def kinds(state):
    return {a.kind for a in legal_actions(state)}


def act(state, kind, *args):
    action = Action(ActionKind(kind) if isinstance(kind, str) else kind, tuple(args))
    return apply_action(state, action, validate=True)


def with_effects(state, **extra):
    """Give sources (hero, equipment... ids) extra operations, on a private copy of the
    Rules: `with_effects(state, ada=[("melee_boost", {"dice": 1})])`."""
    from dataclasses import replace

    from toolkit.games.caravans.content.ops import OPS
    effects = dict(state.rules.effects)
    for source, ops in extra.items():
        effects[source] = effects.get(source, ()) + tuple(
            (op, OPS[op].params(**params)) for op, params in ops)
    state.rules = replace(state.rules, effects=effects, compiled=None)
    return state
