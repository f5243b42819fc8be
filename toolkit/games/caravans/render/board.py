"""The game board as a view model at one standard size, 24 x 18 in (609.6 x 457.2 mm, the
print-on-demand board size, tiled on 8 A4 or Letter sheets at home): the regions scaled
from their YAML positions to fill the map, each name plate placed clear of the roads; the
glory, explorer and per-race bounty tracks in balanced rows below the map; the event deck,
discard and mission slots and a legend (races, terrain, icons) in a column on the right.
Sizes in mm, type in pt."""

from __future__ import annotations

from toolkit.errors import RenderError
from toolkit.render.faces import Face, card_size
from toolkit.render.pdf_units import page_name
from toolkit.render.views import Ctx

from .board_layout import PT_MM, balanced_rows, place_labels, text_mm

WIDTH, HEIGHT = 609.6, 457.2   # 24 x 18 in
PAD = 10.0                     # edge of the board to its content
NODE = 15.0                    # region disc radius
BOX, STEP = 13.0, 14.6         # a track space and its pitch
NAME_PT, TAVERN_PT = 12.0, 9.5  # region and tavern names (>= 9 pt across a table)
TRACK_PT, LEGEND_PT, CARD_PT = 10.0, 10.5, 10.0
TITLE_H = 16.0
ROW_H = 18.0
WORDS = {  # board words the theme does not have
    "legend_title": {"en": "Legend", "zh": "图例"},
    "legend_map": {"en": "Map", "zh": "地图"},
    "legend_tracks": {"en": "Tracks", "zh": "轨道"},
    "tavern": {"en": "Tavern", "zh": "酒馆"},
    "road": {"en": "Road", "zh": "道路"},
    "goal": {"en": "Glory to win", "zh": "获胜所需荣誉"},
    "wasteland_note": {"en": "no race, no tavern", "zh": "无种族，无酒馆"},
}


def _word(ctx: Ctx, key: str) -> str:
    return WORDS[key][ctx.lang] if key in WORDS else ctx.word(key)


def _label_size(name: str, lines: list[str]) -> tuple[float, float]:
    """Width and height of a name plate: the name, then lines led by a small icon."""
    w = text_mm(name, NAME_PT, bold=True)
    for line in lines:
        w = max(w, text_mm(line, TAVERN_PT) + 4.2)
    h = NAME_PT * PT_MM * 1.2 + len(lines) * TAVERN_PT * PT_MM * 1.3 + 1.6
    return round(w + 3.5, 2), round(h, 2)


def regions(ctx: Ctx, bounds: tuple) -> tuple[list[dict], list[dict]]:
    """Region discs scaled into `bounds` (x, y, w, h), roads, and a name plate per disc."""
    items = list(ctx.catalog.regions.values())
    xs, ys = [r.position.x for r in items], [r.position.y for r in items]
    bx, by, bw, bh = bounds
    room = NODE + 14.0  # a plate may sit beside a disc on the edge of the map
    span_x, span_y = max(max(xs) - min(xs), 1.0), max(max(ys) - min(ys), 1.0)
    scale = min((bw - 2 * room) / span_x, (bh - 2 * room) / span_y)
    ox = bx + (bw - span_x * scale) / 2 - min(xs) * scale
    oy = by + (bh - span_y * scale) / 2 - min(ys) * scale
    discs = []
    for r in items:
        race = ctx.catalog.races.get(r.race) if r.race else None
        discs.append({
            "id": r.id, "x": round(r.position.x * scale + ox, 2),
            "y": round(r.position.y * scale + oy, 2),
            "name": ctx.t(r.name), "tavern": ctx.t(r.tavern) if r.tavern else None,
            "color": race.color if race else "#c8b48a", "wasteland": race is None,
            "icon": ctx.icons.url(race.icon if race else "wasteland", r.id),
            "nightshade": r.nightshade})
    at = {d["id"]: d for d in discs}
    roads = [{"x1": at[r.id]["x"], "y1": at[r.id]["y"], "x2": at[o]["x"], "y2": at[o]["y"]}
             for r in items for o in r.adjacent if o in at and r.id < o]
    sizes = [_label_size(d["name"], [t for t in (d["tavern"], d["nightshade"] and
                                                  ctx.word("nightshade")) if t])
             for d in discs]
    for d, (box, clash) in zip(discs, place_labels(discs, roads, sizes, bounds, NODE)):
        d["label"] = {"x": box[0], "y": box[1], "w": box[2], "h": box[3], "clashes": clash}
    return discs, roads


def tracks(ctx: Ctx, left: float, room: float, bottom: float) -> tuple[list[dict], float]:
    """Glory and explorer tracks, then a bounty track per race, in balanced rows that end
    at `bottom`; returns the blocks and the top of the first row."""
    game = ctx.catalog.game
    groups = [[("glory_track", ctx.word("glory_track"), "glory", "#9c2f2f", 0,
                game.tracks.glory, game.glory_to_win),
               ("explorer_track", ctx.word("explorer_track"), "explorer", "#8a6a3a", 1,
                game.tracks.explorer, None)],
              [(f"bounty_{race.id}", f"{ctx.word('bounty_track')} · {ctx.t(race.name)}",
                race.icon, race.color, 0, game.bounty.markers_per_race, None)
               for race in ctx.catalog.races.values()]]
    rows: list[list[dict]] = []
    for group in groups:
        blocks = []
        for key, label, icon, color, start, end, goal in group:
            label_w = text_mm(label, TRACK_PT, bold=True) * 1.1 + 12.0  # icon, bar, air
            blocks.append({"id": key, "label": label, "label_w": round(label_w, 2),
                           "icon": ctx.icons.url(icon, key), "color": color, "goal": goal,
                           "spaces": list(range(start, end + 1)),
                           "w": label_w + (end - start + 1) * STEP})
        placed = balanced_rows([b["w"] for b in blocks], room, 8.0)
        if len(placed) > 1:  # one label width in a group of rows: spaces line up in columns
            widest = max(b["label_w"] for b in blocks)
            for b in blocks:
                b["w"] += widest - b["label_w"]
                b["label_w"] = widest
            placed = balanced_rows([b["w"] for b in blocks], room, 8.0)
        for idx in placed:
            rows.append([blocks[i] for i in idx])
    top = bottom - len(rows) * ROW_H
    out = []
    for n, row in enumerate(rows):
        x = left + (room - sum(b["w"] for b in row) - 8.0 * (len(row) - 1)) / 2
        for block in row:
            block.update(x=round(x, 2), y=round(top + n * ROW_H, 2), w=round(block["w"], 2))
            x += block["w"] + 8.0
            out.append(block)
    return out, top


def card_spaces(ctx: Ctx, left: float) -> tuple[list[dict], float]:
    """Event deck, discard and mission slots, two a row, from the top of the column."""
    ew, eh = card_size(ctx.catalog, "event")
    mw, mh = card_size(ctx.catalog, "mission")
    out = [{"w": ew, "h": eh, "label": ctx.word("event_deck"), "icon": "event"},
           {"w": ew, "h": eh, "label": ctx.word("event_discard"), "icon": "event"}]
    out += [{"w": mw, "h": mh, "label": f"{ctx.word('mission_slot')} {i + 1}",
             "icon": "mission"} for i in range(ctx.catalog.game.tracks.mission_slots)]
    y = PAD
    for i in range(0, len(out), 2):
        pair = out[i:i + 2]
        for j, c in enumerate(pair):
            c.update(x=round(left + j * (pair[0]["w"] + 6.0), 2), y=round(y, 2),
                     icon=ctx.icons.url(c["icon"]))
        y += max(c["h"] for c in pair) + 6.0
    return out, y


def legend(ctx: Ctx) -> list[dict]:
    """What the board's colours, rings, icons and tracks mean, in two sections."""
    game = ctx.catalog.game
    land = [{"swatch": "race", "color": race.color, "icon": ctx.icons.url(race.icon, race.id),
             "text": ctx.t(race.name)} for race in ctx.catalog.races.values()]
    land += [{"swatch": "wasteland", "color": "#c8b48a", "icon": ctx.icons.url("wasteland"),
              "text": ctx.word("wasteland") + ("（{}）" if ctx.lang == "zh" else " ({})").format(
                 _word(ctx, "wasteland_note"))},
             {"swatch": "nightshade", "icon": ctx.icons.url("nightshade"),
              "text": ctx.word("nightshade")},
             {"swatch": "icon", "icon": ctx.icons.url("tavern"), "text": _word(ctx, "tavern")},
             {"swatch": "road", "text": _word(ctx, "road")}]
    tracks_ = [{"swatch": "icon", "icon": ctx.icons.url("glory"),
                "text": f"{ctx.word('glory_track')} 0–{game.tracks.glory}"},
               {"swatch": "goal", "text": f"{_word(ctx, 'goal')}: {game.glory_to_win}"},
               {"swatch": "icon", "icon": ctx.icons.url("bounty"),
                "text": f"{ctx.word('bounty_track')} 0–{game.bounty.markers_per_race}"},
               {"swatch": "icon", "icon": ctx.icons.url("explorer"),
                "text": f"{ctx.word('explorer_track')} 1–{game.tracks.explorer}"}]
    return [{"title": _word(ctx, "legend_map"), "entries": land},
            {"title": _word(ctx, "legend_tracks"), "entries": tracks_}]


def board_view(ctx: Ctx) -> dict:
    ew, _ = card_size(ctx.catalog, "event")
    col_w = max(2 * ew + 6.0, 120.0)
    col_x = WIDTH - PAD - col_w
    map_w = col_x - 8.0 - PAD
    rows, tracks_top = tracks(ctx, PAD, map_w, HEIGHT - PAD)
    map_box = (PAD, PAD + TITLE_H, map_w, tracks_top - 4.0 - PAD - TITLE_H)
    if map_w < 150 or map_box[3] < 100:
        raise RenderError(f"the board's card spaces and tracks leave {max(map_w, 0):.0f} x "
                          f"{max(map_box[3], 0):.0f} mm for the map on a {WIDTH} x {HEIGHT} mm "
                          "board (150 x 100 mm needed)", file="cards/game.yaml",
                          hint="use smaller event/mission card_sizes, fewer races or shorter "
                               "tracks")
    discs, roads = regions(ctx, map_box)
    cards, legend_y = card_spaces(ctx, col_x)
    return {"w": WIDTH, "h": HEIGHT, "content": ((0.0, 0.0, WIDTH, HEIGHT),),
            "discs": discs, "roads": roads, "rows": rows, "cards": cards,
            "node": NODE, "box": BOX, "step": STEP, "map": map_box,
            "column": {"x": round(col_x, 2), "w": round(col_w, 2)},
            "legend": {"x": round(col_x, 2), "y": round(legend_y, 2), "w": round(col_w, 2),
                       "h": round(HEIGHT - PAD - legend_y, 2),
                       "title": _word(ctx, "legend_title"), "sections": legend(ctx)},
            "pt": {"name": NAME_PT, "tavern": TAVERN_PT, "track": TRACK_PT,
                   "legend": LEGEND_PT, "card": CARD_PT},
            "title": ctx.t(ctx.catalog.game.title), "tavern_icon": ctx.icons.url("tavern"),
            "nightshade_icon": ctx.icons.url("nightshade"),
            "nightshade_label": ctx.word("nightshade"), "t": ctx.words}


def board_face(ctx: Ctx, html) -> Face:
    view = board_view(ctx)
    page = html.render("board/board.html.j2", "the board", board=view, w=view["w"],
                       h=view["h"], bleed=0.0, page=page_name(view["w"], view["h"], 0.0))
    return Face("board/board", "board", "board", "front", "board", view["w"], view["h"], 0.0,
                1, page, False, view["title"], large=True, content=view["content"])
