"""What `toolkit build` prints for 南荒2 besides the cards: the public area (the wilds'
hexagon of 7 slots with its adjacency, deck, event slot, exile, always-available piles,
token area, labour) and one field mat per player (front and back rows, facility area)."""

from __future__ import annotations

import math
from pathlib import Path

from toolkit.render.faces import Face, card_kinds, card_size
from toolkit.render.parts import Part, Templates
from toolkit.render.pdf_units import page_name

TEMPLATES = Path(__file__).parent / "templates"
GAP, MARGIN, TOP = 4.0, 6.0, 20.0   # mm between slots, around the board, above the slots
ZONE_COLUMNS = 3
WORDS = {"players_x": ("players ×", "玩家数 ×"), "any": ("no limit", "不限"),
         "guard": ("struck only once these are empty:", "以下区域清空后才可被击杀："),
         "field": ("Field", "场"), "wilds": ("The wilds", "野地"),
         "adjacent": ("lines join adjacent slots", "连线表示相邻牌位"),
         "power": ("power", "战力"), "economy": ("economy", "经济"), "price": ("price", "价格")}


def _w(ctx, key):
    return WORDS[key][1 if ctx.lang == "zh" else 0]


def slot_size(cat, holds=("any",)) -> tuple[float, float]:
    """A slot that holds the largest card of the kinds it takes (`any`: every printed
    kind), 2 mm larger each way so a card goes in and out."""
    kinds = card_kinds(cat) if "any" in holds else [k for k in holds if cat.of(k)]
    sizes = [card_size(cat, k) for k in kinds] or [card_size(cat, "any")]
    return (max(w for w, _ in sizes) + 2.0, max(h for _, h in sizes) + 2.0)


def table_view(ctx):
    """The wilds' hexagon of card slots (the radius from the slot size, so no two slots
    touch) and the public zones as card-size slots in three columns beside it."""
    cat = ctx.catalog
    slots = list(cat.of("wilds_slot").values())
    corners = [s for s in slots if not s.centre]
    sw, sh = slot_size(cat)
    radius = sh + GAP                   # north and south clear the centre slot
    half_w = radius * math.cos(math.radians(30)) + sw / 2
    centre = (MARGIN + half_w, TOP + radius + sh / 2)
    at = {}
    for s in slots:
        if s.centre:
            at[s.id] = centre
        else:
            angle = math.radians(-90 + 360 / max(1, len(corners)) * corners.index(s))
            at[s.id] = (centre[0] + radius * math.cos(angle),
                        centre[1] + radius * math.sin(angle))
    boxes = [{"x": round(x - sw / 2, 1), "y": round(y - sh / 2, 1), "name": ctx.t(s.name)}
             for s in slots for x, y in [at[s.id]]]
    lines = [{"x1": at[s.id][0], "y1": at[s.id][1], "x2": at[o][0], "y2": at[o][1]}
             for s in slots for o in s.adjacent if s.id < o and o in at]
    zx = round(centre[0] + half_w + 3 * GAP, 1)
    zones = []
    for i, z in enumerate(z for z in cat.of("zone").values() if z.area == "public"):
        zw, zh = slot_size(cat, tuple(z.holds or ("any",)))
        zones.append({"name": ctx.t(z.name), "slots": z.slots or _w(ctx, "any"),
                      "x": round(zx + (i % ZONE_COLUMNS) * (sw + GAP), 1),
                      "y": round(TOP + (i // ZONE_COLUMNS) * (sh + 8 + GAP), 1),
                      "w": zw, "h": zh})
    piles = [{"name": ctx.t(b.name), "per": b.per_player, "power": b.power,
              "economy": b.economy, "price": b.price} for b in cat.of("basic").values()]
    labour = [{"name": ctx.t(x.name), "text": ctx.t(x.text)} for x in cat.of("labour").values()]
    notes_y = max([z["y"] + z["h"] + 8 for z in zones] + [TOP])
    width = zx + ZONE_COLUMNS * (sw + GAP) + MARGIN
    height = max(centre[1] + radius + sh / 2, notes_y + 60) + MARGIN
    return {"w": round(width, 1), "h": round(height, 1), "title": ctx.t(cat.game.title),
            "boxes": boxes, "lines": lines, "slot_w": sw, "slot_h": sh, "zones": zones,
            "zones_x": zx, "notes_y": round(notes_y, 1), "notes_w": round(ZONE_COLUMNS * (sw + GAP) - GAP, 1),
            "piles": piles, "labour": labour, "words": {k: _w(ctx, k) for k in WORDS}}


def field_view(ctx):
    """A row of card-size places per field zone (its label above it), a zone without a
    number of places as one area a card high."""
    zones = [z for z in ctx.catalog.of("zone").values() if z.area == "field"]
    names = {z.id: ctx.t(z.name) for z in zones}
    rows, y, widest = [], 14.0, 0.0
    for z in zones:
        sw, sh = slot_size(ctx.catalog, tuple(z.holds or ("any",)))
        rows.append({"name": ctx.t(z.name), "slots": list(range(z.slots)) if z.slots else [],
                     "guard": [names.get(g, g) for g in (z.guarded_by or [])],
                     "y": round(y, 1), "slot_w": sw, "slot_h": sh})
        widest = max(widest, (z.slots or 5) * (sw + GAP))
        y += sh + 10 + GAP
    for r in rows:
        r["area_w"] = round(widest - GAP, 1)
    return {"w": round(widest - GAP + 2 * MARGIN, 1), "h": round(y - GAP + MARGIN - 4, 1),
            "rows": rows, "title": f"{ctx.t(ctx.catalog.game.title)} · {_w(ctx, 'field')}",
            "words": {k: _w(ctx, k) for k in WORDS}}


def table_faces(ctx, html):
    if len(ctx.catalog.of("wilds_slot")) == 0:
        return []
    view = table_view(ctx)
    page = html.render("nanhuang2/table.html.j2", "the public area", t=view, w=view["w"],
                       h=view["h"], bleed=0.0, page=page_name(view["w"], view["h"], 0.0))
    return [Face("board/public-area", "board", "public_area", "front", "board", view["w"],
                 view["h"], 0.0, 1, page, False, view["title"], large=True)]


def field_faces(ctx, html):
    if not any(z.area == "field" for z in ctx.catalog.of("zone").values()):
        return []
    view = field_view(ctx)
    page = html.render("nanhuang2/field.html.j2", "a player's field", f=view, w=view["w"],
                       h=view["h"], bleed=0.0, page=page_name(view["w"], view["h"], 0.0))
    return [Face("player_board/field", "player_board", "field", "front", "player_board",
                 view["w"], view["h"], 0.0, ctx.catalog.game.players.max, page, False,
                 view["title"], large=True)]


def parts(catalog) -> list:
    return [Templates(TEMPLATES), Part("board", table_faces, large=True),
            Part("player_board", field_faces, large=True)]
