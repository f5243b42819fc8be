"""Imposition of rendered faces on home-printer sheets: the grid for a card size, fronts
with crop marks and a scale bar, backs mirrored for long-edge duplex (with the printer's
offset) or beside the fronts with a fold line. Bleed is kept only where it does not run
into a neighbouring card."""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.render.options import FOOTER, MARGIN, MARK_GAP, MARK_LENGTH
from toolkit.render.pdfops import Canvas

FOLD_GAP = 4.0  # mm between the fold line and the nearest trim edge
SEAM = 0.1      # mm each clip reaches past a shared cut line, so no hairline gap shows


@dataclass(frozen=True)
class Grid:
    """Trim positions of cards on a sheet, row by row from the top-left."""

    cols: int
    rows: int
    w: float
    h: float
    gutter: float
    x0: float
    y0: float

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    def cell(self, index: int) -> tuple[float, float, int, int]:
        col, row = index % self.cols, index // self.cols
        return (self.x0 + col * (self.w + self.gutter), self.y0 + row * (self.h + self.gutter),
                col, row)

    @property
    def right(self) -> float:
        return self.x0 + self.cols * self.w + (self.cols - 1) * self.gutter

    @property
    def bottom(self) -> float:
        return self.y0 + self.rows * self.h + (self.rows - 1) * self.gutter


def fit_count(space: float, size: float, gutter: float) -> int:
    return max(0, int((space + gutter + 1e-6) // (size + gutter)))


def grid_for(paper: tuple[float, float], w: float, h: float, gutter: float,
             left: float = 0.0, width: float | None = None, align: str = "center") -> Grid:
    """As many cards as fit inside the margins, centred (or pushed to one side for fold)."""
    pw, ph = paper
    width = pw if width is None else width
    cols = fit_count(width - 2 * MARGIN, w, gutter)
    rows = fit_count(ph - 2 * MARGIN, h, gutter)
    if cols == 0 or rows == 0:
        return Grid(0, 0, w, h, gutter, 0, 0)
    used_w = cols * w + (cols - 1) * gutter
    used_h = rows * h + (rows - 1) * gutter
    x0 = {"center": left + (width - used_w) / 2, "right": left + width - FOLD_GAP - used_w,
          "left": left + FOLD_GAP}[align]
    return Grid(cols, rows, w, h, gutter, x0, (ph - used_h) / 2)


def clip_for(grid: Grid, x: float, y: float, col: int, row: int, bleed: float):
    """Trim box grown by the bleed, but only half the gutter towards a neighbour."""
    inner = min(bleed, grid.gutter / 2) + SEAM
    left = inner if col > 0 else bleed
    right = inner if col < grid.cols - 1 else bleed
    top = inner if row > 0 else bleed
    bottom = inner if row < grid.rows - 1 else bleed
    return (x - left, y - top, grid.w + left + right, grid.h + top + bottom)


def crop_marks(canvas: Canvas, grid: Grid, bleed: float, to_edge: bool,
               skip: str = "") -> None:
    """A mark at every cut line, in the margins outside the outer bleed (not on `skip`:
    'left' or 'right', the side facing a fold line)."""
    xs, ys = set(), set()
    for i in range(grid.per_sheet):
        x, y, _, _ = grid.cell(i)
        xs.update((round(x, 3), round(x + grid.w, 3)))
        ys.update((round(y, 3), round(y + grid.h, 3)))
    top, bottom = grid.y0 - bleed - MARK_GAP, grid.bottom + bleed + MARK_GAP
    left, right = grid.x0 - bleed - MARK_GAP, grid.right + bleed + MARK_GAP
    for x in sorted(xs):
        canvas.line(x, top, x, 0 if to_edge else max(0.0, top - MARK_LENGTH))
        canvas.line(x, bottom, x, canvas.h if to_edge else min(canvas.h, bottom + MARK_LENGTH))
    for y in sorted(ys):
        if skip != "left":
            canvas.line(left, y, 0 if to_edge else max(0.0, left - MARK_LENGTH), y)
        if skip != "right":
            canvas.line(right, y, canvas.w if to_edge else min(canvas.w, right + MARK_LENGTH), y)


def footer(canvas: Canvas, label: str, free_bottom: float, free_left: float) -> None:
    """A 1 cm scale bar and the sheet's label, in the bottom margin if there is room,
    else running up the left margin."""
    text = f"{label}  -  print at 100 % (actual size); the bar must measure 1 cm"
    if free_bottom >= FOOTER or free_bottom >= free_left:
        y = canvas.h - max(MARGIN - 1.5, min(free_bottom, FOOTER) / 2 - 1.5)
        _scale_bar(canvas, MARGIN, y, vertical=False)
        canvas.text(MARGIN + 13, y, text, size=6.5)
    else:
        x = max(MARGIN - 1.5, free_left / 2 + 1.5)
        _scale_bar(canvas, x, canvas.h - MARGIN, vertical=True)
        canvas.text(x, canvas.h - MARGIN - 13, text, size=6.5, angle=90)


def _scale_bar(canvas: Canvas, x: float, y: float, vertical: bool) -> None:
    """10 mm with a tick every millimetre; (x, y) is its start on the baseline."""
    if vertical:
        canvas.rect(x - 1.2, y - 10, 1.2, 10, fill=0.0, stroke=0)
        for mm in range(11):
            canvas.line(x, y - mm, x + (1.6 if mm % 5 == 0 else 0.9), y - mm, width=0.3)
    else:
        canvas.rect(x, y - 1.2, 10, 1.2, fill=0.0, stroke=0)
        for mm in range(11):
            canvas.line(x + mm, y, x + mm, y + (1.6 if mm % 5 == 0 else 0.9), width=0.3)


def free_space(grid: Grid, canvas: Canvas, bleed: float) -> tuple[float, float]:
    """Room left below and to the left of the cards' outer bleed."""
    return canvas.h - grid.bottom - bleed, grid.x0 - bleed


def card_sheets(writer, xobjects, placements, back_of, where, opts, label: str) -> int:
    """Sheets for one group: `placements` lists every front face once per copy; returns the
    number of pages added (fronts then backs, sheet by sheet)."""
    if not placements:
        return 0
    first = placements[0]
    if opts.layout == "fold":
        return _fold_sheets(writer, xobjects, placements, back_of, where, opts, label)
    grid = grid_for(opts.paper_size, first.width, first.height, opts.gutter)
    if grid.per_sheet == 0:
        raise ValueError(f"{label}: a {first.width}x{first.height} mm card does not fit "
                         f"on {opts.paper}")
    chunks = [placements[i:i + grid.per_sheet] for i in range(0, len(placements), grid.per_sheet)]
    pages = 0
    dx, dy = opts.back_offset
    for n, chunk in enumerate(chunks, 1):
        front, back = Canvas(*opts.paper_size), Canvas(*opts.paper_size)
        for i, face in enumerate(chunk):
            x, y, col, row = grid.cell(i)
            rendered = where[face.key]
            ref = xobjects.get(rendered.path, rendered.index)
            front.place(ref, x - face.bleed, y - face.bleed,
                        clip=clip_for(grid, x, y, col, row, face.bleed))
            mirror_x = front.w - x - grid.w
            back_face = back_of(face)
            rb = where[back_face.key]
            back.place(xobjects.get(rb.path, rb.index), mirror_x - face.bleed + dx,
                       y - face.bleed + dy, clip=_shift(clip_for(
                           grid, mirror_x, y, grid.cols - 1 - col, row, face.bleed), dx, dy))
        crop_marks(front, grid, first.bleed, opts.marks_to_edge)
        footer(front, f"{label} - fronts {n}/{len(chunks)}", *free_space(grid, front, first.bleed))
        footer(back, f"{label} - backs {n}/{len(chunks)} (long-edge flip)",
               *free_space(grid, back, first.bleed))
        front.add_to(writer)
        back.add_to(writer)
        pages += 2
    return pages


def _shift(clip, dx, dy):
    x, y, w, h = clip
    return (x + dx, y + dy, w, h)


def _fold_sheets(writer, xobjects, placements, back_of, where, opts, label: str) -> int:
    """Landscape sheets: fronts left of a vertical fold line, backs mirrored on the right."""
    pw, ph = opts.paper_size
    paper = (max(pw, ph), min(pw, ph))
    first = placements[0]
    half = paper[0] / 2
    grid = grid_for(paper, first.width, first.height, opts.gutter, 0, half, "right")
    if grid.per_sheet == 0:
        raise ValueError(f"{label}: a {first.width}x{first.height} mm card does not fit "
                         f"half of {opts.paper} for the fold layout")
    chunks = [placements[i:i + grid.per_sheet] for i in range(0, len(placements), grid.per_sheet)]
    for n, chunk in enumerate(chunks, 1):
        canvas = Canvas(*paper)
        mirror = Grid(grid.cols, grid.rows, grid.w, grid.h, grid.gutter,
                      paper[0] - grid.right, grid.y0)
        for i, face in enumerate(chunk):
            x, y, col, row = grid.cell(i)
            rendered, rb = where[face.key], where[back_of(face).key]
            clip = clip_for(grid, x, y, col, row, min(face.bleed, FOLD_GAP))
            canvas.place(xobjects.get(rendered.path, rendered.index), x - face.bleed,
                         y - face.bleed, clip=clip)
            mx = paper[0] - x - grid.w
            canvas.place(xobjects.get(rb.path, rb.index), mx - face.bleed, y - face.bleed,
                         clip=clip_for(mirror, mx, y, grid.cols - 1 - col, row,
                                       min(face.bleed, FOLD_GAP)))
        canvas.line(half, MARGIN, half, paper[1] - MARGIN, width=0.4, gray=0.45, dash=(2, 1.5))
        canvas.text(half + 1, MARGIN + 3, "fold", size=6)
        crop_marks(canvas, grid, min(first.bleed, FOLD_GAP), opts.marks_to_edge, "right")
        crop_marks(canvas, mirror, min(first.bleed, FOLD_GAP), opts.marks_to_edge, "left")
        footer(canvas, f"{label} - fold sheet {n}/{len(chunks)}",
               *free_space(grid, canvas, first.bleed))
        canvas.add_to(writer)
    return len(chunks)
