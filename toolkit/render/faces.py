"""The faces to render: every distinct card front (an entry may print several variants),
one back per kind, and the faces of a game's own parts - each with its size, copies and
HTML. A kind without a card size in game.yaml prints at DEFAULT_CARD."""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.render.fields import generic_view
from toolkit.render.icons import mix, pattern_back
from toolkit.render.options import BLEED, TOKEN_MAX
from toolkit.render.views import Ctx

DEFAULT_CARD = (63.0, 88.0)  # mm: poker size, for a kind game.yaml gives no card size


@dataclass
class Face:
    """One printable face and where it goes."""

    key: str                 # unique in the build, e.g. good/silk/3 or hero/back
    kind: str
    id: str
    side: str                # front | back
    group: str               # sheets are made per group (a kind, or tokens of one size)
    width: float             # trim size in mm
    height: float
    bleed: float
    copies: int
    html: str
    fit: bool                # shrink the .fit box's text until it fits
    label: str               # display name (TTS nickname)
    back: str | None = None  # key of this front's back face
    source: tuple | None = None
    assets: tuple = ()
    large: bool = False      # a board or player board: tiled at true size, one-sided
    content: tuple = ()      # (x, y, w, h) mm boxes holding all its content (none: all of it)

    @property
    def slug(self) -> str:
        return self.key.split("/", 1)[1].replace("/", "-")

    @property
    def size(self) -> tuple[float, float, float]:
        return (self.width, self.height, self.bleed)


def is_token(width: float, height: float) -> bool:
    return max(width, height) <= TOKEN_MAX


def group_of(kind: str, width: float, height: float) -> str:
    return f"tokens {width:g}x{height:g}" if is_token(width, height) else kind


def card_size(catalog, kind: str, default=DEFAULT_CARD) -> tuple[float, float]:
    size = catalog.game.card_sizes.get(kind)
    return (size.width, size.height) if size else default


def card_kinds(catalog, only=frozenset(), styles=None) -> list[str]:
    """Kinds printed as cards, in game.yaml order: those with a card size, the kinds the
    project declares and those the game styles, each only when it has entries and its
    declaration does not say `print: false` (data for the rules, not cards)."""
    order = list(catalog.game.card_sizes) + list(catalog.game.kinds) + list(styles or {})
    unprinted = {k for k, decl in catalog.game.kinds.items() if not decl.print}
    seen: list[str] = []
    for kind in order:
        if kind not in seen and kind not in unprinted and catalog.of(kind) \
                and (not only or kind in only):
            seen.append(kind)
    return seen


def card_faces(ctx: Ctx, html, styles: dict, only=frozenset()) -> list[Face]:
    """The fronts of every printed kind (the game's view, else the generic one), each
    kind followed by its back."""
    faces: list[Face] = []
    for kind in card_kinds(ctx.catalog, only, styles):
        style = styles.get(kind)
        w, h = card_size(ctx.catalog, kind)
        group = group_of(kind, w, h)
        back = back_face(ctx, html, kind, w, h, style.back_icon if style else None)
        template = (style.template if style else None) or f"cards/{kind}.html.j2"
        if not html.has(template):
            template = "cards/generic.html.j2"
        fronts = []
        for card in ctx.catalog.of(kind).values():
            pairs = style.variants(card) if style and style.variants \
                else [(None, int(getattr(card, "copies", 1)))]
            for variant, copies in pairs:
                if copies <= 0:
                    continue
                before = len(ctx.art_notes)
                view = style.view(ctx, card, variant) if style else generic_view(ctx, kind, card)
                file, line, _ = ctx.catalog.source(card.id)
                key = f"{kind}/{card.id}" + ("" if variant is None else f"/{variant}")
                assets = tuple(str(p) for _, p in ctx.art_notes[before:] if p.is_file())
                fronts.append(Face(key, kind, card.id, "front", group, w, h, BLEED, copies,
                                   html.face(template, view, w, h, BLEED,
                                             f"{kind} '{card.id}' ({file}:{line})"), True,
                                   view["name"], back.key, ctx.catalog.source(card.id), assets))
        if fronts:
            faces.extend(fronts + [back])
    return faces


def back_face(ctx: Ctx, html, kind: str, w: float, h: float, icon: str | None = None) -> Face:
    """The back shared by every card of `kind`: the kind's name, the game's title and an
    emblem (the kind's icon unless `icon` names another)."""
    view = back_view(ctx, kind, icon)
    return Face(f"{kind}/back", kind, "back", "back", group_of(kind, w, h), w, h, BLEED, 0,
                html.face("cards/back.html.j2", view, w, h, BLEED, f"the back of {kind}"),
                False, f"{view['name']} (back)")


def name_color(name: str) -> str:
    """A dark colour of its own for a name (a deck's back when the theme gives none)."""
    import colorsys
    import hashlib

    hue = int(hashlib.sha256(name.encode()).hexdigest()[:4], 16) / 0xFFFF
    r, g, b = colorsys.hls_to_rgb(hue, 0.25, 0.45)
    return "#" + "".join(f"{round(v * 255):02x}" for v in (r, g, b))


def back_view(ctx: Ctx, kind: str, icon: str | None = None) -> dict:
    """Each deck's back in its own colour: the kind's colour darkened (so decks differ
    at a glance); with --ink-saver white, with the emblem and name in that colour."""
    deck = ctx.theme["colors"].get(f"back_{kind}") or name_color(kind)
    return {"kind": kind, "id": f"{kind}_back", "name": ctx.kind_label(kind),
            "title": ctx.t(ctx.catalog.game.title),
            "color": "#ffffff" if ctx.ink_saver else deck,
            "accent": deck if ctx.ink_saver else mix(ctx.color(kind), "#f1dfb8", 0.55),
            "ink": deck if ctx.ink_saver else "#f1dfb8", "ink_saver": ctx.ink_saver,
            "kind_icon": ctx.icons.url(icon or kind, kind),
            "rules": [], "flavor": None, "race_icon": None, "art": None,
            "kind_label": ctx.kind_label(kind), "t": ctx.words,
            "pattern": None if ctx.ink_saver else pattern_back(deck)}
