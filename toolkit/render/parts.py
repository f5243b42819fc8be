"""What a game adds to `build` through `Game.render_parts(catalog)`: a list of

    Templates(folder)   a folder of the game's own templates (looked up after the
                        project's templates/ and before the toolkit's)
    KindStyle(...)      how the cards of one kind are shown (view model, template, variants)
    Part(...)           faces printed besides the cards: a board and player boards
                        (large: tiled on one-sided sheets) or markers (tokens with backs)

The generic renderer imports no game: it asks `toolkit.games.game_for(catalog)` (None for a
project without rules, which then prints every kind with the generic template, but a kind
whose entries carry `shape` and `size` as counters: `declared_counters`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable


@dataclass(frozen=True)
class Templates:
    folder: Path


@dataclass(frozen=True)
class KindStyle:
    """`view(ctx, card, variant) -> dict` for the kind's template (default
    `cards/<kind>.html.j2`); `variants(card) -> [(variant, copies)]` when one entry prints
    several different faces; `back_icon` the icon in the middle of the kind's back."""

    kind: str
    view: Callable[..., dict]
    template: str | None = None
    variants: Callable[[Any], list] | None = None
    back_icon: str | None = None


@dataclass(frozen=True)
class Part:
    """`faces(ctx, html) -> list[Face]`; `name` is what `--only` selects; a large part
    (board, player boards) is tiled at true size on one-sided sheets."""

    name: str
    faces: Callable[..., list]
    large: bool = False


@dataclass(frozen=True)
class GameParts:
    """A game's render parts sorted by type."""

    templates: tuple[Path, ...] = ()
    styles: dict | None = None
    parts: tuple[Part, ...] = ()
    note: str | None = None      # why the game's parts are left out (rules not trusted)

    @property
    def names(self) -> set[str]:
        return {p.name for p in self.parts}

    @property
    def large(self) -> set[str]:
        return {p.name for p in self.parts if p.large}


def game_parts(catalog, trust: bool = False, untrusted_ok: bool = False) -> GameParts:
    """The render parts of the project's game (none when it names no rules). With
    `untrusted_ok`, a project's own rules that are not trusted give no parts and a note
    instead of the error (`build` prints the cards, and says what it left out)."""
    from toolkit.games import game_for
    from toolkit.trust import Untrusted

    try:
        game = game_for(catalog, trust=trust)
    except Untrusted as exc:
        if not untrusted_ok:
            raise
        return GameParts(note="the cards are built without the parts the project's rules "
                              f"print (boards, tokens): {exc.message}")
    items = game.render_parts(catalog) if game is not None else declared_counters(catalog)
    return GameParts(tuple(Path(i.folder) for i in items if isinstance(i, Templates)),
                     {i.kind: i for i in items if isinstance(i, KindStyle)},
                     tuple(i for i in items if isinstance(i, Part)))


def declared_counters(catalog) -> list:
    """The parts of a project without rules: each kind declaring `shape` and `size`
    fields prints as counters of that shape (toolkit/render/counters.py), not as cards."""
    from toolkit.render.counters import TEMPLATES, counter_kinds, counter_part

    kinds = counter_kinds(catalog)
    if not kinds:
        return []
    return [Templates(TEMPLATES)] + [
        KindStyle(k, lambda ctx, card, variant: {}, variants=lambda card: []) for k in kinds
    ] + [counter_part(k) for k in kinds]
