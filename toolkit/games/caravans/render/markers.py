"""Demand markers (per good), bounty markers (per race) and NPC markers (per NPC): round
tokens in the colour of what they mark, each kind with its own back."""

from __future__ import annotations

from toolkit.render.faces import Face, back_face, card_size, group_of
from toolkit.render.options import BLEED
from toolkit.render.views import Ctx

from ..content.settings import MARKER_KINDS
from .views import color

MARKER_SIZE = (25.0, 25.0)  # mm, used when game.yaml has no card_sizes entry for a marker
MARKERS = MARKER_KINDS  # the printed kinds game.yaml may size (content/settings.py)
BACK_ICONS = {"demand_marker": "demand", "bounty_marker": "bounty", "npc_marker": "npc"}


def marker(ctx: Ctx, kind: str, source) -> dict:
    """The view of one marker: the icon and name of what it marks."""
    icon = getattr(source, "icon", None) or (
        ctx.catalog.races[source.race].icon if getattr(source, "race", None)
        in ctx.catalog.races else "npc")
    return {"kind": kind, "id": f"{kind}_{source.id}", "name": ctx.t(source.name),
            "color": color(ctx, kind, source), "kind_label": ctx.kind_label(kind),
            "icon": ctx.icons.url(icon, source.id), "rules": [], "flavor": None,
            "kind_icon": ctx.icons.url(BACK_ICONS[kind], source.id),
            "race_icon": None, "art": None, "t": ctx.words}


def sources(ctx: Ctx, kind: str) -> list:
    """(entry marked, copies) pairs of a marker kind."""
    if kind == "demand_marker":
        return [(g, g.demand_markers) for g in ctx.catalog.goods.values()]
    if kind == "bounty_marker":
        per_race = ctx.catalog.game.bounty.markers_per_race if ctx.catalog.game.bounty else 0
        return [(r, per_race) for r in ctx.catalog.races.values()]
    return [(n, 1) for n in ctx.catalog.npcs.values()]


def marker_faces(kind: str):
    """The `faces(ctx, html)` of one marker kind's Part."""

    def faces(ctx: Ctx, html) -> list[Face]:
        w, h = card_size(ctx.catalog, kind, MARKER_SIZE)
        back = back_face(ctx, html, kind, w, h, BACK_ICONS[kind])
        fronts = [Face(f"{kind}/{src.id}", kind, src.id, "front", group_of(kind, w, h), w, h,
                       BLEED, n, html.face("cards/marker.html.j2", marker(ctx, kind, src), w,
                                           h, BLEED, f"{kind} for '{src.id}'"),
                       False, ctx.t(src.name), back.key, ctx.catalog.source(src.id))
                  for src, n in sources(ctx, kind) if n > 0]
        return fronts + [back] if fronts else []

    return faces
