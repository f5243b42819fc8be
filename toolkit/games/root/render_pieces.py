"""Root's pieces as counters (toolkit/render/counters.py): the buildings, tokens, items,
warriors, pawn, ruins, score and relationship markers, each of the shape and size its data
says (pieces.yaml, items.yaml, counters.yaml), in its faction's colour. An item's back is
its exhausted side; every other counter shows the same face either way up."""

from __future__ import annotations

from dataclasses import replace

from toolkit.content.colours import css_colour
from toolkit.render.counters import Counter, counter_faces, from_entry

NEUTRAL = {"ruin": "#8c8577", "item": "#e9dcb8", "exhausted": "#9c9686"}
WORDS = {"exhausted": ("exhausted", "已消耗")}


def _colour(ctx, faction_id) -> str:
    faction = ctx.catalog.of("faction").get(faction_id) if faction_id else None
    if faction is None:
        return NEUTRAL["ruin"]
    return css_colour(faction.colour, f"colour of faction '{faction.id}'")


def piece_counters(ctx) -> list[Counter]:
    """Buildings and tokens (pieces.yaml), then the counters.yaml pieces."""
    out = [from_entry(ctx, p, colour=_colour(ctx, p.faction), mark=ctx.t(p.name))
           for p in ctx.catalog.of("piece").values()]
    out += [from_entry(ctx, c, colour=_colour(ctx, c.faction), mark=ctx.t(c.mark),
                       ink="#ffffff" if c.role == "ruin" else "#1d1d1d")
            for c in ctx.catalog.of("counter").values()]
    return out


def item_counters(ctx) -> list[Counter]:
    word = WORDS["exhausted"][1 if ctx.lang == "zh" else 0]
    out = []
    for item in ctx.catalog.of("item").values():
        front = from_entry(ctx, item, colour=NEUTRAL["item"], mark=ctx.t(item.name))
        out.append(replace(front, back=replace(front, colour=NEUTRAL["exhausted"],
                                               label=word, ink="#3a352c")))
    return out


def pieces_faces(ctx, html):
    return counter_faces(ctx, html, "piece", piece_counters(ctx))


def items_faces(ctx, html):
    return counter_faces(ctx, html, "item", item_counters(ctx))
