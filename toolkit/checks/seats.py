"""Seat numbers in rulings: a person writes them from 1 (seat 1 plays first, as in every
other text of the toolkit), a game counts them from 0. The loader turns the one into the
other here, at the edge, so no game's hooks change; messages turn them back.

Which keys hold seats: the runner's own (`by`, `current`, `winners`, `seat`) in every game,
and whatever a game adds in `Game.ruling_seats`, a mapping of a key name to
    "value"   the key's value is a seat, or a list of seats (nested lists too)
    "keys"    the key's value, when a mapping, is keyed by seat ({1: [cards of seat 1]})
    "values"  the key's value, when a mapping, holds seats or lists of seats as values
    "value if KEY=WORD"  a seat only beside KEY: WORD (`id` of {target: player, id: 2})
Positional lists (`seats: [...]`, `gold: [10, 10]`) need nothing: their first item is seat 1.

A seat 0 cannot be meant from 1, so it is refused with its file:line: an old file counting
from 0 must be renumbered (add 1 to every seat) before it runs again."""

from __future__ import annotations

from typing import Any, Mapping

GENERIC = {"by": "value", "current": "value", "winners": "value", "seat": "value"}

ZERO = ("seat {value}: rulings count seats from 1 (seat 1 plays first, as in replay and "
        "reports); renumber this file's seats from 1")


def seat_keys(game) -> dict[str, str]:
    """The generic seat keys and the game's own."""
    return {**GENERIC, **dict(getattr(game, "ruling_seats", None) or {})}


def _is_seat(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shift_value(value, step: int, path: tuple, bad: list) -> Any:
    if isinstance(value, list):
        return [_shift_value(v, step, path + (i,), bad) for i, v in enumerate(value)]
    if _is_seat(value):
        if step < 0 and value < 1:
            bad.append((path, value))
            return value
        return value + step
    return value


def _walk(data, keys: Mapping[str, str], step: int, path: tuple, bad: list):
    if isinstance(data, list):
        return [_walk(v, keys, step, path + (i,), bad) for i, v in enumerate(data)]
    if not isinstance(data, dict):
        return data
    out = {}
    for key, value in data.items():
        where = path + (key,)
        how = keys.get(key) if isinstance(key, str) else None
        if how and how.startswith("value if "):
            beside, _, word = how[len("value if "):].partition("=")
            how = "value" if data.get(beside) == word else None
        if how == "value" and (_is_seat(value) or isinstance(value, list)):
            out[key] = _shift_value(value, step, where, bad)
        elif how == "keys" and isinstance(value, dict):
            out[key] = {_shift_value(k, step, where + (k,), bad):
                        _walk(v, keys, step, where + (k,), bad) for k, v in value.items()}
        elif how == "values" and isinstance(value, dict):
            out[key] = {k: _shift_value(v, step, where + (k,), bad) for k, v in value.items()}
        else:
            out[key] = _walk(value, keys, step, where, bad)
    return out


def to_game(ruling: Mapping, keys: Mapping[str, str]) -> tuple[dict, list[tuple]]:
    """The ruling with seats counted from 0, and (path, value) of any seat below 1."""
    bad: list[tuple] = []
    out = _walk(dict(ruling), keys, -1, (), bad)
    return out, bad


def to_person(item: Any, keys: Mapping[str, str]) -> Any:
    """A step or expectation as the person wrote it (seats from 1), for messages."""
    return _walk(item, keys, 1, (), [])


def seat_text(seat: "int | None") -> str:
    """A game's seat as a person reads it."""
    return "none" if seat is None else str(seat + 1)

