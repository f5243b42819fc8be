"""`build` for any game: a project without rules prints its declared kinds with the generic
template (labels and enum values translated, lists as lists), --only takes every kind, the
validator refuses field names the renderer reserves, and marks stay 5 mm from the edge."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from toolkit import REPO_DIR
from toolkit.content.validate import load_catalog
from toolkit.errors import ContentError
from toolkit.render.build import build, collect_faces
from toolkit.render.faces import DEFAULT_CARD
from toolkit.render.impose import crop_marks, footer, grid_for
from toolkit.render.options import MARGIN, PAPERS, BuildOptions
from toolkit.render.pdfops import PT, Canvas

ROOT = REPO_DIR / "examples" / "root_clearings"


def test_root_clearings_builds_a_pdf_without_rules(tmp_path):
    result = build(ROOT, BuildOptions(out=tmp_path / "out", layout="duplex"))
    reader = PdfReader(result.outputs["print-cards-duplex"])
    text = " ".join(p.extract_text() for p in reader.pages)
    assert "Clearing 1" in text and "Arms Trader" in text
    assert "print-one-sided" not in result.outputs  # no board: no board pages


def _project(tmp_path: Path, decl: str) -> Path:
    dest = tmp_path / "game"
    shutil.copytree(ROOT, dest, ignore=shutil.ignore_patterns("output"))
    game = dest / "cards" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("      suit: {type: enum, values: [fox, rabbit, mouse], "
                                 "description: never bird}", decl), encoding="utf-8")
    return dest


def test_labels_enums_and_lists_are_printed_in_the_language(tmp_path):
    project = _project(tmp_path, "      suit: {type: enum, values: [fox, rabbit, mouse], "
                       "label: {en: Suit, zh: 花色}, labels: {fox: {en: Fox, zh: 狐狸}}}")
    game = project / "cards" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace(
        "  clearing:\n", "  clearing:\n    label: {en: Clearing, zh: 空地}\n", 1),
        encoding="utf-8")
    catalog = load_catalog(project)
    faces, _ = collect_faces(project, catalog, BuildOptions(out=tmp_path / "o", lang="zh",
                                                            only=frozenset({"clearing"})))
    html = {f.key: f.html for f in faces}["clearing/c1"]
    assert "花色" in html and "狐狸" in html and "<span>空地</span>" in html
    assert "空地五、空地九、空地十" in html and "[" not in html.split("fields")[1]
    sizes = {(f.width, f.height) for f in faces}
    assert sizes == {DEFAULT_CARD}


def test_a_reserved_field_name_is_a_validation_error(tmp_path):
    project = _project(tmp_path, "      color: {type: str}")
    with pytest.raises(ContentError) as info:
        load_catalog(project)
    assert "reserved by the renderer" in str(info.value)


def test_rumor_truth_is_translated():
    from tests.render.conftest import FIXTURE

    faces, _ = collect_faces(FIXTURE, load_catalog(FIXTURE),
                             BuildOptions(out=Path("unused"), lang="zh",
                                          only=frozenset({"rumor"})))
    html = " ".join(f.html for f in faces)
    assert "真" in html and ">True<" not in html and ">true<" not in html


def _drawn(canvas: Canvas) -> list[tuple[float, float]]:
    """Every point a line of the canvas touches, in mm from the top-left."""
    points = []
    for op in canvas.ops:
        parts = op.split()
        for i, word in enumerate(parts):
            if word in ("m", "l"):
                x, y = float(parts[i - 2]) / PT, canvas.h - float(parts[i - 1]) / PT
                points.append((x, y))
    return points


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("size", [(63, 88), (44, 68), (25, 25), (20, 20), (16, 16), (88, 63)])
def test_marks_and_scale_bar_stay_5_mm_from_the_edge(paper, size):
    pw, ph = PAPERS[paper]
    grid = grid_for((pw, ph), *size, gutter=0.0)
    assert grid.per_sheet >= 4
    canvas = Canvas(pw, ph)
    crop_marks(canvas, grid, 3.0, False)
    footer(canvas, "caption", grid.footer)
    points = _drawn(canvas)
    assert points
    for x, y in points:
        assert MARGIN - 0.01 <= x <= pw - MARGIN + 0.01, (x, y)
        assert MARGIN - 0.01 <= y <= ph - MARGIN + 0.01, (x, y)
    kept = grid.outer_bleed(3.0)
    assert grid.x0 - kept >= MARGIN and grid.y0 - kept >= MARGIN
    assert grid.right + kept <= pw - MARGIN and grid.bottom + kept <= ph - MARGIN


def test_tiles_with_nothing_on_them_are_left_out():
    from toolkit.render.tiles import kept_tiles, plan_for

    plan = plan_for(PAPERS["a4"], 642, 500)
    assert plan.cols * plan.rows == 8
    everything = kept_tiles(plan, 642, 500)
    assert len(everything) == 8
    top_left = kept_tiles(plan, 642, 500, ((0, 0, 100, 100),))
    assert top_left == {(0, 0)}


def test_labels_of_unknown_enum_values_are_a_validation_error(tmp_path):
    project = _project(tmp_path, "      suit: {type: enum, values: [fox, rabbit, mouse], "
                       "labels: {bird: {en: Bird, zh: 鸟}}}")
    with pytest.raises(ContentError) as info:
        load_catalog(project)
    assert "bird" in str(info.value) and "not one of its values" in str(info.value)
