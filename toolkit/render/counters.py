"""Counters: a game's pieces (warriors, buildings, tokens, markers) printed as cut-out
counters of one shape each - round, square or hex - on the token sheets, and the slots a
board draws for them, sized from the piece so that every slot holds its piece.

A piece is data: any kind whose entries carry `shape` and `size` (mm) prints as counters
(`counter_part(kind)`; a project without rules gets it for every such kind, see
`parts.game_parts`), and a board asks `slot(piece)` for the space that holds one. Sizes:
`size` is the diameter of a round counter, the side of a square one and the distance
across the flats of a (flat-topped) hex, whose corners are `size * 2 / sqrt(3)` apart."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path

from toolkit.render.faces import Face, group_of
from toolkit.render.options import BLEED

TEMPLATES = Path(__file__).parent / "counter_templates"
SHAPES = ("round", "square", "hex")
CLEARANCE = 1.0      # mm a slot is larger than its piece on every side
INK = "#1d1d1d"


@dataclass(frozen=True)
class Counter:
    """One counter design. `mark` is the big sign in the middle (a letter, a number, a
    glyph), `label` the small line under it; `back` the design of its other side (None:
    the same as the front, so it shows either way up)."""

    id: str
    name: str
    shape: str
    size: float
    copies: int
    colour: str = "#d8c8a0"
    ink: str = INK
    mark: str = ""
    label: str = ""
    back: "Counter | None" = None
    source: tuple | None = None

    @property
    def outline(self) -> tuple[float, float]:
        return outline(self.shape, self.size)


def outline(shape: str, size: float) -> tuple[float, float]:
    """(width, height) in mm of a counter's trim box."""
    if shape not in SHAPES:
        raise ValueError(f"unknown counter shape '{shape}' (one of {', '.join(SHAPES)})")
    if shape == "hex":
        return (round(size * 2 / math.sqrt(3), 2), float(size))
    return (float(size), float(size))


def slot(shape: str, size: float, clearance: float = CLEARANCE) -> dict:
    """The space a board draws for a piece: the piece's shape, `clearance` larger on
    every side; `w`/`h` its box in mm, `points` the polygon of a hex (box coordinates)."""
    w, h = outline(shape, size + 2 * clearance)
    return {"shape": shape, "w": w, "h": h, "points": hex_points(w, h, 0.0)
            if shape == "hex" else "", "holds": (shape, float(size))}


def holds(space: dict, shape: str, size: float) -> bool:
    """Whether a slot of `slot()` (or any dict with shape, w, h) holds a piece: the same
    shape (a round piece also fits a square or hex slot) and the piece's box inside the
    slot's box."""
    w, h = outline(shape, size)
    fits_shape = space["shape"] == shape or shape == "round"
    return fits_shape and w <= space["w"] + 1e-6 and h <= space["h"] + 1e-6


def hex_points(w: float, h: float, inset: float, x: float = 0.0, y: float = 0.0) -> str:
    """The SVG polygon of a flat-topped hex filling a w x h box at (x, y), `inset` mm in."""
    r = w / 2 - inset * 2 / math.sqrt(3)
    cx, cy = x + w / 2, y + h / 2
    pts = [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
           for a in range(0, 360, 60)]
    return " ".join(f"{px:.2f},{py:.2f}" for px, py in pts)


def from_entry(ctx, entry, **overrides) -> Counter:
    """The counter of a data entry with `shape`, `size`, `copies` (1 when absent) and an
    optional `colour` and `mark`; keyword arguments override any of them."""
    values = {"id": entry.id, "name": ctx.t(entry.name), "shape": entry.shape,
              "size": float(entry.size), "copies": int(getattr(entry, "copies", 1) or 1),
              "source": ctx.catalog.source(entry.id)}
    if getattr(entry, "colour", None):
        from toolkit.content.colours import css_colour
        values["colour"] = css_colour(entry.colour, f"colour of '{entry.id}'")
    mark = getattr(entry, "mark", None)
    if mark:
        values["mark"] = mark if isinstance(mark, str) else ctx.t(mark)
    values.update(overrides)
    return Counter(**values)


def _view(ctx, kind: str, c: Counter) -> dict:
    w, h = c.outline
    zh = ctx.lang == "zh"
    return {"kind": f"{kind} counter", "id": c.id, "color": c.colour, "ink": c.ink,
            "shape": c.shape, "name": c.name, "mark": c.mark, "label": c.label,
            "mark_pt": mark_pt(c.mark, w, h, c.shape), "label_pt": 7.2 if zh else 6.2,
            "points": hex_points(w, h, 0.0), "inner": hex_points(w, h, 0.9)}


def mark_pt(text: str, w: float, h: float, shape: str = "square") -> float:
    """The size of the mark: as large as fits the counter's width less 2 mm a side (a
    round one loses its corners: 82 % of it), counting a CJK character one em wide and a
    Latin one 0.68 em (DejaVu Sans Condensed Bold), at most 80 % of its height in points,
    never under the floor (7 pt CJK, 6 pt Latin)."""
    if not text:
        return 0.0
    ems = sum(1.0 if ord(ch) > 0x2E80 else 0.68 for ch in text)
    cjk = any(ord(ch) > 0x2E80 for ch in text)
    room = (0.82 * w if shape == "round" else 0.9 * w if shape == "hex" else w) - 4.0
    fit = room / (ems * 0.3528)
    return round(max(7.0 if cjk else 6.0, min(fit, 0.8 * min(w, h))), 1)


def counter_faces(ctx, html, kind: str, counters: list[Counter]) -> list[Face]:
    """The fronts of `counters` and a back for each (the token sheets group counters of
    one size, whatever their kind)."""
    faces: list[Face] = []
    for c in counters:
        if c.copies <= 0:
            continue
        w, h = c.outline
        group = group_of(kind, w, h)
        back = c.back or replace(c, back=None)
        back_face = Face(f"{kind}/{c.id}/back", kind, c.id, "back", group, w, h, BLEED, 0,
                         html.face("counters/counter.html.j2", _view(ctx, kind, back), w, h,
                                   BLEED, f"the back of {kind} '{c.id}'"),
                         False, f"{back.name} (back)")
        faces.append(Face(f"{kind}/{c.id}", kind, c.id, "front", group, w, h, BLEED, c.copies,
                          html.face("counters/counter.html.j2", _view(ctx, kind, c), w, h,
                                    BLEED, f"{kind} '{c.id}'"),
                          False, c.name, back_face.key, c.source))
        faces.append(back_face)
    return faces


def counter_kinds(catalog) -> list[str]:
    """The declared kinds whose entries are counters: fields `shape` and `size`."""
    return [k for k, decl in catalog.game.kinds.items()
            if {"shape", "size"} <= set(decl.fields) and catalog.of(k)]


def counter_part(kind: str, name: str | None = None):
    """A Part printing every entry of `kind` as a counter (`--only NAME`, default the
    kind)."""
    from toolkit.render.parts import Part

    def faces(ctx, html):
        return counter_faces(ctx, html, kind,
                             [from_entry(ctx, e) for e in ctx.catalog.of(kind).values()])
    return Part(name or kind, faces)
