"""Typography: no text under the 6 pt (Latin) / 7 pt (CJK) floor in the bundled templates,
a template that prints smaller text is a warning with file:line (an error with --strict),
titles are measured and long ones with an epithet break onto two lines."""

from __future__ import annotations

import pytest

from toolkit.errors import RenderError
from toolkit.render.options import BuildOptions
from toolkit.render.views import title_fields, title_size

from .conftest import build_with_cache, copy_project


def test_the_fixture_prints_nothing_under_the_floor(mini_build):
    _, _, result = mini_build
    assert not [w for w in result.warnings if "floor" in w], result.warnings


def test_small_text_in_a_template_warns_with_file_and_line(mini_build, tmp_path):
    project, out, _ = mini_build
    project = copy_project(tmp_path)
    own = project / "templates" / "cards"
    own.mkdir(parents=True)
    (own / "rumor.html.j2").write_text(
        '{% extends "cards/base.html.j2" %}{% block body %}<p style="font-size: 4pt">'
        '{{ card.name }}</p>{% endblock %}', encoding="utf-8")
    result = build_with_cache(project, tmp_path / "out", only=frozenset({"rumor"}))
    small = [w for w in result.warnings if "floor" in w]
    assert small and small[0].startswith("cards/rumors.yaml:") and "4.0 pt" in small[0]
    with pytest.raises(RenderError, match="floor"):
        build_with_cache(project, tmp_path / "strict", cache_from=tmp_path / "out",
                         only=frozenset({"rumor"}), strict=True)


def test_titles_are_measured_and_an_epithet_takes_a_second_line():
    # a wide name gets a smaller size than a narrow one of the same length
    assert title_size("WWWWWWWWWWWWWWWW", "en") < title_size("iiiiiiiiiiiiiiii", "en")
    long = title_fields("Dagna Emberhelm, Gem-Seeker of the Deep Halls", "en")
    assert long["title_lines"] == ["Dagna Emberhelm,", "Gem-Seeker of the Deep Halls"]
    assert long["title_pt"] >= 8 and long["title_sub_pt"] >= 6
    assert title_fields("Grukk the Loud", "en")["title_lines"] is None


def test_ink_saver_backs_are_white(mini_build):
    from pathlib import Path

    from toolkit.content.validate import load_catalog
    from toolkit.render.build import collect_faces

    from .conftest import FIXTURE

    catalog = load_catalog(FIXTURE)
    plain, _ = collect_faces(FIXTURE, catalog, BuildOptions(out=Path("x")))
    saver, _ = collect_faces(FIXTURE, catalog, BuildOptions(out=Path("x"), ink_saver=True))
    back = {f.key: f.html for f in plain}["hero/back"]
    white = {f.key: f.html for f in saver}["hero/back"]
    assert "#ffffff" in white and "pattern" not in white.split("card")[0] + "x"
    assert "#ffffff" not in back
    backs = {f.html.split("background-color: ")[1][:7] for f in plain if f.side == "back"}
    assert len(backs) == len([f for f in plain if f.side == "back"])  # one colour per deck


def test_generated_rules_text_agrees_in_number():
    from toolkit.games.caravans.render.english import agree

    assert agree("Parties outside taverns take 2 hit") == "Parties outside taverns take 2 hits"
    assert agree("Recruit 1 mercenaries free") == "Recruit 1 mercenary free"
    assert agree("Influence · 1 successes") == "Influence · 1 success"
    assert agree("The Dust Jackals moves toward its nearest target", "The Dust Jackals") \
        == "The Dust Jackals move toward their nearest target"
    assert agree("The Silver Watch moves toward Harbor", "The Silver Watch") \
        == "The Silver Watch moves toward Harbor"
    assert agree("cargo +1") == "Cargo +1"


def test_each_language_and_selection_has_its_own_folder(tmp_path):
    base = BuildOptions(out=tmp_path)
    assert base.folder == tmp_path
    assert BuildOptions(out=tmp_path, lang="zh").folder == tmp_path / "zh"
    assert BuildOptions(out=tmp_path, only=frozenset({"rumor", "hero"})).folder == \
        tmp_path / "en-hero+rumor"


def test_shipped_fonts_are_added_to_fontconfig(monkeypatch):
    import os
    import shutil
    import subprocess

    from toolkit.render import fonts

    assert (fonts.FONT_DIR / "LICENSE-DejaVu.txt").is_file() and fonts.TITLE_FILE.is_file()
    monkeypatch.delenv("CARD_TOOLKIT_FONTS", raising=False)
    monkeypatch.delenv("FONTCONFIG_FILE", raising=False)
    fonts.install()
    conf = os.environ["FONTCONFIG_FILE"]
    assert str(fonts.FONT_DIR) in open(conf, encoding="utf-8").read()
    if shutil.which("fc-list"):
        listed = subprocess.run(["fc-list", ":", "file"], capture_output=True, text=True,
                                env=dict(os.environ), check=False).stdout
        assert str(fonts.TITLE_FILE) in listed


def test_type_sizes_are_remembered_per_batch_page(mini_build):
    import json

    _, out, _ = mini_build
    memo = json.loads((out / ".type-sizes.json").read_text())
    assert memo and all(key.startswith("b-") and ":" in key for key in memo)
    assert all(latin is None or latin >= 6.0 for latin, _ in memo.values())


def test_a_clipped_title_is_a_warning(tmp_path):
    project = copy_project(tmp_path)
    own = project / "templates" / "cards"
    own.mkdir(parents=True)
    (own / "rumor.html.j2").write_text(
        '{% extends "cards/base.html.j2" %}{% block body %}<div class="rules fit" '
        'style="font-size: __FIT__%"></div><h1 class="title" style="font-size: 30pt; '
        'width: 20mm; white-space: nowrap; overflow: hidden">{{ card.name }}</h1>'
        '{% endblock %}', encoding="utf-8")
    result = build_with_cache(project, tmp_path / "out", only=frozenset({"rumor"}))
    clipped = [w for w in result.warnings if "does not fit" in w]
    assert clipped and clipped[0].startswith("cards/rumors.yaml:")


def test_report_templates_are_not_part_of_the_face_hash():
    from toolkit.render.build import face_files
    from toolkit.render.html import TEMPLATES

    files = face_files([TEMPLATES])
    assert TEMPLATES / "style.css" in files and TEMPLATES / "theme.yaml" in files
    assert TEMPLATES / "cards" / "back.html.j2" not in files  # in the keys of backs only
    assert not [p for p in files if "reports" in p.parts or "compare" in p.parts]


def test_editing_one_kinds_template_re_renders_that_kind_only(tmp_path):
    from toolkit.games.caravans.render import TEMPLATES as GAME_TEMPLATES

    project = copy_project(tmp_path)
    own = project / "templates" / "cards"
    own.mkdir(parents=True)
    source = (GAME_TEMPLATES / "cards" / "rumor.html.j2").read_text(encoding="utf-8")
    (own / "rumor.html.j2").write_text(source, encoding="utf-8")
    only = frozenset({"hero", "rumor"})
    first = build_with_cache(project, tmp_path / "out", only=only)
    (own / "rumor.html.j2").write_text(source.replace("{% block body %}",
                                                      "{% block body %}<!-- v2 -->"),
                                       encoding="utf-8")
    again = build_with_cache(project, tmp_path / "out", only=only)
    assert first.rendered == first.faces
    rumors = 2  # the fixture's two rumor fronts (their back uses back.html.j2)
    assert again.rendered == rumors
