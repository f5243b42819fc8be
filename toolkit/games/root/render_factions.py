"""Root's faction boards, one a sheet (268 x 192 mm: one landscape A4 or Letter sheet):
each holds its pieces where the rules keep them - the building and token tracks (a slot a
space, sized from the piece, the VP or card it uncovers printed in it), the Decree's four
card columns and the leader, the supporters and officers, the Vagabond's character, item
tracks, satchel, damaged box and relationships - and the turn summary and standing rules
from factions.yaml."""

from __future__ import annotations

from toolkit.content.colours import css_colour
from toolkit.render.board_sketch import Sketch
from toolkit.render.counters import slot
from toolkit.render.faces import Face, card_size
from toolkit.render.pdf_units import page_name

SIZE = (268.0, 192.0)
M, GAP = 4.0, 2.0
WORDS = {"warriors": ("warriors", "士兵"), "crafts": ("crafts with", "锻造使用"),
         "cost": ("cost", "花费"), "vp": ("VP", "分"), "draw": ("+1 card", "+1牌"),
         "birdsong": ("Birdsong", "清晨"), "daylight": ("Daylight", "白天"),
         "evening": ("Evening", "夜晚"), "decree": ("The Decree", "法令"),
         "leader": ("Leader (lay it sideways)", "领袖（横放）"),
         "supporters": ("Supporters (face down)", "支持者（背面朝上）"),
         "officers": ("Officers", "长官"), "character": ("Character", "角色"),
         "satchel": ("Satchel: 6 items, 2 more per face-up bag", "背包：6个道具，每个正面的包多2个"),
         "damaged": ("Damaged", "损坏"), "tracks": ("Item tracks: face-up items only", "道具栏：仅放正面道具"),
         "relations": ("Relationships", "友好度"), "hostile": ("Hostile", "敌对"),
         "indifferent": ("Indifferent", "中立"), "allied": ("Allied", "同盟"),
         "aids": ("aids", "次协助"), "wood": ("Wood", "木头"),
         "leaders": ("Viziers by leader", "各领袖的大臣"), "bases": ("Bases", "基地"),
         "per_aid": ("then per aid", "之后每次协助")}


def _w(ctx, key):
    return WORDS[key][1 if ctx.lang == "zh" else 0]


def _track(ctx, sk, x, y, piece, label_w=26.0) -> float:
    """One piece's track: its name, a cost row above when it has costs, a slot per space
    with the VP (and card) it uncovers. Returns the y under it."""
    size, shape = float(piece.size), piece.shape
    box = size + 2
    sk.text(x, y + 4 + box / 2 - 2, ctx.t(piece.name), pt=8.5, bold=True, w=label_w)
    costs = list(piece.cost or [])
    vps, draws = list(piece.vp or []), list(piece.draw or [])
    for i in range(int(piece.copies)):
        sx = x + label_w + i * (box + GAP)
        if costs:
            sk.text(sx, y, f"{_w(ctx, 'cost')} {costs[i]}", pt=6.5, w=box, align="center")
        parts = []
        if i < len(vps) and vps[i]:
            parts.append(f"{vps[i]} {_w(ctx, 'vp')}")
        if i < len(draws) and draws[i]:
            parts.append(_w(ctx, "draw"))
        sk.piece_slot(sx, y + 4, shape, size, label=" ".join(parts), pt=6.5)
    return y + 4 + box + 3


def _summary(ctx, sk, faction, x, y, w, h) -> None:
    """Birdsong, Daylight and Evening side by side."""
    col = (w - 2 * GAP) / 3
    for i, phase in enumerate(("birdsong", "daylight", "evening")):
        bx = x + i * (col + GAP)
        sk.box(bx, y, col, h, fill="#fffaf0", stroke="#8a7556")
        sk.text(bx + 1.5, y + 1.2, _w(ctx, phase), pt=8.5, bold=True)
        sk.text(bx + 1.5, y + 5.5, ctx.t(getattr(faction, phase)), pt=7, w=col - 3)


def _pieces(ctx, faction_id):
    return [p for p in ctx.catalog.of("piece").values() if p.faction == faction_id]


def _warrior(ctx, faction_id):
    return next((c for c in ctx.catalog.of("counter").values()
                 if c.role == "warrior" and c.faction == faction_id), None)


def marquise(ctx, sk, f, colour):
    y = 16.0
    for p in _pieces(ctx, f.id):
        if p.form == "building":
            y = _track(ctx, sk, M, y, p)
    wood = next((p for p in _pieces(ctx, f.id) if p.id == "wood"), None)
    if wood is not None:
        sk.text(M, y + 1, _w(ctx, "wood"), pt=8.5, bold=True)
        for i in range(int(wood.copies)):
            sk.piece_slot(M + 26 + i * (float(wood.size) + 2 + GAP), y, wood.shape, wood.size)
        y += float(wood.size) + 2 + 4
    sk.text(M + 172, 16, ctx.t(f.abilities), pt=7, w=SIZE[0] - M - 172 - M)
    _summary(ctx, sk, f, M, y, SIZE[0] - 2 * M, SIZE[1] - y - M)


def eyrie(ctx, sk, f, colour):
    cat = ctx.catalog
    roost = next(p for p in _pieces(ctx, f.id) if p.form == "building")
    y = _track(ctx, sk, M, 16.0, roost)
    cw, ch = card_size(cat, "leader")
    lx = SIZE[0] - M - (ch + 2)
    sk.text(lx, 14, _w(ctx, "leader"), pt=8, bold=True)
    sk.card_slot(lx, 18, ch, cw)             # a leader card lies sideways
    columns = sorted(cat.of("decree_column").values(), key=lambda c: c.order)
    viziers = "; ".join(f"{ctx.t(l.name)}: " + ", ".join(ctx.t(cat.of('decree_column')[v].name)
                                                          for v in l.viziers)
                        for l in cat.of("leader").values())
    sk.text(M, y, f"{ctx.t(f.abilities)} {_w(ctx, 'leaders')}: {viziers}.", pt=6.5,
            w=lx - 2 * M)
    sw, sh = card_size(cat, "shared_card")
    top = SIZE[1] - M - (sh + 2)
    summary_y = y + 17
    _summary(ctx, sk, f, M, summary_y, lx - 2 * M, top - 6 - summary_y)
    pitch = (SIZE[0] - 2 * M - (sw + 2)) / max(1, len(columns) - 1)
    for i, c in enumerate(columns):
        head = f"{_w(ctx, 'decree')} · {i + 1}. {ctx.t(c.name)}" if i == 0 \
            else f"{i + 1}. {ctx.t(c.name)}"
        sk.text(M + i * pitch, top - 5, head, pt=9, bold=True)
        sk.card_slot(M + i * pitch, top, sw, sh, label=ctx.t(c.name), pt=12)


def alliance(ctx, sk, f, colour):
    cat = ctx.catalog
    pieces = _pieces(ctx, f.id)
    bases = [p for p in pieces if p.form == "building"]
    sk.text(M, 15, _w(ctx, "bases"), pt=8.5, bold=True)
    for i, b in enumerate(bases):
        box = float(b.size) + 2
        x = M + 26 + i * (box + 6)
        sk.piece_slot(x, 15, b.shape, b.size, label=f"{ctx.t(b.name)} · {_w(ctx, 'draw')}",
                      pt=6.2)
    y = 15 + max((float(b.size) + 2 for b in bases), default=0) + 4
    for p in pieces:
        if p.form == "token":
            y = _track(ctx, sk, M, y, p)
    cw, ch = card_size(cat, "shared_card")
    sk.text(M, y, _w(ctx, "supporters"), pt=8, bold=True)
    sk.card_slot(M, y + 4.5, cw, ch)
    warrior = _warrior(ctx, f.id)
    space = slot(warrior.shape, warrior.size) if warrior else {"w": 18.5, "h": 16.0}
    ox = M + cw + 2 + 6
    sk.text(ox, y, _w(ctx, "officers"), pt=8.5, bold=True)
    per_row = 5
    if warrior is not None:
        for i in range(f.warriors):
            sk.piece_slot(ox + (i % per_row) * (space["w"] + GAP),
                          y + 4.5 + (i // per_row) * (space["h"] + GAP),
                          warrior.shape, warrior.size)
    tx = ox + per_row * (space["w"] + GAP) + 4
    sk.text(tx, y, ctx.t(f.abilities), pt=6.5, w=SIZE[0] - M - tx)
    rows = -(-f.warriors // per_row)
    sy = y + 4.5 + rows * (space["h"] + GAP) + 2
    _summary(ctx, sk, f, ox, sy, SIZE[0] - M - ox, SIZE[1] - M - sy)


def vagabond(ctx, sk, f, colour):
    cat = ctx.catalog
    items = cat.of("item")
    cw, ch = card_size(cat, "character")
    sk.text(M, 14, _w(ctx, "character"), pt=8.5, bold=True)
    sk.card_slot(M, 18.5, cw, ch)
    size = max((float(i.size) for i in items.values()), default=18.0)
    shape = next(iter(items.values())).shape if items else "square"
    box = size + 2
    x = M + cw + 2 + 6
    sk.text(x, 14, _w(ctx, "tracks"), pt=8, bold=True)
    y = 19.0
    for iid in ("tea", "coin", "bag"):
        if iid in items:
            sk.text(x, y + box / 2 - 2, ctx.t(items[iid].name), pt=8, w=14)
            for k in range(3):
                sk.piece_slot(x + 15 + k * (box + GAP), y, shape, size)
            y += box + GAP
    _relations(ctx, sk, f, x + 15 + 3 * (box + GAP) + 4, 14)
    sy = 18.5 + ch + 2 + 3
    satchel = int(getattr(cat.game, "satchel_base", 6)) + 6
    sk.text(M, sy, _w(ctx, "satchel"), pt=8, bold=True)
    per_row = satchel // 2
    for k in range(satchel):
        sk.piece_slot(M + (k % per_row) * (box + GAP), sy + 4.5 + (k // per_row) * (box + GAP),
                      shape, size, fill="#ffffff" if k < satchel - 6 else "#f1e9d6")
    dx = M + per_row * (box + GAP) + 6
    sk.text(dx, sy, _w(ctx, "damaged"), pt=8, bold=True)
    for k in range(6):
        sk.piece_slot(dx + (k % 3) * (box + GAP), sy + 4.5 + (k // 3) * (box + GAP), shape,
                      size, fill="#e6d6cf")
    ax = dx + 3 * (box + GAP) + 4
    sk.text(ax, sy, ctx.t(f.abilities), pt=6.5, w=SIZE[0] - M - ax)
    ty = sy + 4.5 + 2 * (box + GAP) + 2
    _summary(ctx, sk, f, M, ty, SIZE[0] - 2 * M, SIZE[1] - M - ty)


def _relations(ctx, sk, f, x, y) -> None:
    """A row per other faction: Hostile, Indifferent, the levels, Allied; a slot each for
    the faction's relationship marker; the aids needed and VP printed above."""
    cat = ctx.catalog
    markers = {c.faction: c for c in cat.of("counter").values() if c.role == "relationship"}
    if not markers:
        return
    size = max(float(m.size) for m in markers.values())
    box = size + 2
    aids, vps = list(f.aids or []), list(f.aid_vp or [])
    heads = [_w(ctx, "hostile"), _w(ctx, "indifferent")] + \
        [str(i + 1) for i in range(max(0, len(aids) - 1))] + [_w(ctx, "allied")]
    sk.text(x, y, _w(ctx, "relations"), pt=8, bold=True)
    label_w, pitch = 15.0, box + 3.0
    for i, head in enumerate(heads):
        note = ""
        if i >= 2 and i - 2 < len(aids):
            n = aids[i - 2]
            aid = _w(ctx, "aids") if ctx.lang == "zh" or n != 1 else "aid"
            note = f"协助{n}·{vps[i - 2]}分" if ctx.lang == "zh" \
                else f"{n} {aid} · {vps[i - 2]} {_w(ctx, 'vp')}"
        sk.text(x + label_w + i * pitch - 2, y + 4.5, head, pt=6.2, w=pitch, align="center")
        if note:
            sk.text(x + label_w + i * pitch - 2, y + 7.5, note, pt=6.2, w=pitch, align="center")
    ry = y + 15
    for fid, m in markers.items():
        sk.text(x, ry + box / 2 - 2, ctx.t(m.mark), pt=7.5, bold=True, w=label_w)
        for i in range(len(heads)):
            sk.piece_slot(x + label_w + i * pitch, ry, m.shape, m.size,
                          fill="#f3c9c0" if i == 0 else "#ffffff")
        ry += box + 1.5
    if len(vps) > len(aids):
        sk.text(x + label_w, ry + 0.5, f"{_w(ctx, 'allied')}: {vps[-1]} {_w(ctx, 'vp')} "
                f"{_w(ctx, 'per_aid')}", pt=6.2)


LAYOUTS = {"marquise": marquise, "eyrie": eyrie, "alliance": alliance, "vagabond": vagabond}


def faction_sketch(ctx, faction) -> Sketch:
    colour = css_colour(faction.colour, f"colour of faction '{faction.id}'")
    sk = Sketch(*SIZE, min_pt=Sketch.floor(ctx.lang))
    sk.box(0, 0, SIZE[0], 11, fill=colour, stroke="none", radius=0, width=0)
    sk.text(M, 2.2, ctx.t(faction.name), pt=14, bold=True, colour="#ffffff")
    info = f"{ctx.t(ctx.catalog.game.title)} · {_w(ctx, 'crafts')} {ctx.t(faction.crafts_with)}"
    if faction.warriors:
        info = f"{faction.warriors} {_w(ctx, 'warriors')} · " + info
    sk.text(SIZE[0] - M - 140, 3.8, info, pt=8, w=140, align="right", colour="#ffffff")
    layout = LAYOUTS.get(faction.id)
    if layout is not None:
        layout(ctx, sk, faction, colour)
    return sk


def faction_faces(ctx, html):
    faces = []
    for faction in sorted(ctx.catalog.of("faction").values(), key=lambda f: f.order):
        view = faction_sketch(ctx, faction).view(ctx.t(faction.name))
        page = html.render("counters/board.html.j2", f"the {faction.id} board", board=view,
                           w=view["w"], h=view["h"], bleed=0.0,
                           page=page_name(view["w"], view["h"], 0.0))
        faces.append(Face(f"faction_board/{faction.id}", "faction_board", faction.id, "front",
                          "faction_board", view["w"], view["h"], 0.0, 1, page, False,
                          view["title"], large=True))
    return faces
