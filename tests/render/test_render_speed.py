"""What keeps builds fast: a face's cache key covers only what it uses (its templates, the
files its HTML names, the stylesheet and fonts, WeasyPrint's version), chunks balanced by
cost, an icon drawn once per batch, and parsed batches kept by a warm process."""

from __future__ import annotations

import shutil
from dataclasses import dataclass

import pytest
from pypdf import PdfReader

from toolkit.render import build as build_mod
from toolkit.render import cache as cache_mod
from toolkit.render.html import TEMPLATES

from .conftest import build_with_cache, copy_project


@dataclass
class Sized:
    key: str
    width: float
    height: float


def test_chunks_are_balanced_by_cost_not_count():
    board = Sized("board/board", 609.6, 457.2)
    cards = [Sized(f"card/{i:02d}", 63, 88) for i in range(30)]
    items = [board] + cards
    chunks = cache_mod._chunks(items, 2, cache_mod.face_cost)
    costs = [sum(map(cache_mod.face_cost, c)) for c in chunks]
    assert len(chunks) == 2 and sorted(sum(chunks, []), key=lambda f: f.key) == \
        sorted(items, key=lambda f: f.key)
    assert max(costs) - min(costs) <= 1.0  # a count split would put 15 + 10 against 15
    assert cache_mod.face_cost(board) > 8 and cache_mod.face_cost(cards[0]) == 1.0
    for chunk in chunks:  # each chunk keeps the build's order (byte-stable batches)
        assert chunk == sorted(chunk, key=items.index)


def test_the_engine_stamp_names_weasyprint_and_the_renderer():
    from importlib.metadata import version

    stamp = cache_mod.engine_stamp()
    assert f"weasyprint={version('weasyprint')}" in stamp and "pydyf=" in stamp


@pytest.fixture
def project(tmp_path):
    found = copy_project(tmp_path)
    (found / "icons").mkdir(exist_ok=True)
    shutil.copy(TEMPLATES / "icons" / "hero.svg", found / "icons" / "hero.svg")
    return found


ONLY = frozenset({"hero", "rumor"})


def test_editing_an_icon_re_renders_only_the_faces_that_show_it(project, tmp_path):
    out = tmp_path / "out"
    first = build_with_cache(project, out, only=ONLY)
    assert first.rendered == first.faces
    faces, _ = build_mod.collect_faces(project, build_mod.load_catalog(project),
                                       build_mod.BuildOptions(out=out, only=ONLY))
    icon = str((project / "icons" / "hero.svg").resolve())
    showing = [f for f in faces if icon in f.assets]
    assert showing and len(showing) < len(faces)
    assert not [f for f in showing if f.kind == "rumor"]
    svg = (project / "icons" / "hero.svg").read_text()
    (project / "icons" / "hero.svg").write_text(svg.replace("<svg", "<svg data-v='2'", 1))
    assert build_with_cache(project, out, only=ONLY).rendered == len(showing)
    assert build_with_cache(project, out, only=ONLY).rendered == 0


def test_a_new_weasyprint_re_renders_every_face(project, tmp_path, monkeypatch):
    out = tmp_path / "out"
    first = build_with_cache(project, out, only=frozenset({"rumor"}))
    monkeypatch.setattr(build_mod, "engine_stamp", lambda: "weasyprint=99;pydyf=1;x")
    assert build_with_cache(project, out, only=frozenset({"rumor"})).rendered == first.faces


def test_an_icon_used_again_is_drawn_once_per_batch(tmp_path):
    from toolkit.render.pdf import FORM_USES, render_batch

    icon = (TEMPLATES / "icons" / "hero.svg").as_uri()
    art = (TEMPLATES / "icons" / "gold.svg").as_uri()
    page = ('<div style="page: p; width: 20mm; height: 20mm; break-after: page">'
            f'<img src="{icon}" style="width: 5mm"><img src="{icon}" style="width: 5mm">'
            '{extra}</div>')
    faces = [{"key": f"k{i}", "fit": False,
              "html": page.replace("{extra}", f'<img src="{art}">' if i == 0 else "")}
             for i in range(FORM_USES // 2 + 1)]
    document = ('<html><head><style>@page p { size: 20mm 20mm; margin: 0 }</style></head>'
                '<body>{faces}</body></html>')
    result = render_batch({"faces": faces, "document": document,
                           "base_url": TEMPLATES.as_uri() + "/", "roots": [str(TEMPLATES)]})
    path = tmp_path / "batch.pdf"
    path.write_bytes(result["pdf"])
    reader = PdfReader(path)
    forms = reader.pages[0]["/Resources"].get_object()["/XObject"]
    assert len(forms) == 1  # the icon's form
    (name,) = forms
    uses = sum(p.get_contents().get_data().count(f"{name} Do".encode()) for p in reader.pages)
    assert uses == len(faces) * 2  # every use paints the form; art shown once is drawn


def test_a_warm_process_keeps_the_parsed_batches(project, tmp_path):
    out = tmp_path / "out"
    build_with_cache(project, out, only=ONLY)
    kept = dict(build_mod._READERS)
    assert kept
    (project / "cards" / "rumors.yaml").write_text(
        (project / "cards" / "rumors.yaml").read_text().replace("name: {en: ", "name: {en: A ", 1))
    again = build_with_cache(project, out, only=ONLY)
    assert again.rendered == 1
    assert any(build_mod._READERS.get(path) is reader for path, reader in kept.items())


def test_a_print_file_whose_faces_did_not_change_is_not_written_again(project, tmp_path):
    out = tmp_path / "out"
    only = frozenset({"hero", "board"})
    first = build_with_cache(project, out, only=only)
    folder = first.outputs["print-one-sided"].parent
    stamps = {p.name: p.stat().st_mtime_ns for p in folder.glob("*.pdf")}
    assert set(stamps) == {"print-one-sided.pdf", "print-cards-duplex.pdf",
                           "print-cards-fold.pdf", "cards-1up.pdf"}
    heroes = project / "cards" / "heroes.yaml"
    heroes.write_text(heroes.read_text().replace("name: {en: ", "name: {en: Sir ", 1))
    again = build_with_cache(project, out, only=only)
    now = {p.name: p.stat().st_mtime_ns for p in folder.glob("*.pdf")}
    assert now["print-one-sided.pdf"] == stamps["print-one-sided.pdf"]  # the board's file
    assert all(now[n] != stamps[n] for n in now if n != "print-one-sided.pdf")
    assert again.sizes == {n: (folder / n).stat().st_size for n in now}
    assert again.pages["print-one-sided.pdf"] == first.pages["print-one-sided.pdf"]
    (folder / "print-one-sided.pdf").write_bytes(b"%PDF-1.7 not this file")
    build_with_cache(project, out, only=only)  # a file that is not the one recorded
    assert (folder / "print-one-sided.pdf").stat().st_size == first.sizes["print-one-sided.pdf"]


def test_the_one_sided_file_takes_only_the_fonts_its_faces_use(tmp_path):
    from pypdf import PdfWriter

    from toolkit.render.pdf import render_batch
    from toolkit.render.pdfops import XObjects

    faces = [{"key": f"k{i}", "fit": False,
              "html": f'<div style="page: p; break-after: page; font-family: {family}">Aa</div>'}
             for i, family in enumerate(["DejaVu Serif", "DejaVu Sans Condensed"])]
    document = ('<html><head><style>@page p { size: 20mm 20mm; margin: 0 }</style></head>'
                '<body>{faces}</body></html>')
    path = tmp_path / "batch.pdf"
    path.write_bytes(render_batch({"faces": faces, "document": document,
                                   "base_url": TEMPLATES.as_uri() + "/",
                                   "roots": [str(TEMPLATES)]})["pdf"])

    def fonts(prune):
        ref = XObjects(PdfWriter(), prune=prune).get(str(path), 0)
        return len(ref.get_object()["/Resources"]["/Font"])

    assert fonts(prune=False) == 2 and fonts(prune=True) == 1
