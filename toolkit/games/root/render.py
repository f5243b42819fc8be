"""What `toolkit build` prints for Root besides the cards: the Autumn map as a board
(clearings by suit with their slots and ruins, paths, forests, the item supply) and one
board per faction with its tracks (cost, VP and card draws per space)."""

from __future__ import annotations

from pathlib import Path

from toolkit.content.colours import css_colour
from toolkit.render.faces import Face
from toolkit.render.parts import Part, Templates
from toolkit.render.pdf_units import page_name

TEMPLATES = Path(__file__).parent / "templates"
SUIT_COLOURS = {"fox": "#c4472b", "rabbit": "#e0b830", "mouse": "#b06a2c", "bird": "#4a7fb5"}
PAD, NODE = 14.0, 13.0
WORDS = {"slots": ("slots", "建筑槽"), "ruin": ("ruin", "废墟"), "supply": ("Item supply", "道具供应"),
         "warriors": ("warriors", "士兵"), "cost": ("cost", "花费"), "vp": ("VP", "分数"),
         "draw": ("+card", "+抽牌"), "corner": ("corner", "角落"), "forest": ("forest", "森林"),
         "decree": ("Decree", "法令"), "leaders": ("Leaders", "领袖"),
         "characters": ("Characters", "角色"), "relations": ("Relationships: aids / VP", "友好度：协助次数 / 分数"),
         "crafts": ("crafts with", "锻造使用"), "tracks": ("Item tracks", "道具栏"),
         "satchel": ("Satchel and damaged box", "背包与损坏栏")}


def _w(ctx, key):
    return WORDS[key][1 if ctx.lang == "zh" else 0]


def board_view(ctx):
    cat = ctx.catalog
    clearings = list(cat.of("clearing").values())
    discs = [{"id": c.id, "x": c.x + PAD, "y": c.y + PAD, "name": ctx.t(c.name),
              "n": c.priority, "colour": SUIT_COLOURS[c.suit], "suit": c.suit,
              "slots": list(range(c.slots)), "ruin": bool(c.ruin), "corner": bool(c.opposite)}
             for c in clearings]
    at = {d["id"]: d for d in discs}
    paths = [{"x1": at[c.id]["x"], "y1": at[c.id]["y"], "x2": at[o]["x"], "y2": at[o]["y"]}
             for c in clearings for o in c.adjacent if c.id < o and o in at]
    forests = [{"x": f.x + PAD, "y": f.y + PAD, "name": ctx.t(f.name)}
               for f in cat.of("forest").values()]
    width = max(d["x"] for d in discs) + NODE + 2 * PAD
    height = max(d["y"] for d in discs) + NODE + 2 * PAD + 22
    supply = [{"name": ctx.t(i.name), "n": i.supply} for i in cat.of("item").values() if i.supply]
    return {"w": round(width, 1), "h": round(height, 1), "discs": discs, "paths": paths,
            "forests": forests, "node": NODE, "supply": supply, "supply_y": height - 20,
            "title": ctx.t(cat.game.title), "words": {k: _w(ctx, k) for k in WORDS}}


def board_faces(ctx, html):
    if not ctx.catalog.of("clearing"):
        return []
    view = board_view(ctx)
    page = html.render("root/board.html.j2", "the Root map", board=view, w=view["w"],
                       h=view["h"], bleed=0.0, page=page_name(view["w"], view["h"], 0.0))
    return [Face("board/root-map", "board", "map", "front", "board", view["w"], view["h"],
                 0.0, 1, page, False, view["title"], large=True)]


def faction_view(ctx, faction):
    cat = ctx.catalog
    tracks = []
    for p in cat.of("piece").values():
        if p.faction != faction.id:
            continue
        rows = [(key, list(getattr(p, key) or [])) for key in ("cost", "vp", "draw")]
        rows = [(_w(ctx, k), v) for k, v in rows if any(v)]
        tracks.append({"name": ctx.t(p.name), "copies": p.copies, "rows": rows})
    extra = []
    if faction.id == "eyrie":
        extra.append((_w(ctx, "decree"), [ctx.t(c.name) for c in sorted(
            cat.of("decree_column").values(), key=lambda c: c.order)]))
        extra.append((_w(ctx, "leaders"), [
            f"{ctx.t(l.name)}: " + ", ".join(ctx.t(cat.of('decree_column')[v].name) for v in l.viziers)
            for l in cat.of("leader").values()]))
    if faction.id == "vagabond":
        extra.append((_w(ctx, "characters"), [
            f"{ctx.t(c.name)}: " + ", ".join(ctx.t(cat.of('item')[i].name) for i in c.items)
            for c in cat.of("character").values()]))
        extra.append((_w(ctx, "tracks"), [f"{ctx.t(cat.of('item')[i].name)} ×3"
                                          for i in ("tea", "coin", "bag")
                                          if i in cat.of("item")]))
        extra.append((_w(ctx, "satchel"), ["6 + 2 × " + ctx.t(cat.of("item")["bag"].name)]
                      if "bag" in cat.of("item") else []))
        extra.append((_w(ctx, "relations"), [f"{a} / {v}" for a, v in
                                             zip(faction.aids or [], faction.aid_vp or [])]))
    colour = css_colour(faction.colour, f"colour of faction '{faction.id}'")
    return {"w": 210.0, "h": 140.0, "name": ctx.t(faction.name), "colour": colour,
            "warriors": faction.warriors, "crafts": ctx.t(faction.crafts_with),
            "tracks": tracks, "extra": extra, "words": {k: _w(ctx, k) for k in WORDS}}


def faction_faces(ctx, html):
    faces = []
    for faction in sorted(ctx.catalog.of("faction").values(), key=lambda f: f.order):
        view = faction_view(ctx, faction)
        page = html.render("root/faction.html.j2", f"the {faction.id} board", fb=view,
                           w=view["w"], h=view["h"], bleed=0.0,
                           page=page_name(view["w"], view["h"], 0.0))
        faces.append(Face(f"faction_board/{faction.id}", "faction_board", faction.id, "front",
                          "faction_board", view["w"], view["h"], 0.0, 1, page, False,
                          view["name"], large=True))
    return faces


def parts(catalog) -> list:
    return [Templates(TEMPLATES), Part("board", board_faces, large=True),
            Part("faction_board", faction_faces, large=True)]
