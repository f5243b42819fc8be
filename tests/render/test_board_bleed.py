"""Large faces drawn with bleed (F11: the Caravans player board had none, its crop marks on
the face edge and its background cut at the trim): the sheets keep the bleed on the
board's outer edges as far as the 5 mm band allows, the corner marks start past it, and
edges two tiles share are still cut at the trim."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from toolkit.content.validate import load_catalog
from toolkit.render import tiles
from toolkit.render.build import build, collect_faces
from toolkit.render.options import BLEED, MARGIN, PAPERS, BuildOptions
from toolkit.render.pdfops import PT, Canvas
from toolkit.render.tiles import kept_bleed, plan_for, tile_origin, tile_sheets

from .conftest import FIXTURE

WORDS = {"single": lambda label: "sheet", "tile": lambda *a: "tile",
         "overview": lambda *a: "overview"}


class Recording(Canvas):
    """A canvas that keeps where the face was placed and the lines drawn (mm)."""

    def __init__(self, w, h):
        super().__init__(w, h)
        self.placed, self.drawn = [], []

    def place(self, ref, x, y, clip=None, scale=1.0, name=None):
        self.placed.append((x, y, clip))

    def line(self, x1, y1, x2, y2, **kw):
        if self.ops.count("q") <= self.ops.count("Q"):  # not the hatching (clipped)
            self.drawn.append((x1, y1, x2, y2))
        super().line(x1, y1, x2, y2, **kw)


@pytest.fixture
def recording(monkeypatch):
    monkeypatch.setattr(tiles, "Canvas", Recording)


def _margins(clip, x, y, w, h) -> dict[str, float]:
    cx, cy, cw, ch = clip
    return {"left": round(x - cx, 3), "top": round(y - cy, 3),
            "right": round(cx + cw - x - w, 3), "bottom": round(cy + ch - y - h, 3)}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_face_on_one_sheet_keeps_its_bleed_and_its_marks_start_past_it(recording, paper):
    w, h = 180.0, 250.0   # fits one sheet with room for the whole bleed and the marks
    (page,) = tile_sheets(object(), w, h, PAPERS[paper], WORDS, bleed=BLEED)
    (x_ref, y_ref, clip), = page.placed
    x, y = x_ref + BLEED, y_ref + BLEED            # the trim's corner: the XObject has bleed
    assert abs(x - (page.w - w) / 2) < 1e-6
    assert _margins(clip, x, y, w, h) == {s: BLEED for s in ("left", "top", "right", "bottom")}
    marks = [d for d in page.drawn if max(d[1], d[3]) < page.h - MARGIN - 7]  # not the footer
    assert marks, "no corner marks"
    for x1, y1, x2, y2 in marks:
        # every mark lies outside the bleed box, and inside the printable area
        outside = (max(x1, x2) <= x - BLEED + 1e-6 or min(x1, x2) >= x + w + BLEED - 1e-6
                   or max(y1, y2) <= y - BLEED + 1e-6 or min(y1, y2) >= y + h + BLEED - 1e-6)
        assert outside, (x1, y1, x2, y2)
        assert min(x1, x2, y1, y2) >= MARGIN - 1e-6


def test_a_face_without_bleed_is_clipped_at_its_trim_as_before(recording):
    (page,) = tile_sheets(object(), 180.0, 250.0, PAPERS["a4"], WORDS)
    (x, y, clip), = page.placed
    assert clip == (x, y, 180.0, 250.0)


def test_the_bleed_shrinks_where_the_band_leaves_no_room():
    assert kept_bleed(3.0, 10.0) == 3.0
    assert kept_bleed(3.0, 3.0) == 1.0          # 0.5 mm gap and a 1.5 mm mark still fit
    assert kept_bleed(3.0, 1.0) == 0.0
    assert kept_bleed(3.0, 2.0, marks=False) == 2.0


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiles_keep_the_bleed_on_the_boards_outer_edges_only(recording, paper):
    w, h = 269.0, 309.0   # the bundled game's player board: 2 x 2 tiles on either paper
    plan = plan_for(PAPERS[paper], w, h)
    assert plan.cols * plan.rows > 1
    pages = tile_sheets(object(), w, h, PAPERS[paper], WORDS, bleed=BLEED)
    assert len(pages) == plan.cols * plan.rows
    for n, page in enumerate(pages):
        col, row = n % plan.cols, n // plan.cols
        bx, by = plan.origin(col, row)
        cw, ch = min(plan.tile[0], w - bx), min(plan.tile[1], h - by)
        ox, oy = tile_origin(plan, cw, ch)
        (x_ref, y_ref, clip), = page.placed
        assert (round(x_ref, 6), round(y_ref, 6)) == (round(ox - bx - BLEED, 6),
                                                       round(oy - by - BLEED, 6))
        got = _margins(clip, ox, oy, cw, ch)
        outer = {"left": col == 0, "top": row == 0, "right": col == plan.cols - 1,
                 "bottom": row == plan.rows - 1}
        for side, is_outer in outer.items():
            if is_outer:
                assert got[side] > 0, (n, side, got)
            else:
                assert got[side] == 0, (n, side, got)   # shared edges are cut at the trim
        cx, cy, cwid, chgt = clip
        assert cx >= MARGIN - 1e-6 and cy >= MARGIN - 1e-6
        assert cx + cwid <= page.w - MARGIN + 1e-6 and cy + chgt <= page.h - MARGIN + 1e-6


def test_the_caravans_player_board_prints_its_bleed(tmp_path):
    """Built and rasterised: just outside the trim of the first tile the board's colour
    band and background go on (they were cut at the trim), and the 5 mm band stays white."""
    opts = BuildOptions(out=tmp_path, only=frozenset({"player_board"}))
    result = build(FIXTURE, opts)
    faces, _ = collect_faces(FIXTURE, load_catalog(FIXTURE), opts)
    board = next(f for f in faces if f.key == "player_board/p1")
    assert board.bleed == BLEED
    pdf = pdfium.PdfDocument(str(result.outputs["print-one-sided"]))
    try:
        plan = plan_for(PAPERS["a4"], board.width, board.height)
        assert plan.cols * plan.rows > 1
        cw, ch = plan.tile
        ox, oy = tile_origin(plan, cw, ch)
        index = next(i for i in range(len(pdf)) if _is_tile(pdf[i], plan.paper))
        image = pdf[index].render(scale=100 / 72).to_pil().convert("RGB")
        px = lambda x, y: image.getpixel((round(x * 100 / 25.4), round(y * 100 / 25.4)))
        band = px(ox - 1.5, oy + 60)                # left of the trim: the colour band
        assert band != (255, 255, 255) and band[0] > band[2] + 40, band   # seat 1 is red
        top = px(ox + cw / 2, oy - 1.5)             # above the trim: the background
        assert top != (255, 255, 255) and min(top) > 150, top
        assert px(2.0, oy + 60) == (255, 255, 255)  # the 5 mm band: nothing printed
    finally:
        pdf.close()


def _is_tile(page, paper) -> bool:
    """The first board's tile A1: a sheet of the tiling's orientation with that caption."""
    w, h = (v / PT for v in page.get_size())
    if abs(w - paper[0]) > 0.5 or abs(h - paper[1]) > 0.5:
        return False
    text = page.get_textpage()
    try:
        return "tile A1" in text.get_text_range()
    finally:
        text.close()
