"""Fixtures of the Root tests (see ../helpers.py): catalog, game, make(**setup); act and
legal match actions by their JSON fields."""

from __future__ import annotations

from functools import partial

from toolkit.games.root import GAME

from ..helpers import act_json, example, fixtures, legal_json

PROJECT = example("root")
catalog, game, make = fixtures(GAME, PROJECT)
act = partial(act_json, GAME)
legal = partial(legal_json, GAME)
