"""The shipped fonts (DejaVu, the CT Noto Sans SC subset), the warning for characters they
lack, and one merged subset per font in every print file."""

from __future__ import annotations

import importlib.util
import io
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest
from pypdf import PdfReader, PdfWriter

from toolkit.render import fonts
from toolkit.render.font_merge import merge_fonts
from toolkit.render.pdfops import Canvas, XObjects

ROOT = Path(__file__).resolve().parents[2]


def embedded_fonts(path_or_bytes) -> list[dict]:
    """Every font dictionary the pages of a PDF use (through XObjects too)."""
    reader = PdfReader(io.BytesIO(path_or_bytes) if isinstance(path_or_bytes, bytes)
                       else path_or_bytes)
    found, seen = {}, set()

    def visit(resources):
        resources = resources.get_object()
        if id(resources) in seen:
            return
        seen.add(id(resources))
        for ref in (resources["/Font"].get_object().values() if "/Font" in resources else ()):
            found[ref.idnum] = ref.get_object()
        for ref in (resources["/XObject"].get_object().values()
                    if "/XObject" in resources else ()):
            if "/Resources" in ref.get_object():
                visit(ref.get_object()["/Resources"])

    for page in reader.pages:
        visit(page["/Resources"])
    return list(found.values())


def font_report(path_or_bytes) -> tuple[dict, dict, list]:
    """({name without tag: {font file object numbers}}, {tag: {names}}, [unembedded])."""
    files, tags, bare = defaultdict(set), defaultdict(set), []
    for font in embedded_fonts(path_or_bytes):
        name = str(font["/BaseFont"])
        part = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
        descriptor = part.get("/FontDescriptor")
        key = next((k for k in ("/FontFile", "/FontFile2", "/FontFile3")
                    if descriptor is not None and k in descriptor.get_object()), None)
        if key is None:
            bare.append(name)
            continue
        tag, _, rest = name.lstrip("/").partition("+")
        files[rest].add(descriptor.get_object().raw_get(key).idnum)
        tags[tag].add(rest)
    return files, tags, bare


def assert_one_subset_per_font(path) -> set[str]:
    files, tags, bare = font_report(path)
    assert not bare, f"{path.name}: fonts not embedded: {bare}"
    assert files, f"{path.name}: no embedded font"
    assert all(len(numbers) == 1 for numbers in files.values()), (path.name, dict(files))
    assert all(len(names) == 1 for names in tags.values()), (path.name, dict(tags))
    return set(files)


def shipped_names() -> set[str]:
    """The names WeasyPrint gives the shipped faces start with their families."""
    return {"DejaVu-Sans", "DejaVu-Serif", "CT-Noto-Sans-SC"}


def from_shipped(name: str) -> bool:
    return any(name == family or name.startswith(family + "-") for family in shipped_names())


# --- the shipped files and the fontconfig file ---------------------------------------

def test_shipped_cjk_fonts_cover_gb2312_level_1_and_the_bundled_texts():
    spec = importlib.util.spec_from_file_location("make_cjk_font",
                                                  ROOT / "scripts" / "make_cjk_font.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert len(script.gb2312()) == 3755 + 682
    assert {ord(c) for c in "骰骷髅蝙蝠商队强盗，。「」（）"} <= script.characters()
    from fontTools.ttLib import TTFont
    for path in fonts.CJK_FILES:
        assert path.stat().st_size < 2_500_000, f"{path.name} is no longer a small subset"
        with TTFont(path, lazy=True) as font:
            assert font["name"].getDebugName(1) == fonts.CJK_FAMILY
            have = set(font.getBestCmap())
            assert script.gb2312() <= have, f"{path.name} lacks GB 2312 characters"
            lacking = "".join(sorted(chr(c) for c in script.own_texts() - have))
            assert not lacking, (f"the toolkit's texts use {lacking}, which {path.name} lacks: "
                                 "run scripts/make_cjk_font.py")
    licence = (fonts.FONT_DIR / "LICENSE-NotoSansCJK.txt").read_text()
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert "make_cjk_font.py" in (fonts.FONT_DIR / "README.md").read_text()


def test_fontconfig_puts_the_shipped_fonts_first():
    text = fonts.config_text("/etc/fonts/fonts.conf")
    assert text.index(f"<dir>{fonts.FONT_DIR}</dir>") < text.index("<include")
    assert text.index("<family>Noto Serif CJK SC</family><prefer><family>CT Noto Sans SC") \
        < text.index("<include")
    if not os.environ.get("FONTCONFIG_FILE") or not Path("/usr/bin/fc-match").exists():
        return
    out = subprocess.run(["fc-match", "-f", "%{file}", ":family=Noto Serif CJK SC:lang=zh"],
                         capture_output=True, text=True, env=os.environ).stdout
    assert Path(out).parent == fonts.FONT_DIR


# --- characters outside the shipped fonts -----------------------------------------------

class _Face:
    def __init__(self, html, source=("cards/heroes.yaml", 12, 3)):
        self.html, self.source, self.label, self.key = html, source, "Old Wen", "hero/wen"


def test_a_character_outside_the_shipped_fonts_is_a_warning_naming_card_and_character():
    assert fonts.missing("商队 Brigands — 强盗，「骰子」") == []
    face = _Face('<style>.x{content:"龘"}</style><div class="title">老 &#x9f98; 文</div>'
                 "<!-- 𪚥 -->")
    [warning] = fonts.glyph_warnings([face, _Face("<b>plain text</b>")])
    assert warning.startswith("warning: cards/heroes.yaml:12: Old Wen (hero/wen) uses ")
    assert "'龘' (U+9F98)" in warning and "𪚥" not in warning


# --- one merged subset per font ---------------------------------------------------------

def _two_batches(tmp_path) -> list[Path]:
    """Two PDFs rendered separately (as two render batches are) with different text."""
    import toolkit.render.pdf  # noqa: F401  (installs the shipped fonts before WeasyPrint)
    from weasyprint import HTML
    paths = []
    for i, text in enumerate(("Caravans of the Greymarch", "Brigands at Saltmere 商队")):
        path = tmp_path / f"batch{i}.pdf"
        HTML(string=f'<html lang="en"><body style="font-family: \'DejaVu Sans Condensed\','
                    f'\'CT Noto Sans SC\'"><p>{text}</p><p><b>{text[::-1]}</b></p></body>'
                    "</html>").write_pdf(path)
        paths.append(path)
    return paths


def _imposed(paths, merge: bool) -> bytes:
    writer = PdfWriter()
    xobjects = XObjects(writer)
    canvas = Canvas(210, 297)
    for i, path in enumerate(paths):
        canvas.place(xobjects.get(str(path), 0), 0, i * 100)
    canvas.text(10, 290, "A1 +2 -4", size=9)
    canvas.add_to(writer)
    if merge:
        merge_fonts(writer)
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def test_merging_leaves_one_subset_per_font_and_the_same_text_and_look(tmp_path):
    paths = _two_batches(tmp_path)
    before, after = _imposed(paths, merge=False), _imposed(paths, merge=True)
    files, _, _ = font_report(before)
    assert max(len(v) for v in files.values()) == 3  # two batches and the canvas text
    files, tags, bare = font_report(after)
    assert not bare and all(len(v) == 1 for v in files.values()), files
    assert all(len(v) == 1 for v in tags.values()) and all(from_shipped(n) for n in files)
    assert len(embedded_fonts(after)) == len(files)  # one font dictionary per font
    text = PdfReader(io.BytesIO(after)).pages[0].extract_text()
    for line in ("Caravans of the Greymarch", "Brigands at Saltmere 商队", "A1 +2 -4"):
        assert line in text
    import pypdfium2 as pdfium
    from PIL import ImageChops
    images = [pdfium.PdfDocument(data)[0].render(scale=2).to_pil().convert("L")
              for data in (before, after)]
    assert ImageChops.difference(*images).getbbox() is None, "merging changed the look"
    assert len(after) < len(before)


def test_every_print_file_of_a_build_embeds_only_shipped_fonts_once(mini_build):
    _, out, result = mini_build
    pdfs = sorted(out.rglob("*.pdf"))
    assert pdfs
    for path in pdfs:
        names = assert_one_subset_per_font(path)
        assert all(from_shipped(n) for n in names), (path.name, names)
        assert any(page.extract_text().strip() for page in PdfReader(path).pages), path.name


@pytest.mark.slow
def test_a_zh_build_embeds_the_shipped_cjk_font_once_per_file(tmp_path):
    from tests.render.conftest import copy_project
    from toolkit.render.build import build
    from toolkit.render.options import BuildOptions
    project = copy_project(tmp_path)
    result = build(project, BuildOptions(out=tmp_path / "out", lang="zh"))
    assert not [w for w in result.warnings if "shipped fonts lack" in w]
    pdfs = sorted((tmp_path / "out").rglob("*.pdf"))
    assert pdfs
    for path in pdfs:
        names = assert_one_subset_per_font(path)
        assert all(from_shipped(n) for n in names), (path.name, names)
        assert any(n.startswith("CT-Noto-Sans-SC") for n in names)


HERMETIC = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig><dir>{dir}</dir><cachedir>{cache}</cachedir></fontconfig>
"""


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_build_with_no_system_fonts_prints_the_same(tmp_path, lang):
    """The same project built with the system's fonts and with only the shipped ones:
    the same fonts are embedded and the first card sheet looks the same."""
    from tests.render.conftest import copy_project
    project = copy_project(tmp_path)
    conf = tmp_path / "only-shipped.conf"
    conf.write_text(HERMETIC.format(dir=fonts.FONT_DIR, cache=tmp_path / "fc-cache"))
    sheets = {}
    for name, extra in (("system", {}), ("shipped", {"FONTCONFIG_FILE": str(conf)})):
        env = {k: v for k, v in os.environ.items()
               if k not in ("FONTCONFIG_FILE", "CARD_TOOLKIT_FONTS")} | extra
        out = tmp_path / name
        subprocess.run([sys.executable, "-m", "toolkit", "build", str(project), "--out",
                        str(out), "--lang", lang, "--only", "hero", "-q"], env=env,
                       check=True, cwd=ROOT, capture_output=True)
        [sheets[name]] = [p for p in out.rglob("print-cards-duplex.pdf")]
    assert set(font_report(sheets["system"])[0]) == set(font_report(sheets["shipped"])[0])
    import pypdfium2 as pdfium
    from PIL import ImageChops
    images = [pdfium.PdfDocument(sheets[n])[2].render(scale=1).to_pil().convert("L")
              for n in ("system", "shipped")]
    assert ImageChops.difference(*images).getbbox() is None


def test_without_harfbuzz_the_merge_subsets_with_fonttools(monkeypatch):
    from fontTools.ttLib import TTFont

    from toolkit.render import font_merge, hb_subset
    monkeypatch.setattr(hb_subset, "_libraries", lambda: None)
    monkeypatch.setattr(font_merge, "_SUBSET_CACHE", {})
    data = font_merge.subset_font(str(fonts.BODY_FILE), 0, frozenset({36, 37, 38}))
    font = TTFont(io.BytesIO(data))
    glyphs = font.getGlyphSet()
    names = font.getGlyphOrder()
    assert len(names) <= 39 and all(glyphs[names[g]].width for g in (36, 37, 38))
    assert font["glyf"][names[36]].numberOfContours > 0  # the outline is kept, id unchanged
