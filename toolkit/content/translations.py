"""Missing Chinese, for every game and every kind: a text `{en, zh}` without `zh` is a
warning, one per entry naming all its untranslated texts, and one for game.yaml (the game's
own texts and the `label`/`labels` of its declared kinds). A zh build prints English there."""

from __future__ import annotations

from pydantic import BaseModel

from toolkit.content.problems import dotted
from toolkit.content.schema import Text


def check(loaded) -> None:
    """Add the missing-translation warnings of `loaded` to its report."""
    for entry in loaded.entries:
        missing = list(missing_zh(entry, ()))
        if missing:
            loaded.problem(entry, "warning", message(missing), *missing[0])
    if loaded.game is not None:
        missing = list(missing_zh(loaded.game, ()))
        if missing:
            loaded.problem(None, "warning", message(missing), *missing[0],
                           file=loaded.game_file)


def message(paths) -> str:
    return "missing zh translation of " + ", ".join(dotted(p) for p in paths)


def missing_zh(value, path: tuple):
    """Paths of every Text without zh inside a model."""
    if isinstance(value, Text):
        if not (value.zh or "").strip():
            yield path
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from missing_zh(getattr(value, name), path + (name,))
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            yield from missing_zh(item, path + (i,))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from missing_zh(item, path + (key,))
