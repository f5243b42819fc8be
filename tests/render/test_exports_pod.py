"""Print-on-demand products for every component: chits by shape, hex tiles, boards,
custom sizes to the nearest product, refusals with their reason, and token text kept
inside The Game Crafter's 1/8 in safe zone (measured on the rendered faces)."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from tests.render.conftest import build_with_cache
from toolkit.render.pod_products import NEAREST, choose

SAFE = 25.4 / 8


def test_each_shape_goes_to_its_own_product():
    assert choose("tgc", 25, 25, "round")[0].template.product == "Large Circle Chit"
    assert choose("tgc", 20, 20, "round")[0].template.product == "Medium Circle Chit"
    assert choose("tgc", 25, 25, "card")[0].template.product == "Large Square Chit"
    hexes, why = choose("tgc", 50, 44, "hex")          # Kings & Things' hex tiles
    assert hexes.template.product == "Small Hex Tile" and hexes.scale == 1.0 and not why
    board, _ = choose("tgc", 609.6, 457.2, "board")     # Caravans' 24 x 18 in board
    assert board.template.product == "Sixfold Board" and board.template.px == (7275, 5475)


def test_custom_sizes_go_to_the_nearest_product_or_are_refused_with_the_reason():
    goods, why = choose("tgc", 44, 68, "card")
    assert goods.template.product == "Mini Deck" and NEAREST <= goods.scale < 1
    assert why == "44 x 68 mm scaled to 93% onto Mini Deck (1.75 x 2.5 in)"
    refused, why = choose("tgc", 16, 16, "round")
    assert refused is None and "Small Circle Chit" in why and "79%" in why
    refused, why = choose("mpc", 25, 25, "round")
    assert refused is None and why == "25 x 25 mm: MakePlayingCards sells no round chit product"
    refused, why = choose("mpc", 609.6, 457.2, "board")
    assert refused is None and "no board product" in why
    refused, why = choose("tgc", 12, 12, "round")   # Root's relationship markers
    assert refused is None and why == ("12 x 12 mm: The Game Crafter's smallest round chit, "
                                       "Small Circle Chit (0.5 x 0.5 in), would enlarge it 6%")


def _margins(pdf) -> list[float]:
    """The smallest distance (mm) from each 1-up page's trim (3 mm bleed) to its text."""
    out = []
    doc = pdfium.PdfDocument(str(pdf))
    try:
        for page in doc:
            w, h = page.get_size()
            text = page.get_textpage()
            b = 3 * 72 / 25.4
            ds = []
            for i in range(text.count_chars()):
                if text.get_text_range(i, 1).strip():
                    left, bottom, right, top = text.get_charbox(i)
                    if right > left and top > bottom:
                        ds.append(min(left - b, w - b - right, bottom - b, h - b - top))
            if ds:
                out.append(min(ds) * 25.4 / 72)
    finally:
        doc.close()
    return out


def test_token_text_is_moved_inside_the_safe_zone(mini_build, tmp_path):
    project, cached, _ = mini_build
    result = build_with_cache(project, tmp_path / "out", cached, pod="tgc",
                              only=frozenset({"equipment"}))
    printed = min(_margins(result.outputs["cards-1up"]))
    assert printed < SAFE  # the 25 mm tokens as printed: text too close to the cut
    readme = (result.outputs["pod-tgc"] / "README.txt").read_text()
    found = re.search(r"equipment/  Large Square Chit .*faces shrunk to (\d+)%", readme)
    assert found, readme
    shrink = int(found.group(1)) / 100
    # on the 1 in chit the text now lies this far inside the cut
    after = 25.4 / 2 - shrink * (25.4 / 25) * (25 / 2 - printed)
    assert after >= SAFE - 0.15, after
    assert shrink > 0.75


@pytest.mark.slow
def test_mpc_refuses_each_component_it_cannot_make(mini_build, tmp_path):
    project, cached, _ = mini_build
    result = build_with_cache(project, tmp_path / "out", cached, pod="mpc")
    readme = (result.outputs["pod-mpc"] / "README.txt").read_text()
    refused = [w for w in result.warnings if w.startswith("--pod mpc:")]
    assert refused and all("MakePlayingCards" in w or "nearest" in w for w in refused)
    assert "hero/  Poker size" in readme and readme.strip().splitlines()[-1] in result.notes


def test_double_sided_counters_keep_their_own_backs_and_hexes_are_hex_tiles(tmp_path):
    import csv
    from pathlib import Path

    from PIL import Image, ImageChops, ImageStat

    from toolkit.render.build import build
    from toolkit.render.options import BuildOptions

    kt = Path(__file__).resolve().parents[2] / "examples" / "kings-and-things"
    result = build(kt, BuildOptions(out=tmp_path / "out", pod="tgc", png=True,
                                    only=frozenset({"heroes", "hex_tiles"})))
    pod = result.outputs["pod-tgc"]
    readme = (pod / "README.txt").read_text()
    assert "hex_tiles/  Small Hex Tile (2 x 1.75 in, 675 x 600 px)" in readme
    assert "heroes/  Large Square Chit" in readme and "two-sided" in readme
    with open(pod / "heroes" / "quantities.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 11 and not (pod / "heroes" / "back.png").exists()
    for a, b in zip(rows, rows[1:]):  # each counter's reverse is another hero, its own
        with Image.open(pod / "heroes" / a["back"]) as x, \
                Image.open(pod / "heroes" / b["back"]) as y:
            assert sum(ImageStat.Stat(ImageChops.difference(x.convert("RGB"),
                                                            y.convert("RGB"))).mean) > 1
