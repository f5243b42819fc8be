"""PNG export and Tabletop Simulator decks: sizes, grids, pixel limits and CardIDs."""

from __future__ import annotations

import json

from PIL import Image

from toolkit.render.tts import MAX_PX, PER_SHEET, cell_size, sheet_grid


def test_sheet_grid_limits():
    assert PER_SHEET == 69
    assert sheet_grid(69) == (10, 7)
    assert sheet_grid(3) == (4, 1)
    assert sheet_grid(12) == (10, 2)
    w, h = cell_size(63, 88)
    assert w * 10 <= MAX_PX and h * 7 <= MAX_PX and abs(w / h - 63 / 88) < 0.01


def test_png_per_face_at_300_dpi(mini_build):
    _, out, _ = mini_build
    def close(size, mm):
        return all(abs(px - v / 25.4 * 300) <= 1.5 for px, v in zip(size, mm))

    with Image.open(out / "png" / "hero" / "grukk.png") as trim:
        assert close(trim.size, (63, 88))
    with Image.open(out / "png" / "hero" / "grukk-bleed.png") as full:
        assert close(full.size, (69, 94))
    assert (out / "png" / "good" / "silk-ambush.png").is_file()
    assert (out / "png" / "hero" / "back.png").is_file()


def test_tts_deck_sheet_and_ids(mini_build):
    _, out, _ = mini_build
    saved = json.loads((out / "tts" / "good.json").read_text())
    deck = saved["ObjectStates"][0]
    assert deck["Name"] == "DeckCustom"
    cards = deck["ContainedObjects"]
    assert len(cards) == 8  # one card per raid entry
    assert [c["CardID"] for c in cards] == list(range(100, 108)) == deck["DeckIDs"]
    custom = deck["CustomDeck"]["1"]
    assert (custom["NumWidth"], custom["NumHeight"]) == (9, 1)
    assert custom["FaceURL"].endswith("good-1.png") and custom["BackURL"].endswith("back.png")
    assert cards[0]["Nickname"] == "Silk"
    with Image.open(out / "tts" / "good-1.png") as sheet:
        assert sheet.width <= MAX_PX and sheet.height <= MAX_PX
        assert sheet.mode == "RGB"
        cw = sheet.width // 9
        assert sheet.size == (cw * 9, sheet.height)


def test_big_deck_uses_several_sheets(tmp_path):
    from toolkit.render.tts import saved_object
    faces = [type("F", (), {"label": f"c{i}"})() for i in range(150)]
    sheets = [{"id": s + 1, "path": tmp_path / f"s{s}.png", "back": tmp_path / "b.png",
               "cols": 10, "rows": 7, "cards": faces[s * 69:(s + 1) * 69]} for s in range(3)]
    deck = saved_object(sheets, "Big")["ObjectStates"][0]
    ids = deck["DeckIDs"]
    assert len(ids) == 150 and ids[68] == 168 and ids[69] == 200 and ids[-1] == 311
    assert set(deck["CustomDeck"]) == {"1", "2", "3"}


def test_tts_scale_per_component_and_no_machine_paths(mini_build, tmp_path):
    from toolkit.render.tts import image_url, saved_object

    _, out, _ = mini_build
    good = json.loads((out / "tts" / "good.json").read_text())["ObjectStates"][0]
    hero = json.loads((out / "tts" / "hero.json").read_text())["ObjectStates"][0]
    assert (out / "tts" / "demand_marker.json").is_file()  # markers are decks too
    assert good["Transform"]["scaleX"] < hero["Transform"]["scaleX"] < 1.0
    text = (out / "tts" / "good.json").read_text()
    assert "file:" not in text and str(out) not in text
    assert image_url(tmp_path / "hero-1.png", "https://example.org/pnp/") == \
        "https://example.org/pnp/hero-1.png"
    faces = [type("F", (), {"label": "a"})(), type("F", (), {"label": "b"})()]
    sheets = [{"id": 1, "path": tmp_path / "t-1.png", "back": tmp_path / "t-back.png",
               "cols": 3, "rows": 1, "cards": faces}]
    deck = saved_object(sheets, "T", (25, 25), "https://h/x")["ObjectStates"][0]
    assert deck["CustomDeck"]["1"]["FaceURL"] == "https://h/x/t-1.png"
    assert abs(deck["Transform"]["scaleZ"] - 25 / 88.9) < 1e-3


def test_tts_board_and_player_boards_as_tiles_at_real_size(mini_build):
    from toolkit.render.tts import MAX_PX, TILE_MM

    _, out, result = mini_build
    tile = json.loads((out / "tts" / "board.json").read_text())["ObjectStates"][0]
    assert tile["Name"] == "Custom_Tile"
    image = tile["CustomImage"]
    assert image["ImageURL"] == "board.png" and image["CustomTile"]["Stretch"] is True
    with Image.open(out / "tts" / "board.png") as board:
        assert max(board.size) <= MAX_PX
        w_mm = tile["Transform"]["scaleX"] * TILE_MM
        h_mm = tile["Transform"]["scaleZ"] * TILE_MM
        assert abs(board.width / board.height - w_mm / h_mm) < 0.01  # real aspect
    boards = sorted((out / "tts").glob("player_board-*.json"))
    assert len(boards) == 4
    player = json.loads(boards[0].read_text())["ObjectStates"][0]
    assert player["Transform"]["scaleX"] < tile["Transform"]["scaleX"]


def test_tts_combined_save_holds_every_object_apart(mini_build):
    _, out, _ = mini_build
    objects = json.loads((out / "tts" / "all.json").read_text())["ObjectStates"]
    names = [o["Name"] for o in objects]
    singles = [p for p in (out / "tts").glob("*.json") if p.name != "all.json"]
    assert len(objects) == len(singles)  # every deck and tile, boards once each here
    assert names.count("Custom_Tile") >= 5 and "DeckCustom" in names
    spots = {(o["Transform"]["posX"], o["Transform"]["posZ"]) for o in objects}
    assert len(spots) == len(objects)
    keys = {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}
    for obj in objects:  # TTS's object shape; every image it names was written next to it
        assert set(obj["Transform"]) == keys and obj["Nickname"]
        urls = [obj.get("CustomImage", {}).get("ImageURL")] + [
            d[k] for d in obj.get("CustomDeck", {}).values() for k in ("FaceURL", "BackURL")]
        for url in filter(None, urls):
            assert (out / "tts" / url).is_file()
