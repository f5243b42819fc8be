"""Fixtures of the 南荒2 tests (see ../helpers.py): catalog, game, make(**setup); find is
the action a ruling step with the same arguments would take (None: not legal)."""

from __future__ import annotations

from functools import partial

from toolkit.games.nanhuang2 import GAME

from ..helpers import example, find_step, fixtures

PROJECT = example("nanhuang2")
catalog, game, make = fixtures(GAME, PROJECT)
find = partial(find_step, GAME)


def names(state, uids):
    return sorted(state.cards[u] for u in uids)
