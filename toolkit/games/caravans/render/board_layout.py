"""Geometry of the board: label plates placed clear of roads, discs and each other, and
track blocks packed into balanced rows. Pure functions on mm boxes (x, y, w, h)."""

from __future__ import annotations

import math

from toolkit.render.measure import text_width_em

PT_MM = 25.4 / 72   # one point in mm
ROAD_HALF = 2.6     # half the drawn width of a road, mm


def text_mm(text: str, pt: float, bold: bool = False) -> float:
    """The printed width of one line of `text` at `pt` points."""
    return text_width_em(text, bold) * pt * PT_MM


def _segment_hits_box(x1, y1, x2, y2, box) -> bool:
    """Does the segment cross the box (Liang-Barsky clipping)?"""
    bx, by, bw, bh = box
    dx, dy = x2 - x1, y2 - y1
    lo, hi = 0.0, 1.0
    for p, q in ((-dx, x1 - bx), (dx, bx + bw - x1), (-dy, y1 - by), (dy, by + bh - y1)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
        if lo > hi:
            return False
    return True


def _circle_hits_box(cx, cy, r, box) -> bool:
    bx, by, bw, bh = box
    nx, ny = min(max(cx, bx), bx + bw), min(max(cy, by), by + bh)
    return (nx - cx) ** 2 + (ny - cy) ** 2 < r * r


def _boxes_hit(a, b, gap: float = 0.0) -> bool:
    return (a[0] < b[0] + b[2] + gap and b[0] < a[0] + a[2] + gap
            and a[1] < b[1] + b[3] + gap and b[1] < a[1] + a[3] + gap)


def clashes(box, roads, discs, placed, bounds, radius: float) -> int:
    """How many things a label box would touch: roads, region discs, labels already
    placed, and the edge of the map (0 = a free place)."""
    grown = (box[0] - ROAD_HALF, box[1] - ROAD_HALF, box[2] + 2 * ROAD_HALF,
             box[3] + 2 * ROAD_HALF)
    n = sum(_segment_hits_box(r["x1"], r["y1"], r["x2"], r["y2"], grown) for r in roads)
    n += sum(_circle_hits_box(d["x"], d["y"], radius + (4.0 if d.get("nightshade") else 0.8),
                              box) for d in discs)  # the Nightshade ring is wider
    n += sum(_boxes_hit(box, other, 1.0) for other in placed)
    bx, by, bw, bh = bounds
    if box[0] < bx or box[1] < by or box[0] + box[2] > bx + bw or box[1] + box[3] > by + bh:
        n += 1
    return n


def candidates(x: float, y: float, w: float, h: float, r: float) -> list[tuple]:
    """Label boxes around a disc at (x, y): below, above, the four diagonals, the sides."""
    gap = 1.2
    d = (r + gap) / math.sqrt(2)
    spots = [(0, r + gap + h / 2), (0, -(r + gap + h / 2)),
             (d + w / 2, d + h / 2), (-(d + w / 2), d + h / 2),
             (d + w / 2, -(d + h / 2)), (-(d + w / 2), -(d + h / 2)),
             (r + gap + w / 2, 0), (-(r + gap + w / 2), 0)]
    out = []
    for scale in (1.0, 1.35):  # then a little further out
        for dx, dy in spots:
            cx, cy = x + dx * scale, y + dy * scale
            out.append((round(cx - w / 2, 2), round(cy - h / 2, 2), round(w, 2), round(h, 2)))
    return out


def place_labels(discs: list[dict], roads: list[dict], sizes: list[tuple], bounds,
                 radius: float) -> list[tuple[tuple, int]]:
    """A (box, clashes) per disc: the first candidate touching nothing, else the one
    touching least. Discs with the most roads are placed first (they have fewest spots)."""
    degree = {i: sum((r["x1"], r["y1"]) == (d["x"], d["y"]) or (r["x2"], r["y2"]) ==
                     (d["x"], d["y"]) for r in roads) for i, d in enumerate(discs)}
    placed: list[tuple] = []
    out: dict[int, tuple[tuple, int]] = {}
    for i in sorted(range(len(discs)), key=lambda k: -degree[k]):
        d, (w, h) = discs[i], sizes[i]
        best = None
        for box in candidates(d["x"], d["y"], w, h, radius):
            n = clashes(box, roads, discs, placed, bounds, radius)
            if best is None or n < best[1]:
                best = (box, n)
            if n == 0:
                break
        placed.append(best[0])
        out[i] = best
    return [out[i] for i in range(len(discs))]


def balanced_rows(widths: list[float], room: float, gap: float) -> list[list[int]]:
    """Indexes of blocks in rows no wider than `room`, as even as possible."""
    if not widths:
        return []
    fit = 0
    used = 0.0
    for w in widths:
        if fit and used + gap + w > room:
            break
        used += (gap if fit else 0) + w
        fit += 1
    fit = max(fit, 1)
    rows = math.ceil(len(widths) / fit)
    per = math.ceil(len(widths) / rows)
    return [list(range(i, min(i + per, len(widths)))) for i in range(0, len(widths), per)]
