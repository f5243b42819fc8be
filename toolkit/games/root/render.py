"""What `toolkit build` prints for Root besides the cards: the Autumn map as a board
(clearings by suit, each with building slots that hold the building counters, the ruins,
paths, forests, the item supply, card spaces and the victory-point track), one board per
faction (render_factions.py) and every piece as a counter (render_pieces.py)."""

from __future__ import annotations

from toolkit.render.board_sketch import Sketch
from toolkit.render.counters import TEMPLATES as COUNTER_TEMPLATES
from toolkit.render.faces import Face, card_size
from toolkit.render.parts import Part, Templates
from toolkit.render.pdf_units import page_name

from .render_factions import faction_faces
from .render_pieces import items_faces, pieces_faces

SUIT_COLOURS = {"fox": "#c4472b", "rabbit": "#e0b830", "mouse": "#b06a2c", "bird": "#4a7fb5"}
BOARD = (609.6, 457.2)     # mm: 24 x 18 in, the board size print services make
SCALE, ORIGIN = 1.55, (2.0, 12.0)   # clearings.yaml mm -> board mm
RADIUS, FOREST = 32.0, 15.0         # mm: a clearing's disc, a forest's disc
GAP = 2.0
WORDS = {"ruin": ("Ruin", "废墟"), "supply": ("Item supply", "道具供应"),
         "vp": ("Victory points", "胜利分数"), "wins": ("wins", "胜利"),
         "deck": ("Shared deck", "牌库"), "discard": ("Discard", "弃牌堆"),
         "dominance": ("Available dominance", "可用统治牌"), "quests": ("Quest deck", "任务牌堆"),
         "quest": ("Quest", "任务"),
         "legend": ("Square slots hold buildings; a ruin fills its slot (its items under it) "
                    "until the Vagabond explores it. A thick ring marks a corner: corners "
                    "opposite each other are a bird dominance.",
                    "方格放建筑；废墟占一个建筑槽（下面放道具），直到游侠探索。粗圈为角落领地："
                    "相对的两个角落即飞鹰统治。"),
         "suit_fox": ("Fox", "狐狸"), "suit_rabbit": ("Rabbit", "兔子"), "suit_mouse": ("Mouse", "老鼠")}


def _w(ctx, key):
    return WORDS[key][1 if ctx.lang == "zh" else 0]


def _at(x, y):
    return (ORIGIN[0] + x * SCALE, ORIGIN[1] + y * SCALE)


def building_size(cat) -> tuple[str, float]:
    """The shape and size of the largest building (a ruin takes the same slot)."""
    sizes = [(p.shape, float(p.size)) for p in cat.of("piece").values() if p.form == "building"]
    sizes += [(c.shape, float(c.size)) for c in cat.of("counter").values() if c.role == "ruin"]
    return max(sizes, key=lambda s: s[1]) if sizes else ("square", 16.0)


def board_sketch(ctx) -> Sketch:
    cat = ctx.catalog
    sk = Sketch(*BOARD, background="#e8e0c4", min_pt=Sketch.floor(ctx.lang))
    sk.text(8, 4, ctx.t(cat.game.title), pt=16, bold=True)
    clearings = list(cat.of("clearing").values())
    at = {c.id: _at(c.x, c.y) for c in clearings}
    for f in cat.of("forest").values():
        x, y = _at(f.x, f.y)
        sk.disc(x, y, FOREST, "#5f8a4a", stroke="#3f6a2a", width=0.3, opacity=0.55)
    for c in clearings:
        for o in c.adjacent:
            if c.id < o and o in at:
                sk.line(*at[c.id], *at[o], "#8a6a3a", 6.0)
                sk.line(*at[c.id], *at[o], "#f0e2bb", 4.0)
    shape, size = building_size(cat)
    for c in clearings:
        x, y = at[c.id]
        sk.disc(x, y, RADIUS, SUIT_COLOURS[c.suit], width=1.6 if c.opposite else 0.6)
        sk.disc(x, y, RADIUS - 2.5, "#f7eedb", stroke="none", width=0, opacity=0.92)
        sk.text(x - 20, y - RADIUS + 4, ctx.t(c.name), pt=9, w=40,
                bold=True, align="center")
        sk.text(x - 20, y - RADIUS + 8.5, _w(ctx, f"suit_{c.suit}"), pt=8, w=40,
                align="center", colour="#5b4a3a")
        box = size + 2 + 0.0
        row = c.slots * (box + GAP) - GAP
        for i in range(c.slots):
            ruin = bool(c.ruin) and i == c.slots - 1
            sk.piece_slot(x - row / 2 + i * (box + GAP), y - box / 2 - 3, shape, size,
                          label=_w(ctx, "ruin") if ruin else "",
                          fill="#cfc8b8" if ruin else "#ffffff")
    for f in cat.of("forest").values():
        x, y = _at(f.x, f.y)
        sk.text(x - 14, y - 2, ctx.t(f.name), pt=8, w=28, align="center", colour="#1f3a16")
    _side(ctx, sk)
    _vp_track(ctx, sk)
    return sk


def _side(ctx, sk: Sketch) -> None:
    """The right column: card spaces, the item supply with a slot per token, a legend."""
    cat = ctx.catalog
    cw, ch = card_size(cat, "shared_card")
    qw, qh = card_size(cat, "quest")
    x0 = BOARD[0] - 8 - 2 * (cw + 2) - 4
    y = 10.0
    for i, (key, w, h) in enumerate((("deck", cw, ch), ("discard", cw, ch),
                                     ("dominance", cw, ch), ("quests", qw, qh))):
        x, yy = x0 + (i % 2) * (cw + 6), y + (i // 2) * (ch + 10)
        sk.text(x, yy, _w(ctx, key), pt=9, bold=True)
        sk.card_slot(x, yy + 5, w, h)
    y += 2 * (ch + 10) + 4
    sk.text(x0, y, _w(ctx, "supply"), pt=10, bold=True)
    y += 6
    items = [i for i in cat.of("item").values() if i.supply]
    col_w = (BOARD[0] - 8 - x0) / 2
    for n, item in enumerate(items):
        x, yy = x0 + (n % 2) * col_w, y + (n // 2) * (float(item.size) + 8)
        sk.text(x, yy + float(item.size) / 2 - 1, ctx.t(item.name), pt=8, w=20)
        for k in range(item.supply):
            sk.piece_slot(x + 21 + k * (float(item.size) + 2 + GAP), yy, item.shape,
                          float(item.size))
    rows = (len(items) + 1) // 2
    y += rows * (max((float(i.size) for i in items), default=18.0) + 8) + 2
    sk.text(x0, y, _w(ctx, "legend"), pt=8, w=BOARD[0] - 8 - x0, italic=True)


def _vp_track(ctx, sk: Sketch) -> None:
    """Spaces 0 to the winning score, each holding a score marker (they stack)."""
    cat = ctx.catalog
    markers = [c for c in cat.of("counter").values() if c.role == "score"]
    shape, size = (markers[0].shape, float(markers[0].size)) if markers else ("round", 14.0)
    win = int(getattr(cat.game, "win_vp", 30))
    pitch = size + 2 + 1.5
    y = BOARD[1] - 8 - (size + 2)
    sk.text(8, y - 6, _w(ctx, "vp"), pt=10, bold=True)
    for v in range(win + 1):
        label = f"{v} {_w(ctx, 'wins')}" if v == win else str(v)
        sk.piece_slot(8 + v * pitch, y, shape, size, label=label, pt=7 if v == win else 9,
                      fill="#f2d27a" if v == win else "#fffaf0")


def board_faces(ctx, html):
    if not ctx.catalog.of("clearing"):
        return []
    sk = board_sketch(ctx)
    view = sk.view(ctx.t(ctx.catalog.game.title))
    page = html.render("counters/board.html.j2", "the Root map", board=view, w=view["w"],
                       h=view["h"], bleed=0.0, page=page_name(view["w"], view["h"], 0.0))
    return [Face("board/root-map", "board", "map", "front", "board", view["w"], view["h"],
                 0.0, 1, page, False, view["title"], large=True)]


def parts(catalog) -> list:
    return [Templates(COUNTER_TEMPLATES),
            Part("board", board_faces, large=True),
            Part("faction_board", faction_faces, large=True),
            Part("pieces", pieces_faces), Part("items", items_faces)]
