"""Layouts that hold on both papers (issue #26 item 3): bleed on every outer edge of a
partial sheet (F9), crop marks only where cards are (F12), board tiles centred (F16), and
large sheets that keep their marks out of the 5 mm band on Letter (F5)."""

from __future__ import annotations

import pytest

from toolkit.render.impose import (_draw_marks, clip_for, crop_marks, filled, fold_grid,
                                   grid_for)
from toolkit.render.options import MARGIN, PAPERS, BuildOptions
from toolkit.render.pdfops import Canvas
from toolkit.render import tiles
from toolkit.render.tiles import plan_for, tile_origin, tile_sheets

BLEED = 3.0


class Lines(Canvas):
    """A canvas that keeps the lines drawn on it (mm, top-left origin)."""

    def __init__(self, w, h):
        super().__init__(w, h)
        self.drawn = []

    def line(self, x1, y1, x2, y2, **kw):
        clipped = self.ops.count("q") > self.ops.count("Q")   # hatching, clipped to its strip
        if not clipped:
            self.drawn.append((x1, y1, x2, y2))
        super().line(x1, y1, x2, y2, **kw)


def sides(clip, grid, x, y):
    cx, cy, cw, ch = clip
    return {"left": round(x - cx, 3), "top": round(y - cy, 3),
            "right": round(cx + cw - x - grid.w, 3), "bottom": round(cy + ch - y - grid.h, 3)}


def test_a_card_beside_an_empty_slot_gets_the_outer_bleed_front_and_back():  # F9
    grid = grid_for(PAPERS["a4"], 63, 88, 0.0)
    assert (grid.cols, grid.rows) == (3, 3)
    outer = grid.outer_bleed(BLEED)
    assert outer > 0.5
    count = 5   # row 0 full, row 1: two cards
    x, y, col, row = grid.cell(4)
    got = sides(clip_for(grid, x, y, col, row, BLEED, count), grid, x, y)
    assert got["right"] == round(outer, 3) and got["bottom"] == round(outer, 3)
    assert got["left"] < 0.2 and got["top"] < 0.2            # shared cuts
    x, y, col, row = grid.cell(2)   # top right: nothing below it
    assert sides(clip_for(grid, x, y, col, row, BLEED, count), grid, x, y)["bottom"] == \
        round(outer, 3)
    x, y, col, row = grid.cell(1)   # a card below it: the shared cut
    assert sides(clip_for(grid, x, y, col, row, BLEED, count), grid, x, y)["bottom"] < 0.2
    # the back of card 4 sits mirrored: its empty neighbour is on its left
    mirror = grid.mirrored(PAPERS["a4"][0])
    mx = PAPERS["a4"][0] - x - grid.w
    x4, y4, col4, row4 = grid.cell(4)
    mx4 = PAPERS["a4"][0] - x4 - grid.w
    back = sides(clip_for(mirror, mx4, y4, grid.cols - 1 - col4, row4, BLEED, count,
                          mirrored=True), mirror, mx4, y4)
    assert back["left"] == round(mirror.outer_bleed(BLEED), 3) and back["right"] < 0.2
    assert mx > 0


def test_full_sheets_keep_their_shared_cuts():
    grid = grid_for(PAPERS["letter"], 63, 88, 0.0)
    for i in range(grid.per_sheet):
        x, y, col, row = grid.cell(i)
        assert clip_for(grid, x, y, col, row, BLEED, grid.per_sheet) == \
            clip_for(grid, x, y, col, row, BLEED)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_are_drawn_only_for_the_rows_and_columns_that_hold_cards(paper):  # F12
    grid = grid_for(PAPERS[paper], 63, 88, 0.0)
    full, part = Lines(*PAPERS[paper]), Lines(*PAPERS[paper])
    _draw_marks(full, grid, BLEED, False, "", tuple(range(grid.per_sheet)))
    _draw_marks(part, grid, BLEED, False, "", filled(grid, 2))
    cached = Canvas(*PAPERS[paper])                     # what a build calls, drawn once
    crop_marks(cached, grid, BLEED, False, cells=filled(grid, 2))
    assert len(cached.ops) == len(Canvas(*PAPERS[paper]).ops) + len(part.ops)
    empty_row_bottom = grid.cell(grid.cols)[1] + grid.h      # row 1 has no card
    ys = {round(y1, 3) for x1, y1, x2, y2 in part.drawn if y1 == y2}
    assert round(empty_row_bottom, 3) not in ys
    assert round(grid.y0 + grid.h, 3) in ys                  # row 0's bottom cut
    xs = {round(x1, 3) for x1, y1, x2, y2 in part.drawn if x1 == x2}
    assert round(grid.cell(2)[0] + grid.w, 3) not in xs      # no third column
    assert len(part.drawn) < len(full.drawn)
    for x1, y1, x2, y2 in part.drawn:                        # none in the 5 mm band
        assert min(x1, x2, y1, y2) >= MARGIN - 1e-6
        assert max(x1, x2) <= PAPERS[paper][0] - MARGIN + 1e-6
        assert max(y1, y2) <= PAPERS[paper][1] - MARGIN + 1e-6


def test_the_fold_backs_mirror_the_fronts_cells():
    opts = BuildOptions(out=None, paper="letter")
    grid = fold_grid(opts, type("F", (), {"width": 63, "height": 88})())
    mirror = grid.mirrored(max(PAPERS["letter"]))
    cells = filled(mirror, 1, mirrored=True)
    assert cells == (grid.cols - 1,)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_board_tiles_are_centred_on_their_sheets(paper):  # F16
    plan = plan_for(PAPERS[paper], 609.6, 457.2)
    assert plan.cols * plan.rows == 8
    pw, ph = plan.paper
    ox, oy = tile_origin(plan, *plan.tile)
    assert abs(ox - (pw - ox - plan.tile[0])) < 1e-6          # as much room left as right
    assert ox > MARGIN + 5 and oy > MARGIN + 5


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", [(205, 150), (180, 260), (270, 200), (150, 205),
                                  (200, 287), (609.6, 457.2), (297, 210), (268, 192)])
def test_a_large_sheet_keeps_its_marks_out_of_the_5_mm_band(paper, size):  # F5
    w, h = size
    words = {"single": lambda label: "sheet", "tile": lambda *a: "tile"}
    plan = plan_for(PAPERS[paper], w, h)
    pages = tile_sheets(Ref(), w, h, PAPERS[paper], words)
    assert len(pages) == plan.cols * plan.rows
    if plan.cols * plan.rows > 1:
        assert plan.tile[0] <= plan.area[0] + 1e-6 and plan.tile[1] <= plan.area[1] + 1e-6
    for page in pages:
        for x1, y1, x2, y2 in page.drawn:
            assert min(x1, x2, y1, y2) >= MARGIN - 1e-6, (x1, y1, x2, y2)
            assert max(x1, x2) <= page.w - MARGIN + 1e-6
            assert max(y1, y2) <= page.h - MARGIN + 1e-6


class Ref:
    """Stands for a face's form XObject."""


@pytest.fixture(autouse=True)
def recording_canvas(monkeypatch):
    """Sheets drawn on canvases that keep their lines (the footer's too)."""
    monkeypatch.setattr(tiles, "Canvas", Lines)
    monkeypatch.setattr(Lines, "place", lambda self, *a, **k: None, raising=False)


def test_the_nanhuang2_mat_turns_on_letter_instead_of_touching_the_band():  # F5
    plan = plan_for(PAPERS["letter"], 205, 150)
    assert plan.cols * plan.rows == 1 and plan.paper[0] > plan.paper[1]
