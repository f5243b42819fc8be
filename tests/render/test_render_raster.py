"""Every page of the print files rasterised: nothing printed within 5 mm of the paper edge,
and no English word in a zh build's files."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from toolkit.render.jobs import DUPLEX, FOLD, ONE_SIDED
from toolkit.render.options import MARGIN

from .conftest import build_with_cache

DPI = 40
ALLOWED_LATIN = {"A4", "back", "offset", "mm"}  # the paper, the --back-offset option, units


def _clear_edges(path, name: str) -> None:
    pdf = pdfium.PdfDocument(str(path))
    band = int((MARGIN - 0.4) / 25.4 * DPI)  # a pixel of antialiasing is allowed
    try:
        for number in range(len(pdf)):
            image = pdf[number].render(scale=DPI / 72).to_pil().convert("L")
            w, h = image.size
            for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h),
                        (w - band, 0, w, h)):
                darkest = image.crop(box).getextrema()[0]
                assert darkest >= 245, f"{name} page {number + 1}: ink at the edge {box}"
    finally:
        pdf.close()


@pytest.mark.parametrize("name", [DUPLEX, ONE_SIDED, FOLD])
def test_nothing_is_printed_within_5_mm_of_the_edge(mini_build, name):
    _, out, _ = mini_build
    _clear_edges(out / name, name)


def test_nothing_is_printed_within_5_mm_of_the_edge_on_letter(mini_build, tmp_path):
    project, out, _ = mini_build
    result = build_with_cache(project, tmp_path / "letter", cache_from=out, paper="letter")
    for name in (DUPLEX, ONE_SIDED, FOLD):
        _clear_edges(result.outputs[name.removesuffix(".pdf")], f"letter {name}")


def test_a_zh_build_prints_no_english(mini_build, tmp_path):
    project, out, _ = mini_build
    result = build_with_cache(project, tmp_path / "zh", cache_from=out, lang="zh",
                              only=frozenset({"rumor", "reference", "gold_coin"}))
    words = set()
    for path in result.outputs.values():
        if str(path).endswith(".pdf"):
            for page in PdfReader(path).pages:
                words.update(re.findall(r"[A-Za-z]{2,}", page.extract_text()))
    assert words <= ALLOWED_LATIN, sorted(words - ALLOWED_LATIN)
