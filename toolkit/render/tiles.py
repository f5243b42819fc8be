"""Large faces (the board, player boards) on home-printer sheets: at true size, tiled with
an overlap and matching alignment marks when they do not fit one sheet, plus a one-page
overview of the tiling."""

from __future__ import annotations

import math
from dataclasses import dataclass

from toolkit.render.impose import footer
from toolkit.render.options import FOOTER, MARGIN, TILE_OVERLAP
from toolkit.render.pdfops import PT, Canvas

MARK_STEP = 45.0  # mm between alignment crosses along an overlap
CORNER = 4.0      # mm the corner marks of a face on one sheet reach past it
MARK_GAP = 0.5    # mm between a face's kept bleed and its corner marks
MARK_MIN = 1.5    # mm of corner mark kept past the bleed, at least


@dataclass(frozen=True)
class Plan:
    paper: tuple[float, float]
    cols: int
    rows: int
    area: tuple[float, float]        # printable area of a sheet
    tile: tuple[float, float] = (0.0, 0.0)  # the board on one tile (an even share)

    @property
    def step(self) -> tuple[float, float]:
        return (self.tile[0] - TILE_OVERLAP, self.tile[1] - TILE_OVERLAP)

    def origin(self, col: int, row: int) -> tuple[float, float]:
        return (col * self.step[0], row * self.step[1])


def plan_for(paper: tuple[float, float], w: float, h: float) -> Plan:
    """The orientation of the paper that needs the fewest sheets (of two that need as
    many, the one leaving the wider margin: a 205 mm mat is turned on Letter rather than
    set 0.5 mm inside its printable width); the board is shared evenly between the tiles
    (no sliver of a tile at the right or bottom)."""
    best, best_room = None, -1.0
    for pw, ph in (paper, (paper[1], paper[0])):
        aw, ah = pw - 2 * MARGIN, ph - 2 * MARGIN - FOOTER
        cols = 1 if w <= aw else math.ceil((w - TILE_OVERLAP) / (aw - TILE_OVERLAP))
        rows = 1 if h <= ah else math.ceil((h - TILE_OVERLAP) / (ah - TILE_OVERLAP))
        tile = (w if cols == 1 else (w - TILE_OVERLAP) / cols + TILE_OVERLAP,
                h if rows == 1 else (h - TILE_OVERLAP) / rows + TILE_OVERLAP)
        plan = Plan((pw, ph), cols, rows, (aw, ah), tile)
        room = min(aw - tile[0], ah - tile[1])
        if best is None or cols * rows < best.cols * best.rows or \
                cols * rows == best.cols * best.rows and room > best_room + 1e-6:
            best, best_room = plan, room
    return best


def tile_origin(plan: Plan, cw: float, ch: float) -> tuple[float, float]:
    """Where a tile cw x ch mm goes on its sheet: centred in the printable area, so its
    cut edge stays clear of a printer's wider margin (F16)."""
    return (MARGIN + (plan.area[0] - cw) / 2, MARGIN + (plan.area[1] - ch) / 2)


def tile_name(col: int, row: int) -> str:
    return f"{chr(65 + row)}{col + 1}"


def kept_tiles(plan: Plan, w: float, h: float, content=()) -> set[tuple[int, int]]:
    """(col, row) of the tiles that hold some of `content` (every tile when none given)."""
    tiles = set()
    for row in range(plan.rows):
        for col in range(plan.cols):
            bx, by = plan.origin(col, row)
            tw, th = min(plan.tile[0], w - bx), min(plan.tile[1], h - by)
            if not content or any(x < bx + tw and bx < x + cw and y < by + th and by < y + ch
                                  for x, y, cw, ch in content):
                tiles.add((col, row))
    return tiles


def kept_bleed(bleed: float, room: float, marks: bool = True) -> float:
    """How much of a face's `bleed` a side keeps on the sheet with `room` mm between its
    trim and the printable limit: all of it where there is room, less (down to none)
    where the 5 mm band, and with `marks` a corner mark (MARK_GAP + MARK_MIN) past the
    bleed, would not fit."""
    spare = room - (MARK_GAP + MARK_MIN if marks else 0.0)
    return max(0.0, min(bleed, spare))


def tile_sheets(ref, w: float, h: float, paper, words, n_label: str = "",
                content=(), bleed: float = 0.0) -> list[Canvas]:
    """The face at true size on one sheet or tiled across several, leaving out tiles with
    none of `content`; `words` gives the captions ('single'(label), 'tile'(label, name,
    rows, cols)). A face drawn with `bleed` (its XObject is trim + 2 x bleed) keeps it on
    the board's outer edges as far as the sheet's 5 mm band allows (kept_bleed), with the
    corner marks past it; the edges tiles share are cut at the trim as before."""
    plan = plan_for(paper, w, h)
    if plan.cols * plan.rows == 1:
        canvas = Canvas(*plan.paper)
        x, y = (plan.paper[0] - w) / 2, MARGIN + (plan.area[1] - h) / 2
        limits = (MARGIN, MARGIN, plan.paper[0] - MARGIN, MARGIN + plan.area[1])
        room = _room(x, y, w, h, limits)
        keep = {side: kept_bleed(bleed, r) for side, r in room.items()}
        canvas.place(ref, x - bleed, y - bleed,
                     clip=(x - keep["left"], y - keep["top"],
                           w + keep["left"] + keep["right"], h + keep["top"] + keep["bottom"]))
        _corner_marks(canvas, x, y, w, h, limits, keep)
        footer(canvas, words["single"](n_label))
        return [canvas]
    out = []
    kept = kept_tiles(plan, w, h, content)
    for row in range(plan.rows):
        for col in range(plan.cols):
            if (col, row) not in kept:
                continue
            canvas = Canvas(*plan.paper)
            bx, by = plan.origin(col, row)
            cw, ch = min(plan.tile[0], w - bx), min(plan.tile[1], h - by)
            ox, oy = tile_origin(plan, cw, ch)
            room = _room(ox, oy, cw, ch, (MARGIN, MARGIN, MARGIN + plan.area[0],
                                          MARGIN + plan.area[1]))
            # the board's own edges keep its bleed; edges shared with a neighbour do not
            outer = {"left": col == 0, "top": row == 0, "right": bx + cw >= w - 1e-6,
                     "bottom": by + ch >= h - 1e-6}
            keep = {side: kept_bleed(bleed, room[side], marks=False) if outer[side] else 0.0
                    for side in room}
            canvas.place(ref, ox - bx - bleed, oy - by - bleed,
                         clip=(ox - keep["left"], oy - keep["top"],
                               cw + keep["left"] + keep["right"],
                               ch + keep["top"] + keep["bottom"]))
            canvas.rect(ox, oy, cw, ch, stroke=0.3)
            _glue_strips(canvas, plan, col, row, cw, ch, kept, ox, oy)
            footer(canvas, words["tile"](n_label, tile_name(col, row), plan.rows, plan.cols))
            out.append(canvas)
    return out


def _glue_strips(canvas: Canvas, plan: Plan, col: int, row: int, cw: float, ch: float,
                 kept: set, ox: float = MARGIN, oy: float = MARGIN) -> None:
    """Hatch the strips the next tile (right, below) is laid over, with alignment crosses
    inside them only, so nothing of them shows on the assembled board; (ox, oy) is where
    the tile's corner is on the sheet."""
    bx, by = plan.origin(col, row)
    if (col + 1, row) in kept:
        x = ox + cw - TILE_OVERLAP
        _hatch(canvas, x, oy, TILE_OVERLAP, ch)
        for yb in _multiples(by, by + ch):
            _cross(canvas, x + TILE_OVERLAP / 2, oy + yb - by)
    if (col, row + 1) in kept:
        y = oy + ch - TILE_OVERLAP
        _hatch(canvas, ox, y, cw, TILE_OVERLAP)
        for xb in _multiples(bx, bx + cw):
            _cross(canvas, ox + xb - bx, y + TILE_OVERLAP / 2)


def _hatch(canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
    """Diagonal grey lines over a strip, clipped to it, and its outline."""
    canvas.ops.append("q")
    canvas.ops.append(f"{canvas._xy(x, y + h)} {w * PT:.3f} {h * PT:.3f} re W n")
    step = 3.0
    k = -h
    while k < w:
        canvas.line(x + k, y + h, x + k + h, y, width=0.3, gray=0.55)
        k += step
    canvas.ops.append("Q")
    canvas.rect(x, y, w, h, stroke=0.4)


def _multiples(start: float, end: float) -> list[float]:
    """Board positions (multiples of MARK_STEP) strictly inside start..end, 5 mm clear."""
    first = math.floor(start / MARK_STEP) + 1
    return [k * MARK_STEP for k in range(first, int(end // MARK_STEP) + 1)
            if start + 5 < k * MARK_STEP < end - 5]


def _cross(canvas: Canvas, x: float, y: float) -> None:
    canvas.line(x - 3, y, x + 3, y, width=0.5)
    canvas.line(x, y - 3, x, y + 3, width=0.5)
    canvas.rect(x - 1.2, y - 1.2, 2.4, 2.4, stroke=0.4)


def _room(x: float, y: float, w: float, h: float,
          limits: tuple[float, float, float, float]) -> dict[str, float]:
    """mm between each side of the face (x, y, w, h) and the printable limits."""
    x1, y1, x2, y2 = limits
    return {"left": x - x1, "right": x2 - x - w, "top": y - y1, "bottom": y2 - y - h}


def _corner_marks(canvas: Canvas, x: float, y: float, w: float, h: float,
                  limits: tuple[float, float, float, float], keep=None) -> None:
    """Corner marks from 1 mm outside the face (past its kept bleed, `keep` per side) to
    CORNER mm, as long as `limits` (the printable area: the 5 mm band and the footer stay
    clear) allow; a side with no room for a 1 mm mark gets a hairline on the face's edge
    instead (its cut line)."""
    room = _room(x, y, w, h, limits)
    keep = keep or {}
    start = {side: max(1.0, keep.get(side, 0.0) + MARK_GAP) for side in room}
    for side, (ax, ay, bx, by) in {"left": (x, y, x, y + h), "right": (x + w, y, x + w, y + h),
                                   "top": (x, y, x + w, y),
                                   "bottom": (x, y + h, x + w, y + h)}.items():
        if room[side] < start[side] + 1.0:
            canvas.line(ax, ay, bx, by, width=0.2)
    for cx, dx, hs in ((x, -1, "left"), (x + w, 1, "right")):
        for cy, dy, vs in ((y, -1, "top"), (y + h, 1, "bottom")):
            # a horizontal mark lies beside the top or bottom edge, past that edge's bleed
            if room[hs] >= start[hs] + 1.0:
                canvas.line(cx + dx * start[hs], cy,
                            cx + dx * min(max(CORNER, start[hs] + 2.0), room[hs]), cy)
            if room[vs] >= start[vs] + 1.0:
                canvas.line(cx, cy + dy * start[vs],
                            cx, cy + dy * min(max(CORNER, start[vs] + 2.0), room[vs]))


def overview(ref, w: float, h: float, paper, words, label: str, content=(),
             bleed: float = 0.0) -> Canvas:
    """The whole face scaled onto one sheet, with the tile grid and the names of the tiles
    printed drawn on (a tile left out, with nothing on it, is crossed out)."""
    plan = plan_for(paper, w, h)
    pw, ph = plan.paper
    if (w > h) != (pw > ph):  # the sheet turned like the board, so the overview is largest
        pw, ph = ph, pw
    canvas = Canvas(pw, ph)
    aw, ah = pw - 2 * MARGIN, ph - 2 * MARGIN - FOOTER
    scale = min((aw - 1.0) / w, (ah - 1.0) / h, 1.0)  # its outline inside the band too
    x0, y0 = MARGIN + (aw - w * scale) / 2, MARGIN + (ah - h * scale) / 2
    canvas.place(ref, x0 - bleed * scale, y0 - bleed * scale, scale=scale,
                 clip=(x0, y0, w * scale, h * scale))
    canvas.rect(x0, y0, w * scale, h * scale, stroke=0.4)
    kept = kept_tiles(plan, w, h, content)
    if plan.cols * plan.rows > 1:
        for row in range(plan.rows):
            for col in range(plan.cols):
                bx, by = plan.origin(col, row)
                tw, th = min(plan.tile[0], w - bx), min(plan.tile[1], h - by)
                x, y = x0 + bx * scale, y0 + by * scale
                canvas.rect(x, y, tw * scale, th * scale, stroke=0.6)
                if (col, row) in kept:
                    canvas.text(x + 2, y + 6, tile_name(col, row), 9)
                else:
                    canvas.line(x, y, x + tw * scale, y + th * scale, width=0.3)
                    canvas.line(x, y + th * scale, x + tw * scale, y, width=0.3)
    canvas.caption(words["overview"](label, math.floor(scale * 100 + 1e-9), len(kept)),
                   MARGIN, canvas.h - MARGIN - 2.0)
    return canvas
