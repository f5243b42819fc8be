"""The rules booklet: the project's rules.md on pages of the build's paper after a cover
with every component and the assembly steps; raw HTML and images in the text are never
run or fetched; a zh build without rules.zh.md says it prints English; a bad file is a
one-line error."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.render.conftest import copy_project
from toolkit.content.validate import load_catalog
from toolkit.errors import RenderError
from toolkit.render.booklet import write_booklet
from toolkit.render.build import collect_faces
from toolkit.render.html import Html
from toolkit.render.options import BuildOptions
from toolkit.render.parts import game_parts

RULES = """# Mini rules

## Setup

Deal each player a hero. <script>alert(1)</script>

![secret](file:///etc/hostname)

## A turn

1. Draw a card.
2. Play a card: its **effect** happens.
"""


def _booklet(project: Path, out: Path, lang="en", paper="a4"):
    opts = BuildOptions(out=out, lang=lang, paper=paper)
    catalog = load_catalog(project)
    parts = game_parts(catalog)
    faces, ctx = collect_faces(project, catalog, opts, parts)
    html = Html(project, lang, parts.templates)
    opts.folder.mkdir(parents=True, exist_ok=True)
    return write_booklet(project, faces, ctx, html, opts, {}), faces


def _text(path: Path) -> tuple[PdfReader, str]:
    reader = PdfReader(path)
    return reader, "\n".join(page.extract_text() for page in reader.pages)


@pytest.fixture()
def project(tmp_path):
    project = copy_project(tmp_path)
    (project / "rules.md").write_text(RULES, encoding="utf-8")
    return project


def test_cover_lists_every_component_then_the_rules(project, tmp_path):
    (path, notes), faces = _booklet(project, tmp_path / "out")
    assert path.name == "rules-booklet.pdf" and notes == []
    reader, text = _text(path)
    assert len(reader.pages) >= 2
    width, height = (float(v) * 25.4 / 72 for v in reader.pages[0].mediabox[2:])
    assert abs(width - 210) < 0.5 and abs(height - 297) < 0.5
    cover = reader.pages[0].extract_text()
    assert "Contents" in cover and "Assembly" in cover and "print-cards-duplex.pdf" in cover
    heroes = sum(f.copies for f in faces if f.kind == "hero" and f.side == "front")
    assert heroes and f"Hero {heroes}" in " ".join(cover.split())
    assert "Setup" in text and "Draw a card." in text
    assert "<script>alert(1)</script>" in text      # raw HTML shown as text, never run
    assert "Setup" not in cover                       # the rules start on their own page


def test_images_in_the_rules_are_never_fetched(project, tmp_path):
    (path, _), _ = _booklet(project, tmp_path / "out")
    reader, _ = _text(path)
    for page in reader.pages:
        resources = page.get("/Resources") or {}
        assert "/XObject" not in resources or not any(
            x.get_object().get("/Subtype") == "/Image"
            for x in resources["/XObject"].values())


def test_letter_pages_and_zh_fallback(project, tmp_path):
    (path, notes), _ = _booklet(project, tmp_path / "out", lang="zh", paper="letter")
    assert notes == ["no rules.zh.md: the rules booklet is in English"]
    reader, text = _text(path)
    width, height = (float(v) * 25.4 / 72 for v in reader.pages[0].mediabox[2:])
    assert abs(width - 215.9) < 0.5 and abs(height - 279.4) < 0.5
    assert "内容物" in text and "组装" in text and "Draw a card." in text
    (project / "rules.zh.md").write_text("# 规则\n\n每位玩家抽一张牌。\n", encoding="utf-8")
    (path, notes), _ = _booklet(project, tmp_path / "out2", lang="zh")
    assert notes == [] and "每位玩家抽一张牌" in _text(path)[1]


def test_no_rules_no_booklet(tmp_path):
    project = copy_project(tmp_path)
    (path, notes), _ = _booklet(project, tmp_path / "out")
    assert path is None and "no rules.md" in notes[0]


def test_bad_rules_file_is_a_one_line_error(project, tmp_path):
    (project / "rules.md").write_bytes(b"# Rules\n\nok\n\xff\xfe broken\n")
    with pytest.raises(RenderError) as err:
        _booklet(project, tmp_path / "out")
    assert "not UTF-8" in str(err.value) and err.value.line == 4
    outside = tmp_path / "elsewhere.md"
    outside.write_text("# elsewhere\n")
    (project / "rules.md").unlink()
    (project / "rules.md").symlink_to(outside)
    with pytest.raises(RenderError, match="outside the project"):
        _booklet(project, tmp_path / "out")


REPO = Path(__file__).resolve().parents[2]
SHIPPED = [REPO] + sorted(p for p in (REPO / "examples").iterdir()
                          if (p / "cards" / "game.yaml").is_file())


@pytest.mark.parametrize("project", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_game_has_its_rules_in_both_languages(project):
    en = (project / "rules.md").read_text(encoding="utf-8")
    zh = (project / "rules.zh.md").read_text(encoding="utf-8")
    assert en.startswith("# ") and zh.startswith("# ")
    sections = [[line for line in text.splitlines() if line.startswith("## ")]
                for text in (en, zh)]
    assert len(sections[0]) >= 3 and len(sections[0]) == len(sections[1])  # same outline
    assert not any("\u4e00" <= ch <= "\u9fff" for ch in en.replace("强力", ""))
    assert sum("\u4e00" <= ch <= "\u9fff" for ch in zh) > 200


@pytest.mark.slow
@pytest.mark.parametrize("project", SHIPPED, ids=lambda p: p.name)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_shipped_booklet_renders(project, lang, tmp_path):
    (path, notes), _ = _booklet(project, tmp_path / "out", lang=lang)
    assert notes == []
    reader, text = _text(path)
    assert len(reader.pages) >= 2
    title = (project / ("rules.md" if lang == "en" else "rules.zh.md")).read_text(
        encoding="utf-8").splitlines()[0].removeprefix("# ")
    assert title.split(" ")[0] in text


def test_an_unchanged_booklet_is_not_rendered_again(project, tmp_path, monkeypatch):
    from toolkit.render import pdf

    (path, _), _ = _booklet(project, tmp_path / "out")
    before = path.read_bytes()
    calls = []
    monkeypatch.setattr(pdf, "render_document", lambda *a: calls.append(a) or (b"", []))
    _booklet(project, tmp_path / "out")
    assert calls == [] and path.read_bytes() == before
    (project / "rules.md").write_text(RULES + "\nOne more rule.\n", encoding="utf-8")
    _booklet(project, tmp_path / "out")  # changed: rendered again (by the stub: empty)
    assert len(calls) == 1 and path.read_bytes() == b""
