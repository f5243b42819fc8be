"""Print-on-demand exports (--pod tgc|mpc): template sizes in pixels, one back per deck,
quantity lists that add up, and a warning for a card size no template fits."""

from __future__ import annotations

import csv
import json

import pytest
from PIL import Image, ImageChops, ImageStat

from tests.render.conftest import build_with_cache
from toolkit.render.pod import SERVICES, match
from toolkit.render.raster import fit_canvas


@pytest.fixture(scope="module")
def tgc_build(mini_build, tmp_path_factory):
    project, cached, _ = mini_build
    out = tmp_path_factory.mktemp("pod") / "out"
    result = build_with_cache(project, out, cached, pod="tgc")
    return out, result


def test_templates_match_the_published_sizes():
    poker, turned = match("tgc", 63, 88)
    assert (poker.product, poker.px, turned) == ("Poker Deck", (825, 1125), False)
    assert match("mpc", 63.5, 88.9)[0].px == (822, 1122)
    landscape, turned = match("tgc", 88, 63)
    assert landscape.px == (825, 1125) and turned
    assert match("tgc", 25, 25)[0].px == (375, 375)       # Large Square Chit, 1 in
    assert match("tgc", 20, 20)[0].px == (300, 300)       # Medium Square Chit, 0.75 in
    assert match("tgc", 44, 68) is None and match("mpc", 25, 25) is None
    for service in SERVICES.values():  # every template: trim at 300 dpi plus even bleed
        for t in service.templates:
            bleed = {round((px - trim) / 2, 1) for px, trim in zip(t.px, t.trim_px)}
            assert bleed == ({37.5} if service.name == "The Game Crafter" else {36.0})


def test_every_deck_at_the_template_size_with_one_back(tgc_build, mini_build):
    out, _ = tgc_build
    pod = out / "pod-tgc"
    sizes = {"hero": (825, 1125), "party": (825, 1125), "equipment": (375, 375),
             "explorer": (375, 375)}
    for deck, size in sizes.items():
        pngs = sorted((pod / deck).glob("*.png"))
        assert [p.name for p in pngs].count("back.png") == 1
        for png in pngs:
            with Image.open(png) as image:
                assert image.size == size, png.name
                assert round(image.info["dpi"][0]) == 300
    for folder in (p for p in pod.iterdir() if p.is_dir()):
        assert len(list(folder.glob("back*.png"))) == 1


def test_quantities_add_up_to_the_deck(tgc_build, mini_build):
    out, _ = tgc_build
    _, tts_out, _ = mini_build
    decks = [p for p in (out / "pod-tgc").iterdir() if p.is_dir()]
    assert len(decks) >= 5
    for deck in decks:
        with open(deck / "quantities.csv", newline="", encoding="utf-8") as handle:
            rows = list(csv.DictReader(handle))
        assert set(rows[0]) == {"file", "card id", "name", "copies"}
        fronts = {p.name for p in deck.glob("*.png")} - {"back.png"}
        assert {r["file"] for r in rows} == fronts and all(r["card id"] for r in rows)
        saved = json.loads((tts_out / "tts" / f"{deck.name}.json").read_text())["ObjectStates"][0]
        in_tts = len(saved.get("DeckIDs", [saved.get("CardID")]))
        assert sum(int(r["copies"]) for r in rows) == in_tts, deck.name
        assert rows[0]["file"].startswith("01-")


def test_custom_size_to_the_nearest_product_and_refusals_say_why(tgc_build):
    out, result = tgc_build
    readme = (out / "pod-tgc" / "README.txt").read_text()
    # the 44 x 68 mm goods go to the Mini Deck (1.75 x 2.5 in), scaled evenly to fit
    assert "good/  Mini Deck (1.75 x 2.5 in, 600 x 825 px)" in readme
    assert "44 x 68 mm scaled to 93% onto Mini Deck" in readme
    with Image.open(next((out / "pod-tgc" / "good").glob("01-*.png"))) as image:
        assert image.size == (600, 825)
    assert "hero/  Poker Deck" in readme and "board/  Sixfold Board (24 x 18 in" in readme
    refused = [w for w in result.warnings if w.startswith("--pod tgc:")]
    assert refused and all(w.endswith("; not exported") and "\n" not in w for w in refused)
    for warning in refused:  # each refusal is in the README with its reason
        assert warning.removeprefix("--pod tgc: ").removesuffix("; not exported") in readme
    summary = [n for n in result.notes if n.startswith("--pod tgc:")]
    assert summary == [readme.strip().splitlines()[-1]]
    assert f"{len(refused)} refused" in summary[0]


def test_mpc_poker_pixels(mini_build, tmp_path):
    project, cached, _ = mini_build
    out = tmp_path / "out"
    result = build_with_cache(project, out, cached, pod="mpc", only=frozenset({"hero"}))
    deck = result.outputs["pod-mpc"] / "hero"
    for png in deck.glob("*.png"):
        with Image.open(png) as image:
            assert image.size == (822, 1122)
    with Image.open(deck / "back.png") as back, Image.open(
            cached / "png" / "hero" / "back.png") as trim:
        # the template's trim (36 px in) shows the face's trim, not a shifted part of it
        def off(box):
            small = (75, 105)
            diff = ImageChops.difference(back.crop(box).resize(small), trim.resize(small))
            return sum(ImageStat.Stat(diff).mean) / 3

        centred = off((36, 36, 786, 1086))
        for dx, dy in ((-6, 0), (6, 0), (0, -6), (0, 6)):
            assert centred < off((36 + dx, 36 + dy, 786 + dx, 1086 + dy))


def test_fit_canvas_crops_and_extends_the_bleed():
    image = Image.new("RGB", (10, 20), "red")
    image.paste((0, 0, 255), (0, 0, 10, 1))            # a blue top row
    fitted = fit_canvas(image, (14, 16))
    assert fitted.size == (14, 16)
    assert fitted.getpixel((0, 8)) == (255, 0, 0)       # left edge extended from red
    assert fitted.getpixel((7, 0)) == (255, 0, 0)       # 2 rows cropped off the top
    grown = fit_canvas(image, (10, 24))
    assert grown.getpixel((5, 0)) == grown.getpixel((5, 2)) == (0, 0, 255)


def test_unknown_service_is_a_usage_error(tmp_path):
    from click.testing import CliRunner

    from toolkit.render.command import build

    result = CliRunner().invoke(build, [str(tmp_path), "--pod", "vistaprint"])
    assert result.exit_code == 2 and "'vistaprint' is not one of 'tgc', 'mpc'" in result.output
