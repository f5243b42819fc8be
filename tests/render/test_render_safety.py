"""Sandboxed fetching, template errors, missing fonts, text fitting and the face cache."""

from __future__ import annotations

import pytest

from toolkit.errors import RenderError
from toolkit.render import checks, fonts
from toolkit.render.build import build
from toolkit.render.options import BuildOptions

from .conftest import FIXTURE, build_with_cache, copy_project


def test_fetcher_refuses_network_and_outside_files(tmp_path):
    from toolkit.render.pdf import RefusedURL, SafeFetcher
    inside = FIXTURE / "cards" / "game.yaml"
    fetcher = SafeFetcher([FIXTURE])
    assert fetcher.fetch(inside.resolve().as_uri()).read().startswith(b"#")
    for url in ("http://example.com/a.png", "https://example.com/x.css",
                (FIXTURE / ".." / ".." / "conftest.py").resolve().as_uri(),
                "file:///etc/passwd", "ftp://example.com/a"):
        with pytest.raises(RefusedURL):
            fetcher.fetch(url)
    assert len(fetcher.refused) == 5


def test_template_error_names_template_line_and_card(tmp_path):
    project = copy_project(tmp_path)
    (project / "templates" / "cards").mkdir(parents=True)
    (project / "templates" / "cards" / "hero.html.j2").write_text(
        '{% extends "cards/base.html.j2" %}\n{% block body %}\n<p>{{ card.nonsense }}</p>\n'
        '{% endblock %}\n')
    with pytest.raises(RenderError) as info:
        build(project, BuildOptions(out=tmp_path / "out", only=frozenset({"hero"})))
    text = str(info.value)
    assert "hero.html.j2:3" in text and "nonsense" in text
    assert "hero 'captain_mara'" in text and "cards/heroes.yaml:" in text


def test_missing_cjk_font_names_the_package(monkeypatch):
    monkeypatch.setattr(checks, "CJK_FAMILY", "No Such Font CJK")
    monkeypatch.setattr(fonts, "CJK_FILES", (fonts.FONT_DIR / "no-such-font.otf",))
    with pytest.raises(RenderError, match="fonts-noto-cjk"):
        checks.require_cjk_font()


def test_long_text_shrinks_then_overflow_warns_and_strict_fails(tmp_path):
    project = copy_project(tmp_path)
    events = project / "cards" / "events.yaml"
    medium = "Every caravan in the land pays one :gold: toll at the gate. " * 9
    huge = "An endless decree read aloud in every tavern of the realm. " * 40
    text = events.read_text().replace(
        "    duration: round\n",
        f"    duration: round\n    text: {{en: \"{medium}\", zh: 中}}\n", 1)
    text = text.replace("    copies: 2\n", f"    copies: 2\n    text: {{en: \"{huge}\", zh: 中}}\n")
    events.write_text(text)
    out = tmp_path / "out"
    result = build(project, BuildOptions(out=out, only=frozenset({"event"})))
    warnings = [w for w in result.warnings if "does not fit" in w]
    assert len(warnings) == 1 and "market_day" in warnings[0]
    assert warnings[0].startswith("cards/events.yaml:")
    import json
    index = json.loads((out / ".cache" / "index.json").read_text())
    steps = sorted(entry[1] for batch in index["batches"].values() for entry in batch)
    from toolkit.render.pdf import FIT_STEPS, FLOOR_PT
    floor_step = max(i for i, pct in enumerate(FIT_STEPS) if 7.2 * pct / 100 >= FLOOR_PT["en"])
    assert steps[-1] == floor_step  # the long text stops shrinking at the 6 pt floor
    assert any(0 < s <= floor_step for s in steps[:-1])  # medium text shrank, fit
    with pytest.raises(RenderError, match="market_day"):
        build_with_cache(project, tmp_path / "strict", cache_from=out, strict=True,
                         only=frozenset({"event"}))


def test_rebuild_after_one_edit_renders_only_that_card(tmp_path):
    project = copy_project(tmp_path)
    out = tmp_path / "out"
    only = frozenset({"hero", "rumor"})
    first = build(project, BuildOptions(out=out, only=only))
    assert first.rendered == first.faces
    heroes = project / "cards" / "heroes.yaml"
    heroes.write_text(heroes.read_text().replace("The tide owes her a favour.",
                                                 "The tide owes her two favours."))
    second = build(project, BuildOptions(out=out, only=only))
    assert second.rendered == 1
    third = build(project, BuildOptions(out=out, only=only))
    assert third.rendered == 0
    assert len(list((out / ".cache").glob("b-*.pdf"))) <= 3


def test_unknown_only_kind_is_a_usage_error(tmp_path):
    from toolkit.errors import UsageError
    with pytest.raises(UsageError, match="herro"):
        build(FIXTURE, BuildOptions(out=tmp_path, only=frozenset({"herro"})))


def test_low_resolution_art_warns_and_outside_art_is_an_error(tmp_path):
    from PIL import Image
    project = copy_project(tmp_path)
    (project / "art").mkdir()
    Image.new("RGB", (200, 100), "#884422").save(project / "art" / "mara.png")
    heroes = project / "cards" / "heroes.yaml"
    original = heroes.read_text()
    heroes.write_text(original.replace("    home: harbor\n", "    home: harbor\n    art: art/mara.png\n"))
    result = build(project, BuildOptions(out=tmp_path / "out", only=frozenset({"hero"})))
    [warning] = [w for w in result.warnings if "dpi" in w]
    assert "captain_mara" in warning and warning.startswith("cards/heroes.yaml:")
    heroes.write_text(original.replace("    home: harbor\n", "    home: harbor\n    art: ../../x.png\n"))
    with pytest.raises(RenderError, match="outside the project"):
        build(project, BuildOptions(out=tmp_path / "out2", only=frozenset({"hero"})))


def test_partial_build_keeps_the_rest_of_the_cache(mini_build, tmp_path):
    import json
    project, out, _ = mini_build
    before = json.loads((out / ".cache" / "index.json").read_text())
    result = build_with_cache(project, tmp_path / "part", cache_from=out,
                              only=frozenset({"hero"}))
    from toolkit.content.validate import load_catalog
    heroes = len(load_catalog(project).of("hero")) + 1   # fronts and the back
    # only the covers and the captions of this selection (a page each), no card face
    assert 0 < result.rendered <= result.faces - heroes
    after = json.loads((tmp_path / "part" / ".cache" / "index.json").read_text())
    assert set(before) <= set(after)
