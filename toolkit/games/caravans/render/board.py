"""The game board as a view model: regions at their YAML positions joined by roads, and
the tracks and card spaces of game.yaml (glory, bounty per race, explorers, event deck and
discard, mission slots) laid out around the map. Sizes in mm."""

from __future__ import annotations

from toolkit.render.faces import Face, card_size
from toolkit.render.pdf_units import page_name
from toolkit.render.views import Ctx

NODE = 15.0          # region disc radius
PAD = 12.0           # space around the map and between blocks
BOX = 13.0           # a track space


def regions(ctx: Ctx) -> tuple[list[dict], list[dict], float, float]:
    """Region discs and roads, shifted so the map starts at PAD; returns its size too."""
    items = list(ctx.catalog.regions.values())
    min_x = min(r.position.x for r in items) - NODE - PAD
    min_y = min(r.position.y for r in items) - NODE - PAD
    discs = []
    for r in items:
        race = ctx.catalog.races.get(r.race) if r.race else None
        discs.append({
            "id": r.id, "x": r.position.x - min_x + PAD, "y": r.position.y - min_y + PAD,
            "name": ctx.t(r.name), "tavern": ctx.t(r.tavern) if r.tavern else None,
            "color": race.color if race else "#c8b48a", "wasteland": race is None,
            "icon": ctx.icons.url(race.icon if race else "wasteland", r.id),
            "nightshade": r.nightshade})
    at = {d["id"]: d for d in discs}
    roads = []
    for r in items:
        for other in r.adjacent:
            if other in at and r.id < other:
                roads.append({"x1": at[r.id]["x"], "y1": at[r.id]["y"],
                              "x2": at[other]["x"], "y2": at[other]["y"]})
    width = max(d["x"] for d in discs) + NODE + 2 * PAD
    height = max(d["y"] for d in discs) + NODE + 2 * PAD + 8
    return discs, roads, width, height


def tracks(ctx: Ctx, top: float) -> tuple[list[dict], float, float]:
    """Rows of numbered spaces below the map: glory, bounty per race, explorers."""
    game = ctx.catalog.game
    rows = [{"label": ctx.word("glory_track"), "icon": ctx.icons.url("glory"),
             "color": "#9c2f2f", "start": 0, "end": game.tracks.glory,
             "goal": game.glory_to_win}]
    for race in ctx.catalog.races.values():
        rows.append({"label": f"{ctx.word('bounty_track')} · {ctx.t(race.name)}",
                     "icon": ctx.icons.url(race.icon, race.id), "color": race.color,
                     "start": 0, "end": game.bounty.markers_per_race, "goal": None})
    rows.append({"label": ctx.word("explorer_track"), "icon": ctx.icons.url("explorer"),
                 "color": "#8a6a3a", "start": 1, "end": game.tracks.explorer, "goal": None})
    y = top
    width = 0.0
    for row in rows:
        row["y"] = y
        row["spaces"] = list(range(row["start"], row["end"] + 1))
        width = max(width, 48 + len(row["spaces"]) * (BOX + 1.5))
        y += BOX + 5
    return rows, width, y


def spaces(ctx: Ctx, left: float) -> tuple[list[dict], float, float]:
    """Card spaces in a column right of the map: event deck, discard, mission slots."""
    ew, eh = card_size(ctx.catalog, "event")
    mw, mh = card_size(ctx.catalog, "mission")
    out = [{"x": left, "y": PAD, "w": ew, "h": eh, "label": ctx.word("event_deck"),
            "icon": ctx.icons.url("event")},
           {"x": left + ew + 6, "y": PAD, "w": ew, "h": eh, "label": ctx.word("event_discard"),
            "icon": ctx.icons.url("event")}]
    y = PAD + eh + 12
    per_row = 2
    for i in range(ctx.catalog.game.tracks.mission_slots):
        col, row = i % per_row, i // per_row
        out.append({"x": left + col * (mw + 6), "y": y + row * (mh + 10), "w": mw, "h": mh,
                    "label": f"{ctx.word('mission_slot')} {i + 1}",
                    "icon": ctx.icons.url("mission")})
    rows = -(-ctx.catalog.game.tracks.mission_slots // per_row)
    width = max(2 * ew + 6, per_row * mw + 6)
    return out, left + width + PAD, y + rows * (mh + 10)


def board_view(ctx: Ctx) -> dict:
    discs, roads, map_w, map_h = regions(ctx)
    rows, tracks_w, tracks_bottom = tracks(ctx, map_h + 4)
    left = max(map_w, tracks_w + PAD)
    cards, width, cards_bottom = spaces(ctx, left)
    height = max(tracks_bottom, cards_bottom) + PAD
    content = ((0.0, 0.0, map_w, map_h), (0.0, map_h, tracks_w + PAD, tracks_bottom - map_h),
               (left, 0.0, width - left, cards_bottom))
    return {"w": round(width, 1), "h": round(height, 1), "content": content,
            "discs": discs, "roads": roads,
            "rows": rows, "cards": cards, "node": NODE, "box": BOX,
            "title": ctx.t(ctx.catalog.game.title), "tavern_icon": ctx.icons.url("tavern"),
            "nightshade_icon": ctx.icons.url("nightshade"),
            "nightshade_label": ctx.word("nightshade"), "t": ctx.words}


def board_face(ctx: Ctx, html) -> Face:
    view = board_view(ctx)
    page = html.render("board/board.html.j2", "the board", board=view, w=view["w"],
                       h=view["h"], bleed=0.0, page=page_name(view["w"], view["h"], 0.0))
    return Face("board/board", "board", "board", "front", "board", view["w"], view["h"], 0.0,
                1, page, False, view["title"], large=True, content=view["content"])

