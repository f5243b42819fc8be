"""Tabletop Simulator export of a game whose counters have different backs (Kings &
Things: two heroes per counter, markers in four colours) and shaped pieces: every card's
back, cut from the generated back sheet, is its own back's render; round and hex pieces
are cut as circles and hexes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from toolkit.content.validate import load_catalog
from toolkit.render.build import build, collect_faces
from toolkit.render.face_shape import face_shape
from toolkit.render.options import BuildOptions
from toolkit.render.tts import CARD_TYPES

KT = Path(__file__).resolve().parents[2] / "examples" / "kings-and-things"


def kt_tts(out: Path, kinds: set[str]):
    opts = BuildOptions(out=out, tts=True, png=True, only=frozenset(kinds))
    result = build(KT, opts)
    faces, _ = collect_faces(KT, load_catalog(KT), opts)
    return result, {f.key: f for f in faces}


def _diff(a, b) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def test_every_hero_flips_to_its_own_back(tmp_path):
    assert _own_backs(*kt_tts(tmp_path, {"heroes"}), ("heroes",)) == 11


@pytest.mark.slow
def test_every_marker_flips_to_its_own_back(tmp_path):
    assert _own_backs(*kt_tts(tmp_path, {"markers"}), ("markers",)) == 128


def _own_backs(result, by_key, kinds) -> int:
    """Cut each card's cell from its deck's back sheet and compare it with the render of
    every back of the deck: its own must be the closest, and close. Returns the cards."""
    tts, png = result.outputs["tts"], result.outputs["png"]
    checked = 0
    for kind in kinds:
        deck = json.loads((tts / f"{kind}.json").read_text())["ObjectStates"][0]
        assert deck["Nickname"] == kind.capitalize()  # not one card's back (F7)
        renders = {}  # back key -> its own render (png/<kind>/<slug>.png)
        for card in deck["ContainedObjects"]:
            sheet_id, index = divmod(card["CardID"], 100)
            custom = deck["CustomDeck"][str(sheet_id)]
            assert custom["UniqueBack"] is True
            with Image.open(tts / custom["BackURL"]) as sheet:
                cw, ch = sheet.width // custom["NumWidth"], sheet.height // custom["NumHeight"]
                col, row = index % custom["NumWidth"], index // custom["NumWidth"]
                tile = sheet.crop((col * cw, row * ch, (col + 1) * cw, (row + 1) * ch))
                tile = tile.convert("RGB")
            back = by_key[by_key[card["GMNotes"]].back]
            for key in {f.back for f in by_key.values() if f.kind == kind and f.back}:
                if key not in renders:
                    with Image.open(png / kind / f"{by_key[key].slug}.png") as im:
                        renders[key] = im.convert("RGB").resize((cw, ch))
            own = _diff(tile, renders[back.key])
            others = [_diff(tile, r) for k, r in renders.items() if k != back.key]
            assert own < 8, (card["Nickname"], own)
            assert others and own < min(others), card["Nickname"]  # not another's back
            checked += 1
    return checked


def test_shapes_cut_round_and_hex(tmp_path):
    face = type("F", (), {})()
    face.html = '<section class="face gold counter round" style="">'
    assert face_shape(face) == "round"
    face.html = '<section class="face hex_tiles kt-hex hex" style="">'
    assert face_shape(face) == "hex"
    face.html = '<section class="face hero" style="">'
    assert face_shape(face) == "card"
    assert CARD_TYPES == {"card": 0, "hex": 3, "round": 4}


def test_hex_tiles_deck_is_cut_as_hexes(tmp_path):
    out = tmp_path / "out"
    result = build(KT, BuildOptions(out=out, tts=True, only=frozenset({"hex_tiles"})))
    deck = json.loads((result.outputs["tts"] / "hex_tiles.json").read_text())["ObjectStates"][0]
    assert {c["Type"] for c in deck["CustomDeck"].values()} == {3}
    assert {c["UniqueBack"] for c in deck["CustomDeck"].values()} == {False}
    assert deck["Nickname"] == "Hex tiles"


def test_png_export_includes_the_boards(mini_build):
    from toolkit.render.raster import LARGE_DPI
    from toolkit.render.tts import TILE_MM

    _, out, _ = mini_build
    boards = sorted((out / "png" / "board").glob("*.png"))
    assert len(boards) == 1 and len(list((out / "png" / "player_board").glob("*.png"))) == 4
    tile = json.loads((out / "tts" / "board.json").read_text())["ObjectStates"][0]
    w_mm = tile["Transform"]["scaleX"] * TILE_MM
    h_mm = tile["Transform"]["scaleZ"] * TILE_MM
    with Image.open(boards[0]) as board:
        assert abs(board.width - w_mm / 25.4 * LARGE_DPI) < 3
        assert abs(board.height - h_mm / 25.4 * LARGE_DPI) < 3


def test_a_kind_of_pieces_of_several_shapes_makes_one_deck_per_shape_and_size():
    from toolkit.render.pod import decks
    from toolkit.render.tts import deck_groups

    def face(key, shape, w, h, copies=1):
        f = type("F", (), {})()
        f.key, f.kind, f.side, f.large, f.width, f.height = key, "piece", "front", False, w, h
        f.copies, f.back = copies, f"{key}/back"
        f.html = f'<section class="face piece counter {shape}" style="">'
        return f

    faces = [face("piece/cat", "hex", 16.17, 14, 25), face("piece/eyrie", "hex", 16.17, 14, 20),
             face("piece/wood", "round", 16, 16, 8), face("piece/sawmill", "square", 16, 16, 6)]
    groups = deck_groups(faces)
    assert sorted(groups) == ["piece-card-16x16", "piece-hex-16.17x14", "piece-round-16x16"]
    assert len(groups["piece-hex-16.17x14"]) == 45 and len(groups["piece-round-16x16"]) == 8
    assert sorted(name for name, _ in decks(faces)) == sorted(groups)  # the same components
