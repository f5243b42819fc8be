"""Imposition of rendered faces on home-printer sheets: the grid for a card size, fronts
with crop marks and a scale bar, backs mirrored for long-edge duplex (with the printer's
offset) or beside the fronts with a fold line. Bleed is kept only where it does not run
into a neighbouring card.

Nothing is printed within MARGIN of the paper edge: the cards, their outer bleed and crop
marks fit inside it, and the footer (scale bar and caption) has a band of its own below the
cards or, when the sheet is too short (Letter), beside them."""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.render.options import FOOTER, MARGIN, MARK_GAP, MARK_LENGTH
from toolkit.render.pdfops import Canvas

FOLD_GAP = 4.0   # mm between the fold line and the nearest trim edge
SEAM = 0.1       # mm each clip reaches past a shared cut line, so no hairline gap shows
MIN_BLEED = 0.5  # mm of outer bleed kept at least
MIN_GAP = 0.5    # mm between the outer bleed and a crop mark, at least
MIN_MARK = 1.5   # mm: the shortest crop mark
ZONE = MIN_BLEED + MIN_GAP + MIN_MARK  # mm outside the trim a grid needs at least


@dataclass(frozen=True)
class Grid:
    """Trim positions of cards on a sheet, row by row from the top-left; `limits` is the
    rectangle (x1, y1, x2, y2) marks may use; `footer` where the caption band is."""

    cols: int
    rows: int
    w: float
    h: float
    gutter: float
    x0: float
    y0: float
    limits: tuple = (0.0, 0.0, 0.0, 0.0)
    footer: str = "bottom"

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

    def outer(self, bleed: float) -> tuple[float, float]:
        """Bleed kept outside the outer cards and the gap before a mark: as much as
        leaves room for a mark of at least MIN_MARK."""
        x1, y1, x2, y2 = self.limits
        room = min(self.x0 - x1, y2 - self.bottom, self.y0 - y1, x2 - self.right)
        spare = max(0.0, room - MIN_MARK)
        kept = min(bleed, max(MIN_BLEED, spare - MARK_GAP))
        return kept, max(0.0, min(MARK_GAP, spare - kept))

    def outer_bleed(self, bleed: float) -> float:
        return self.outer(bleed)[0]

    def mirrored(self, width: float) -> "Grid":
        """The same grid seen from the back of a sheet `width` wide."""
        x1, y1, x2, y2 = self.limits
        side = {"left": "right", "right": "left"}.get(self.footer, self.footer)
        return Grid(self.cols, self.rows, self.w, self.h, self.gutter, width - self.right,
                    self.y0, (width - x2, y1, width - x1, y2), side)


def fit_count(space: float, size: float, gutter: float) -> int:
    return max(0, int((space + gutter + 1e-6) // (size + gutter)))


def grid_for(paper: tuple[float, float], w: float, h: float, gutter: float,
             left: float = 0.0, width: float | None = None, fold: str = "") -> Grid:
    """As many cards as fit with their marks inside the margins (footer below the cards,
    else beside them); `fold` 'right' or 'left' pushes them to a fold line on that side."""
    pw, ph = paper
    width = pw if width is None else width
    best = None
    for footer in ("bottom", "left"):
        x1 = left + MARGIN + (FOOTER if footer == "left" else 0.0)
        x2 = left + width - MARGIN
        if fold == "right":
            x2 = left + width - FOLD_GAP
        elif fold == "left":
            x1 = left + FOLD_GAP
        y1, y2 = MARGIN, ph - MARGIN - (FOOTER if footer == "bottom" else 0.0)
        zl = 0.0 if fold == "left" else ZONE
        zr = 0.0 if fold == "right" else ZONE
        cols = fit_count(x2 - x1 - zl - zr, w, gutter)
        rows = fit_count(y2 - y1 - 2 * ZONE, h, gutter)
        if best is None or cols * rows > best[0] * best[1]:
            best = (cols, rows, footer, (x1, y1, x2, y2), zl, zr)
    cols, rows, footer, (x1, y1, x2, y2), zl, zr = best
    if cols == 0 or rows == 0:
        return Grid(0, 0, w, h, gutter, 0, 0)
    used_w = cols * w + (cols - 1) * gutter
    used_h = rows * h + (rows - 1) * gutter
    if fold == "right":
        x0 = x2 - used_w
    elif fold == "left":
        x0 = x1
    else:
        x0 = x1 + zl + (x2 - x1 - zl - zr - used_w) / 2
    return Grid(cols, rows, w, h, gutter, x0, y1 + (y2 - y1 - used_h) / 2,
                (x1, y1, x2, y2), footer)


def clip_for(grid: Grid, x: float, y: float, col: int, row: int, bleed: float,
             count: int | None = None, mirrored: bool = False):
    """Trim box grown by the outer bleed, but only half the gutter towards a neighbour:
    a side facing no card (the sheet's edge, or an empty slot of a partial sheet, `count`
    cards filled row by row; `mirrored` for the back of the sheet) gets the outer bleed."""
    inner = min(bleed, grid.gutter / 2) + SEAM
    outer = grid.outer_bleed(bleed)

    def card(c: int, r: int) -> bool:
        if not (0 <= c < grid.cols and 0 <= r < grid.rows):
            return False
        return count is None or r * grid.cols + (grid.cols - 1 - c if mirrored else c) < count

    left = inner if card(col - 1, row) else outer
    right = inner if card(col + 1, row) else outer
    top = inner if card(col, row - 1) else outer
    bottom = inner if card(col, row + 1) else outer
    return (x - left, y - top, grid.w + left + right, grid.h + top + bottom)


def filled(grid: Grid, count: int | None, mirrored: bool = False) -> tuple[int, ...]:
    """The cells (indices of `grid`) holding one of `count` cards placed row by row on the
    front (`mirrored`: the same cells seen from the back)."""
    count = grid.per_sheet if count is None else min(count, grid.per_sheet)
    cells = []
    for i in range(count):
        col, row = i % grid.cols, i // grid.cols
        cells.append(row * grid.cols + (grid.cols - 1 - col if mirrored else col))
    return tuple(sorted(cells))


_MARKS: dict[tuple, tuple[str, ...]] = {}  # the marks of a grid, drawn once per process


def crop_marks(canvas: Canvas, grid: Grid, bleed: float, to_edge: bool,
               skip: str = "", cells: tuple[int, ...] | None = None) -> None:
    """A mark at every cut line of the cards there are (`cells`, default all: no marks for
    the empty rows and columns of a partial sheet), between the outer bleed and the margin
    (not on `skip`: 'left' or 'right', the side facing a fold line). Every full sheet of a
    deck has the same marks: they are drawn once and their operators reused."""
    cells = tuple(range(grid.per_sheet)) if cells is None else cells
    key = (canvas.w, canvas.h, grid, bleed, to_edge, skip, cells)
    if key not in _MARKS:
        sketch = Canvas(canvas.w, canvas.h)
        _draw_marks(sketch, grid, bleed, to_edge, skip, cells)
        if len(_MARKS) > 1000:
            _MARKS.clear()
        _MARKS[key] = tuple(sketch.ops)
    canvas.ops.extend(_MARKS[key])


def _draw_marks(canvas: Canvas, grid: Grid, bleed: float, to_edge: bool, skip: str,
                cells: tuple[int, ...]) -> None:
    xs, ys = set(), set()
    for i in cells:
        x, y, _, _ = grid.cell(i)
        xs.update((round(x, 3), round(x + grid.w, 3)))
        ys.update((round(y, 3), round(y + grid.h, 3)))
    if not xs:
        return
    out = sum(grid.outer(bleed))
    x1, y1, x2, y2 = grid.limits
    top, bottom = min(ys) - out, max(ys) + out
    left, right = min(xs) - out, max(xs) + out
    for x in sorted(xs):
        canvas.line(x, top, x, y1 if to_edge else max(y1, top - MARK_LENGTH))
        canvas.line(x, bottom, x, y2 if to_edge else min(y2, bottom + MARK_LENGTH))
    for y in sorted(ys):
        if skip != "left":
            canvas.line(left, y, x1 if to_edge else max(x1, left - MARK_LENGTH), y)
        if skip != "right":
            canvas.line(right, y, x2 if to_edge else min(x2, right + MARK_LENGTH), y)


def footer(canvas: Canvas, caption: str, side: str = "bottom", width: float | None = None,
           ) -> None:
    """A 1 cm scale bar and the sheet's caption in the footer band: below the cards (the
    caption cut at `width` mm), or running up the left (or right) margin."""
    if side == "bottom":
        y = canvas.h - MARGIN - 2.0
        scale_bar(canvas, MARGIN, y, vertical=False)
        canvas.caption(caption, MARGIN + 13, y, width=width)
    else:
        x = MARGIN + 4.0 if side == "left" else canvas.w - MARGIN - 2.0
        scale_bar(canvas, x, canvas.h - MARGIN, vertical=True)
        canvas.caption(caption, x, canvas.h - MARGIN - 13, angle=90)


def scale_bar(canvas: Canvas, x: float, y: float, vertical: bool) -> None:
    """10 mm with a tick every millimetre; (x, y) is its start on the baseline."""
    if vertical:
        canvas.rect(x - 1.2, y - 10, 1.2, 10, fill=0.0, stroke=0)
        for mm in range(11):
            canvas.line(x, y - mm, x + (1.6 if mm % 5 == 0 else 0.9), y - mm, width=0.3)
    else:
        canvas.rect(x, y - 1.2, 10, 1.2, fill=0.0, stroke=0)
        for mm in range(11):
            canvas.line(x + mm, y, x + mm, y + (1.6 if mm % 5 == 0 else 0.9), width=0.3)


def sheet_count(placements: int, grid: Grid) -> int:
    return -(-placements // grid.per_sheet) if grid.per_sheet else 0


def card_sheets(xobjects, placements, back_of, where, opts, words) -> list[Canvas]:
    """Duplex sheets of one group: `placements` lists every front face once per copy;
    `words` gives the captions (fronts(n, total), backs(n, total)). Fronts then backs."""
    first = placements[0]
    grid = grid_for(opts.paper_size, first.width, first.height, opts.gutter)
    if grid.per_sheet == 0:
        raise ValueError(f"a {first.width:g}x{first.height:g} mm card does not fit on "
                         f"{opts.paper} with its marks")
    chunks = [placements[i:i + grid.per_sheet] for i in range(0, len(placements), grid.per_sheet)]
    mirror = grid.mirrored(opts.paper_size[0])
    dx, dy = opts.back_offset
    out = []
    for n, chunk in enumerate(chunks, 1):
        front, back = Canvas(*opts.paper_size), Canvas(*opts.paper_size)
        for i, face in enumerate(chunk):
            x, y, col, row = grid.cell(i)
            rendered = where[face.key]
            front.place(xobjects.get(rendered.path, rendered.index), x - face.bleed,
                        y - face.bleed, clip=clip_for(grid, x, y, col, row, face.bleed,
                                                      len(chunk)))
            mx = front.w - x - grid.w
            rb = where[back_of(face).key]
            back.place(xobjects.get(rb.path, rb.index), mx - face.bleed + dx,
                       y - face.bleed + dy, clip=_shift(clip_for(
                           mirror, mx, y, grid.cols - 1 - col, row, face.bleed, len(chunk),
                           mirrored=True), dx, dy))
        crop_marks(front, grid, first.bleed, opts.marks_to_edge,
                   cells=filled(grid, len(chunk)))
        footer(front, words["fronts"](n, len(chunks)), grid.footer)
        footer(back, words["backs"](n, len(chunks)), mirror.footer)
        out += [front, back]
    return out


def _shift(clip, dx, dy):
    x, y, w, h = clip
    return (x + dx, y + dy, w, h)


def fold_paper(opts) -> tuple[float, float]:
    pw, ph = opts.paper_size
    return (max(pw, ph), min(pw, ph))


def fold_grid(opts, first) -> Grid:
    paper = fold_paper(opts)
    return grid_for(paper, first.width, first.height, opts.gutter, 0, paper[0] / 2, "right")


def fold_sheets(xobjects, placements, back_of, where, opts, words) -> list[Canvas]:
    """Landscape sheets: fronts left of a vertical fold line, backs mirrored on the right."""
    paper = fold_paper(opts)
    first = placements[0]
    half = paper[0] / 2
    grid = fold_grid(opts, first)
    if grid.per_sheet == 0:
        raise ValueError(f"a {first.width:g}x{first.height:g} mm card does not fit half of "
                         f"{opts.paper} for the fold layout")
    mirror = grid.mirrored(paper[0])
    bleed = min(first.bleed, FOLD_GAP)
    chunks = [placements[i:i + grid.per_sheet] for i in range(0, len(placements), grid.per_sheet)]
    out = []
    for n, chunk in enumerate(chunks, 1):
        canvas = Canvas(*paper)
        for i, face in enumerate(chunk):
            x, y, col, row = grid.cell(i)
            rendered, rb = where[face.key], where[back_of(face).key]
            canvas.place(xobjects.get(rendered.path, rendered.index), x - face.bleed,
                         y - face.bleed, clip=clip_for(grid, x, y, col, row, bleed, len(chunk)))
            mx = paper[0] - x - grid.w
            canvas.place(xobjects.get(rb.path, rb.index), mx - face.bleed, y - face.bleed,
                         clip=clip_for(mirror, mx, y, grid.cols - 1 - col, row, bleed,
                                       len(chunk), mirrored=True))
        canvas.line(half, MARGIN, half, paper[1] - MARGIN, width=0.4, gray=0.45, dash=(2, 1.5))
        crop_marks(canvas, grid, bleed, opts.marks_to_edge, "right", filled(grid, len(chunk)))
        crop_marks(canvas, mirror, bleed, opts.marks_to_edge, "left",
                   filled(mirror, len(chunk), mirrored=True))
        footer(canvas, words["fold"](n, len(chunks)), grid.footer, half - MARGIN - 15)
        out.append(canvas)
    return out
