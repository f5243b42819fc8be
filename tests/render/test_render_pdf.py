"""The PDFs: paper sizes, one placement per copy, print boxes, text in both languages,
mirrored backs, the fold layout and the back offset."""

from __future__ import annotations

import re

from pypdf import PdfReader

from toolkit.content.catalog import card_count
from toolkit.render.options import PAPERS
from toolkit.render.jobs import CAPTION_W, DUPLEX, FOLD, ONE_SIDED
from toolkit.render.pdfops import PT

from .conftest import build_with_cache

PLACE = re.compile(rb"([-\d.]+) 0 0 ([-\d.]+) ([-\d.]+) ([-\d.]+) cm (/X\d+) Do")


def placements(page) -> list[tuple[float, str]]:
    """(x in mm, XObject name) of every face drawn on a sheet (not the caption strips)."""
    data = page.get_contents().get_data()
    xobjects = page["/Resources"].get("/XObject", {})

    def caption(name: str) -> bool:
        box = xobjects[name].get_object()["/BBox"]
        return abs(float(box[2]) - CAPTION_W * PT) < 0.5

    return [(float(m.group(3)) / PT, m.group(5).decode()) for m in PLACE.finditer(data)
            if not caption(m.group(5).decode())]


def expected_cards(project) -> int:
    from toolkit.content.validate import load_catalog
    catalog = load_catalog(project)
    game = catalog.game
    total = 0
    for kind in game.card_sizes:
        for card in catalog.of(kind).values():
            total += card_count(card)
    total += sum(g.demand_markers for g in catalog.goods.values())
    total += game.bounty.markers_per_race * len(catalog.races) + len(catalog.npcs)
    from toolkit.games.caravans.render.pieces import COINS, TRACKS
    seats = game.players.max
    total += seats  # a reference card each
    total += seats * (2 + len(TRACKS))  # a pawn, a glory marker and the track markers each
    total += sum(n for _, n in COINS)
    return total


def test_a4_pages_and_one_placement_per_copy(mini_build):
    project, out, result = mini_build
    reader = PdfReader(out / DUPLEX)
    a4 = tuple(round(v * PT, 1) for v in PAPERS["a4"])
    assert all((round(float(p.mediabox.width), 1), round(float(p.mediabox.height), 1)) == a4
               for p in reader.pages)
    card_pages = reader.pages[2:]  # the cover and its calibration back come first
    fronts = card_pages[0::2]
    assert sum(len(placements(p)) for p in fronts) == expected_cards(project) == result.cards
    assert len(reader.pages) == result.pages[DUPLEX] and len(reader.pages) % 2 == 0


def test_print_files_cover_lists_sections_with_page_ranges(mini_build):
    _, out, _ = mini_build
    reader = PdfReader(out / DUPLEX)
    cover = reader.pages[0].extract_text()
    assert "Hero cards" in cover and "3–4" in cover and "long edge" in cover
    assert not placements(reader.pages[1])  # the calibration ruler, no card
    assert len(placements(reader.pages[2])) == 2  # the two heroes on page 3
    outline = [item.title for item in reader.outline]
    assert outline[0] == "Hero cards" and reader.pdf_header == "%PDF-1.7"
    assert reader.metadata.title.startswith("Caravans & Brigands")
    one_sided = PdfReader(out / ONE_SIDED)
    assert "one-sided" in one_sided.pages[0].extract_text()
    assert "Board · overview" in one_sided.pages[1].extract_text()
    fold = PdfReader(out / FOLD)
    assert "fold sheet 1/1" in fold.pages[1].extract_text()


def test_backs_are_mirrored_for_long_edge_duplex(mini_build):
    _, out, result = mini_build
    reader = PdfReader(out / DUPLEX)
    front, back = reader.pages[2], reader.pages[3]
    width = float(front.mediabox.width) / PT
    xs_front = [x for x, _ in placements(front)]
    xs_back = [x for x, _ in placements(back)]
    assert len(xs_front) == len(xs_back) >= 2
    # the back of the card at the left sits at the mirrored position on the right
    bleed = 3.0
    for xf, xb in zip(xs_front, xs_back):
        trim_f = xf + bleed
        card_w = 63.0
        assert abs((xb + bleed) - (width - trim_f - card_w)) < 0.05


def test_one_up_has_trim_and_bleed_boxes_and_back_after_front(mini_build):
    _, out, _ = mini_build
    reader = PdfReader(out / "cards-1up.pdf")
    page = reader.pages[0]
    w = float(page.mediabox.width) / PT
    h = float(page.mediabox.height) / PT
    assert (round(w, 2), round(h, 2)) == (69.0, 94.0)
    trim = [float(v) / PT for v in page.trimbox]
    assert [round(v, 2) for v in trim] == [3.0, 3.0, 66.0, 91.0]
    assert [float(v) for v in page.bleedbox] == [float(v) for v in page.mediabox]
    assert "Captain Mara" in page.extract_text()
    assert "HERO" in reader.pages[1].extract_text().upper()
    assert "Captain Mara" not in reader.pages[1].extract_text()
    outline = [item.title for item in reader.outline]
    assert "Captain Mara × 1" in outline and "Market Day × 2" in outline
    assert reader.pdf_header == "%PDF-1.7"


def test_card_names_extractable_from_sheets(mini_build):
    _, out, _ = mini_build
    text = " ".join(p.extract_text() for name in (DUPLEX, ONE_SIDED)
                    for p in PdfReader(out / name).pages)
    for name in ("Captain Mara", "Small Caravan", "Storm on the Coast", "The Lost Ledger",
                 "Tusk Hills", "The Salty Anchor"):
        assert name in text


def test_letter_chinese_fold_layout(mini_build, tmp_path):
    project, out, _ = mini_build
    result = build_with_cache(project, tmp_path / "zh", paper="letter", lang="zh",
                              layout="fold", only=frozenset({"hero", "event"}))
    reader = PdfReader(result.outputs[FOLD.removesuffix(".pdf")])
    assert DUPLEX.removesuffix(".pdf") not in result.outputs
    letter = sorted(round(v * PT, 1) for v in PAPERS["letter"])
    for page in reader.pages[1:]:
        size = [round(float(page.mediabox.width), 1), round(float(page.mediabox.height), 1)]
        assert size[0] > size[1] and sorted(size) == letter  # landscape Letter
    text = " ".join(p.extract_text() for p in reader.pages)
    assert "玛拉船长" in text and "海岸风暴" in text
    assert "主角卡" in text and "打印设置" in text and "Hero" not in text  # captions in zh
    # fold: every sheet holds fronts and their backs; 2 heroes + 3 events at 4 per sheet
    assert len(reader.pages) == 1 + 1 + 1
    assert len(placements(reader.pages[1])) == 2 * 2


def test_back_offset_shifts_backs_only(mini_build, tmp_path):
    project, out, _ = mini_build
    plain = build_with_cache(project, tmp_path / "a", cache_from=out, only=frozenset({"hero"}))
    moved = build_with_cache(project, tmp_path / "b", cache_from=out, only=frozenset({"hero"}),
                             back_offset=(1.5, -0.5))
    name = DUPLEX.removesuffix(".pdf")
    pa = PdfReader(plain.outputs[name]).pages
    pb = PdfReader(moved.outputs[name]).pages
    assert placements(pa[2]) == placements(pb[2])
    for (xa, _), (xb, _) in zip(placements(pa[3]), placements(pb[3])):
        assert abs(xb - xa - 1.5) < 0.01


def test_a_good_prints_one_card_per_raid_entry_whatever_copies_says():
    from types import SimpleNamespace

    from toolkit.games.caravans.render.views import good_variants

    good = SimpleNamespace(kind="good", raid=[2, 3, 3, "ambush"], copies=2)
    assert sorted(good_variants(good), key=str) == sorted(
        [(2, 1), (3, 2), ("ambush", 1)], key=str)
    assert sum(n for _, n in good_variants(good)) == card_count(good)


def test_every_font_subset_has_a_tag_of_its_own(mini_build):
    _, out, _ = mini_build
    reader = PdfReader(out / DUPLEX)
    owners: dict[str, set] = {}
    for page in reader.pages:
        for ref in page["/Resources"].get_object().get("/XObject", {}).values():
            fonts = ref.get_object()["/Resources"].get_object().get("/Font", {})
            for font in fonts.values():
                tag, _, rest = str(font.get_object()["/BaseFont"]).lstrip("/").partition("+")
                assert len(tag) == 6 and tag.isupper() and rest
                owners.setdefault(tag, set()).add(font.idnum)
    assert owners and all(len(numbers) == 1 for numbers in owners.values())
