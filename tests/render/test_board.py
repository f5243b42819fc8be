"""The Caravans board: one standard size (24 x 18 in), names readable across a table, name
plates clear of the roads, the tracks and a legend on it; long token texts laid out to fit."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from toolkit import REPO_DIR
from toolkit.cli import main
from toolkit.content.validate import load_catalog
from toolkit.games.caravans.render import views
from toolkit.games.caravans.render.board import HEIGHT, WIDTH, board_view
from toolkit.games.caravans.render.board_layout import balanced_rows, clashes
from toolkit.render.html import TEMPLATES, load_theme
from toolkit.render.icons import Icons
from toolkit.render.views import Ctx

from .conftest import FIXTURE

PT_PER_MM = 72 / 25.4


def build(argv, capsys) -> tuple[int, str]:
    with pytest.raises(SystemExit) as info:
        main(["build", str(REPO_DIR)] + argv)
    return info.value.code, capsys.readouterr().err


def ctx_for(project: Path, lang: str) -> Ctx:
    cards = project / "cards" if (project / "cards").is_dir() else project
    return Ctx(load_catalog(cards), lang, Icons([project / "icons", TEMPLATES / "icons"]),
               load_theme(project))


@pytest.fixture(scope="module", params=["en", "zh"])
def view(request):
    return board_view(ctx_for(REPO_DIR, request.param))


def test_board_is_the_standard_24_by_18_inch_size(view):
    assert (view["w"], view["h"]) == (WIDTH, HEIGHT) == (609.6, 457.2)
    assert view["content"] == ((0.0, 0.0, WIDTH, HEIGHT),)  # no blank tile to leave out


def test_region_and_tavern_names_are_at_least_9_pt(view):
    assert view["pt"]["name"] >= 9 and view["pt"]["tavern"] >= 9
    assert min(view["pt"].values()) >= 9  # tracks, legend and card spaces too
    assert all(d["name"] for d in view["discs"])


def test_every_region_and_its_plate_are_on_the_board_and_clear_of_roads(view):
    catalog_regions = 17
    assert len(view["discs"]) == catalog_regions
    placed = []
    for d in view["discs"]:
        box = tuple(d["label"][k] for k in ("x", "y", "w", "h"))
        assert d["label"]["clashes"] == 0, d["id"]
        assert clashes(box, view["roads"], view["discs"], placed, view["map"], 15.0) == 0
        placed.append(box)
    mx, my, mw, mh = view["map"]
    for d in view["discs"]:
        assert mx < d["x"] < mx + mw and my < d["y"] < my + mh


def test_plates_are_wide_enough_for_their_names(view):
    from toolkit.games.caravans.render.board_layout import text_mm
    for d in view["discs"]:
        assert d["label"]["w"] >= text_mm(d["name"], view["pt"]["name"], bold=True)


def test_tracks_fit_below_the_map_and_inside_the_board(view):
    ids = [r["id"] for r in view["rows"]]
    assert ids[:2] == ["glory_track", "explorer_track"]
    assert sum(i.startswith("bounty_") for i in ids) == 4
    glory = view["rows"][0]
    game = load_catalog(REPO_DIR).game
    assert glory["spaces"] == list(range(0, game.tracks.glory + 1))
    assert glory["goal"] == game.glory_to_win
    mx, my, mw, mh = view["map"]
    for row in view["rows"]:
        assert row["y"] >= my + mh and row["y"] + 14 <= HEIGHT - 5
        assert row["x"] >= 5 and row["x"] + row["w"] <= mx + mw + 0.01
    bounty = [r for r in view["rows"] if r["id"].startswith("bounty_")]
    assert len({r["label_w"] for r in bounty}) == 1  # spaces line up in columns


def test_legend_names_every_race_and_the_map_symbols(view):
    legend = view["legend"]
    land, tracks = legend["sections"]
    swatches = [e["swatch"] for e in land["entries"]]
    assert swatches.count("race") == 4
    assert {"wasteland", "nightshade", "road", "icon"} <= set(swatches)
    assert [e["swatch"] for e in tracks["entries"]].count("goal") == 1
    goal = str(load_catalog(REPO_DIR).game.glory_to_win)
    assert any(e["text"].endswith(goal) for e in tracks["entries"])  # glory to win
    entries = land["entries"] + tracks["entries"]
    assert legend["title"] and all(e["text"] for e in entries)
    assert legend["y"] + 12 * (len(entries) + 3) <= HEIGHT - 10  # room for every line
    last_card = max(c["y"] + c["h"] for c in view["cards"])
    assert legend["y"] >= last_card and legend["x"] + legend["w"] <= WIDTH - 5


def test_small_project_board_is_still_the_standard_size():
    view = board_view(ctx_for(FIXTURE, "en"))
    assert (view["w"], view["h"]) == (WIDTH, HEIGHT)
    assert all(d["label"]["clashes"] == 0 for d in view["discs"])


def test_balanced_rows_split_evenly():
    assert balanced_rows([100] * 4, 350, 8) == [[0, 1], [2, 3]]
    assert balanced_rows([100] * 3, 350, 8) == [[0, 1, 2]]
    assert balanced_rows([500], 350, 8) == [[0]]
    assert balanced_rows([], 350, 8) == []


def test_board_html_sets_the_names_at_the_view_sizes():
    from toolkit.render.build import collect_faces
    from toolkit.render.options import BuildOptions
    faces, _ = collect_faces(REPO_DIR, load_catalog(REPO_DIR / "cards"),
                             BuildOptions(out=Path("unused"), only=frozenset({"board"})))
    html = next(f for f in faces if f.key == "board/board").html
    assert html.count('class="cb-name" style="font-size: 12.0pt"') == 17
    goal = load_catalog(REPO_DIR).game.glory_to_win
    assert "Legend" in html and f"Glory to win: {goal}" in html


def test_token_floor_matches_the_renderer():
    from toolkit.render.pdf import FLOOR_PT
    assert views.FLOOR_PT == FLOOR_PT


@pytest.mark.parametrize("lang, long", [
    ("en", {"phoenix_longbow"}),
    ("zh", {"orb_of_lightning", "orb_of_venom", "chain_net", "scatter_shot",
            "grappling_hooks", "phoenix_longbow"})])
def test_long_token_texts_get_the_compact_layout(lang, long):
    ctx = ctx_for(REPO_DIR, lang)
    compact = {cid for kind in ("equipment", "weapon")
               for cid, card in ctx.catalog.of(kind).items() if views.token(ctx, card)["compact"]}
    assert long <= compact
    assert "amulet_of_life" not in compact and "orb_of_fire" not in compact


def test_board_prints_no_text_under_9_pt(tmp_path, capsys):
    from toolkit.render.textsize import smallest_runs
    code, err = build(["--only", "board", "--out", str(tmp_path)], capsys)
    assert code == 0, err
    sizes = []
    for batch in (tmp_path / ".cache").glob("*.pdf"):
        for page in PdfReader(batch).pages:
            w, h = (float(v) / PT_PER_MM for v in (page.mediabox.width, page.mediabox.height))
            if abs(w - WIDTH) < 1 and abs(h - HEIGHT) < 1:
                sizes.append(smallest_runs(page)[0])
    assert sizes and min(sizes) >= 9.0 - 0.05


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_strict_build_of_the_bundled_game_is_clean(tmp_path, capsys, lang):
    code, err = build(["--strict", "--lang", lang, "--out", str(tmp_path)], capsys)
    assert code == 0, err
    assert "warning" not in err


def test_card_spaces_too_large_for_the_board_are_a_clear_error(tmp_path, capsys):
    import shutil
    project = tmp_path / "game"
    shutil.copytree(REPO_DIR / "cards", project / "cards")
    game = project / "cards" / "game.yaml"
    game.write_text(game.read_text().replace("event: {width: 63, height: 88}",
                                             "event: {width: 300, height: 88}"))
    with pytest.raises(SystemExit) as info:
        main(["build", str(project), "--only", "board", "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert info.value.code == 1
    assert "for the map" in err and "Traceback" not in err
