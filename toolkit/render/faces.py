"""The faces to render: every distinct card front (goods: one per raid entry), one back per
kind, and the markers (demand, bounty, NPC) - each with its size, copies and HTML."""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.content.game import MARKER_KINDS
from toolkit.render import kinds
from toolkit.render.options import BLEED, TOKEN_MAX
from toolkit.render.views import Ctx

MARKER_SIZE = (25.0, 25.0)  # mm, used when game.yaml has no card_sizes entry for a marker
MARKERS = MARKER_KINDS
PARTS = ("board", "player_board")  # large faces: tiled on sheets, not imposed as cards


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


def card_kinds(catalog, only) -> list[str]:
    """Kinds with a card size in game.yaml and cards in the project, in game.yaml order."""
    sizes = catalog.game.card_sizes
    return [k for k in sizes if catalog.of(k) and (not only or k in only)]


def variants(kind: str, card) -> list:
    """(variant, copies) pairs: a good has one card per raid entry (its `copies` is ignored,
    as in catalog.card_count and the engine), others one variant."""
    if kind == "good":
        counts: dict = {}
        for entry in card.raid:
            counts[entry] = counts.get(entry, 0) + 1
        return list(counts.items())
    return [(None, card.copies)]


def card_faces(ctx: Ctx, html, only=frozenset()) -> list[Face]:
    faces: list[Face] = []
    for kind in card_kinds(ctx.catalog, only):
        size = ctx.catalog.game.card_sizes[kind]
        w, h = size.width, size.height
        group = group_of(kind, w, h)
        back = _back(ctx, html, kind, w, h, group)
        fronts = []
        template = f"cards/{kind}.html.j2" if html.has(f"cards/{kind}.html.j2") \
            else "cards/generic.html.j2"
        for card in ctx.catalog.of(kind).values():
            for variant, copies in variants(kind, card):
                if copies <= 0:
                    continue
                before = len(ctx.art_notes)
                view = kinds.view_of(ctx, kind, card, variant)
                what = f"{kind} '{card.id}' ({_where(ctx, card.id)})"
                key = f"{kind}/{card.id}" + ("" if variant is None else f"/{variant}")
                assets = tuple(str(p) for _, p in ctx.art_notes[before:] if p.is_file())
                fronts.append(Face(key, kind, card.id, "front", group, w, h, BLEED, copies,
                                   html.face(template, view, w, h, BLEED, what), True,
                                   view["name"], back.key, ctx.catalog.source(card.id), assets))
        if fronts:
            faces.extend(fronts + [back])
    return faces


def marker_faces(ctx: Ctx, html, only=frozenset()) -> list[Face]:
    """Demand markers (per good), bounty markers (per race), NPC markers (per NPC)."""
    game = ctx.catalog.game
    sources = {
        "demand_marker": [(g, g.demand_markers) for g in ctx.catalog.goods.values()],
        "bounty_marker": [(r, game.bounty.markers_per_race) for r in ctx.catalog.races.values()],
        "npc_marker": [(n, 1) for n in ctx.catalog.npcs.values()],
    }
    faces: list[Face] = []
    for kind in MARKERS:
        if only and kind not in only:
            continue
        size = game.card_sizes.get(kind)
        w, h = (size.width, size.height) if size else MARKER_SIZE
        group = group_of(kind, w, h)
        back = _back(ctx, html, kind, w, h, group)
        fronts = [Face(f"{kind}/{src.id}", kind, src.id, "front", group, w, h, BLEED, n,
                       html.face("cards/marker.html.j2", kinds.marker(ctx, kind, src), w, h,
                                 BLEED, f"{kind} for '{src.id}'"),
                       False, ctx.t(src.name), back.key, ctx.catalog.source(src.id))
                  for src, n in sources[kind] if n > 0]
        if fronts:
            faces.extend(fronts + [back])
    return faces


def _back(ctx: Ctx, html, kind: str, w: float, h: float, group: str) -> Face:
    view = kinds.back(ctx, kind)
    return Face(f"{kind}/back", kind, "back", "back", group, w, h, BLEED, 0,
                html.face("cards/back.html.j2", view, w, h, BLEED, f"the back of {kind}"),
                False, f"{view['name']} (back)")


def _where(ctx: Ctx, id_: str) -> str:
    file, line, _ = ctx.catalog.source(id_)
    return f"{file}:{line}"
