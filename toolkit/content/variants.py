"""Variants: named overlays of a game's settings and cards, declared in game.yaml.

    variants:
      seed:
        title: {en: "Seed 000's numbers"}
        settings: {glory_to_win: 10, stash: {gold_per_point: 10, max_points: 5}}
        cards: {silk: {price: 4}}        # card id -> fields replaced

`--variant NAME` (every project command) selects one for the run: the loader merges its
`settings` over game.yaml (mappings merged key by key, any other value replaced) and its
`cards` over the cards with those ids, before any schema check, so a variant's values are
checked as if written in place (a problem points at the variant's own line). The chosen
name is kept as the game's `variant` (None: the default game), so reports and the content
hash tell the variants apart. The choice travels to worker processes in the environment
(`TOOLKIT_VARIANT`), which every start method (fork, forkserver, spawn) passes on.
"""

from __future__ import annotations

import os
from contextlib import contextmanager

from toolkit.errors import UsageError

ENV = "TOOLKIT_VARIANT"
SECTION = "variants"
PARTS = ("title", "settings", "cards")


def selected() -> str | None:
    """The variant chosen for this run (None: the default game)."""
    return os.environ.get(ENV) or None


@contextmanager
def use(name: str | None):
    """Load projects as variant `name` inside the block (None: the default game)."""
    before = os.environ.get(ENV)
    if name:
        os.environ[ENV] = name
    else:
        os.environ.pop(ENV, None)
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(ENV, None)
        else:
            os.environ[ENV] = before


def merged(base, overlay):
    """`overlay` over `base`: mappings merged key by key, any other value replaced."""
    if isinstance(base, dict) and isinstance(overlay, dict):
        out = dict(base)
        for key, value in overlay.items():
            out[key] = merged(base.get(key), value) if key in base else value
        return out
    return overlay


def declared(data) -> dict:
    """The `variants:` mapping of a game.yaml's data ({} when it has none or it is not a
    mapping: the schema reports that)."""
    found = data.get(SECTION) if isinstance(data, dict) else None
    return found if isinstance(found, dict) else {}


def choose(data, name: str, game_file: str) -> dict:
    """The variant `name` of game.yaml's `data`, or a one-line UsageError naming the ones
    there are."""
    found = declared(data)
    if name not in found:
        names = ", ".join(sorted(map(str, found)))
        there = f"its variants are: {names}" if names else "it declares no variants"
        raise UsageError(f"--variant {name}: {game_file} has no variant '{name}' ({there})",
                         hint="declare one under 'variants:' in game.yaml, or drop --variant")
    chosen = found[name]
    return chosen if isinstance(chosen, dict) else {}


def overlay_game(doc, name: str) -> None:
    """Merge variant `name`'s settings over game.yaml's document `doc` in place (data and
    line marks: a merged value points at its line in the variant) and record the name."""
    chosen = choose(doc.data, name, doc.file)
    settings = chosen.get("settings") or {}
    prefix = (SECTION, name, "settings")
    if isinstance(settings, dict):
        doc.data = merged(doc.data, {k: v for k, v in settings.items() if k != SECTION})
        for path, mark in list(doc.marks.items()):
            if path[:3] == prefix and len(path) > 3:
                doc.marks[path[3:]] = mark
    doc.data = {**doc.data, "variant": name}
    doc.marks.setdefault(("variant",), doc.marks.get((SECTION, name), (1, 1)))


def card_overlays(doc, name: str) -> dict:
    """card id -> (fields to replace, the variant's (line, column) for that card)."""
    chosen = choose(doc.data, name, doc.file)
    cards = chosen.get("cards") or {}
    if not isinstance(cards, dict):
        return {}
    return {cid: (fields, doc.where((SECTION, name, "cards", cid)))
            for cid, fields in cards.items() if isinstance(fields, dict)}
