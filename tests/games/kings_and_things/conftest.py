"""Fixtures of the Kings & Things tests (see ../helpers.py): catalog, game,
make(**setup); act applies what a ruling step with the same arguments would."""

from __future__ import annotations

from functools import partial

from toolkit.games.kings_and_things import GAME

from ..helpers import act_step, example, fixtures

PROJECT = example("kings-and-things")
catalog, game, make = fixtures(GAME, PROJECT)
act = partial(act_step, GAME)
