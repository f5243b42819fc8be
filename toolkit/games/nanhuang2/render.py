"""What `toolkit build` prints for 南荒2 besides the cards: the public area (the wilds'
hexagon of 7 slots with its adjacency, deck, event slot, exile, always-available piles,
token area, labour) and one field mat per player (front and back rows, facility area)."""

from __future__ import annotations

import math
from pathlib import Path

from toolkit.render.faces import Face
from toolkit.render.parts import Part, Templates
from toolkit.render.pdf_units import page_name

TEMPLATES = Path(__file__).parent / "templates"
SLOT_W, SLOT_H, RADIUS = 26.0, 36.0, 50.0
CENTRE = (72.0, 104.0)
WORDS = {"players_x": ("players ×", "玩家数 ×"), "any": ("no limit", "不限"),
         "guard": ("struck only once these are empty:", "以下区域清空后才可被击杀："),
         "field": ("Field", "场"), "wilds": ("The wilds", "野地"),
         "adjacent": ("lines join adjacent slots", "连线表示相邻牌位"),
         "power": ("power", "战力"), "economy": ("economy", "经济"), "price": ("price", "价格")}


def _w(ctx, key):
    return WORDS[key][1 if ctx.lang == "zh" else 0]


def table_view(ctx):
    cat = ctx.catalog
    slots = list(cat.of("wilds_slot").values())
    corners = [s for s in slots if not s.centre]
    at = {}
    for s in slots:
        if s.centre:
            at[s.id] = CENTRE
        else:
            angle = math.radians(-90 + 360 / max(1, len(corners)) * corners.index(s))
            at[s.id] = (CENTRE[0] + RADIUS * math.cos(angle), CENTRE[1] + RADIUS * math.sin(angle))
    boxes = [{"x": round(x - SLOT_W / 2, 1), "y": round(y - SLOT_H / 2, 1), "name": ctx.t(s.name)}
             for s in slots for x, y in [at[s.id]]]
    lines = [{"x1": at[s.id][0], "y1": at[s.id][1], "x2": at[o][0], "y2": at[o][1]}
             for s in slots for o in s.adjacent if s.id < o and o in at]
    zones = [{"name": ctx.t(z.name), "slots": z.slots or _w(ctx, "any")}
             for z in cat.of("zone").values() if z.area == "public"]
    piles = [{"name": ctx.t(b.name), "per": b.per_player, "power": b.power,
              "economy": b.economy, "price": b.price} for b in cat.of("basic").values()]
    labour = [{"name": ctx.t(x.name), "text": ctx.t(x.text)} for x in cat.of("labour").values()]
    return {"w": 270.0, "h": 185.0, "title": ctx.t(cat.game.title), "boxes": boxes,
            "lines": lines, "slot_w": SLOT_W, "slot_h": SLOT_H, "zones": zones,
            "piles": piles, "labour": labour, "words": {k: _w(ctx, k) for k in WORDS}}


def field_view(ctx):
    zones = [z for z in ctx.catalog.of("zone").values() if z.area == "field"]
    names = {z.id: ctx.t(z.name) for z in zones}
    rows = [{"name": ctx.t(z.name), "slots": list(range(z.slots)) if z.slots else [],
             "guard": [names.get(g, g) for g in (z.guarded_by or [])]} for z in zones]
    return {"w": 205.0, "h": 150.0, "rows": rows, "slot_w": SLOT_W, "slot_h": SLOT_H,
            "title": f"{ctx.t(ctx.catalog.game.title)} · {_w(ctx, 'field')}",
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
