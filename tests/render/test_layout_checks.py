"""The checks that measure the laid-out page (toolkit.render.layout_checks): each defect the
print review found on the page (F2 overlap, F3 overlap / clip / trim, F4 the CJK floor, F6
English in a zh build) is planted and seen; the shipped layouts that had them pass."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from toolkit import REPO_DIR
from toolkit.content.validate import load_catalog
from toolkit.errors import RenderError
from toolkit.render.build import build, collect_faces
from toolkit.render.fields import untranslated_warnings
from toolkit.render.html import TEMPLATES, Html
from toolkit.render.layout_checks import layout_problems
from toolkit.render.options import BuildOptions
from toolkit.render.pdf import render_batch
from toolkit.render.pdf_units import page_name

W, H, B = 63.0, 88.0, 3.0
CLEARINGS = REPO_DIR / "examples" / "root_clearings"
NANHUANG = REPO_DIR / "examples" / "nanhuang2"


def face(body: str, lang: str = "en") -> str:
    return (f'<section class="face" style="page: {page_name(W, H, B)}; width: {W + 2 * B}mm; '
            f'height: {H + 2 * B}mm"><div class="card" style="left: {B}mm; top: {B}mm; '
            f'width: {W}mm; height: {H}mm">{body}</div></section>')


def problems_of(htmls: list[str], lang: str = "en", project: Path = CLEARINGS,
                fit: bool = False) -> list[list[str]]:
    """Each face rendered as a build renders it; the problems its batch page carries."""
    document = Html(project, lang).document({(W, H, B)})
    result = render_batch({"faces": [{"key": str(i), "html": h, "fit": fit}
                                     for i, h in enumerate(htmls)],
                           "document": document, "base_url": TEMPLATES.as_uri() + "/",
                           "roots": [str(project), str(TEMPLATES)]})
    return [layout_problems(p) for p in PdfReader(io.BytesIO(result["pdf"])).pages]


def test_a_list_running_over_the_footer_is_seen_and_a_clean_face_is_not():  # F2
    over = ('<ul style="position: absolute; left: 3mm; top: 60mm; margin: 0; font-size: 8pt">'
            + "".join(f"<li>Row {i}</li>" for i in range(8)) + "</ul>"
            '<footer style="position: absolute; left: 3mm; bottom: 2.5mm">REFERENCE</footer>')
    clean = ('<p style="position: absolute; left: 4mm; top: 10mm; margin: 0; font-size: 8pt">'
             'Gold</p><footer style="position: absolute; left: 4mm; bottom: 3mm">REFERENCE'
             '</footer>')
    dirty, ok = problems_of([face(over), face(clean)])
    assert any("prints over footer 'REFERENCE'" in p for p in dirty), dirty
    assert ok == []


def test_text_cut_by_its_box_and_text_at_the_trim_are_seen():  # F3 (root_clearings, K&T)
    cut = ('<div class="panel"><table style="position: absolute; left: 2mm; top: 30mm; '
           'font-size: 6.5pt"><tr data-field="Adjacent"><th>Adjacent</th><td style="white-space:'
           ' nowrap">Clearing 4, Clearing 7, Clearing 9, Clearing 10, Clearing 11</td></tr>'
           '</table></div>')
    trim = ('<p data-field="title" style="position: absolute; left: 0.4mm; top: 40mm; margin: 0;'
            ' font-size: 8pt">Kings &amp; Things</p>')
    past = ('<p data-field="title" style="position: absolute; left: -3mm; top: 40mm; margin: 0;'
            ' font-size: 8pt; white-space: nowrap">Kings &amp; Things (example)</p>')
    cut_p, trim_p, past_p = problems_of([face(cut), face(trim), face(past)])
    assert any(p.startswith("Adjacent 'Clearing 4, Clearing 7,") and "cut off" in p
               for p in cut_p), cut_p
    assert any(p.startswith("title 'Kings & Things'") and "mm from the trim" in p
               for p in trim_p), trim_p
    assert any("past the trim" in p for p in past_p), past_p


def test_the_floor_is_the_scripts_own_cjk_at_6_pt_fails_latin_at_6_pt_passes():  # F4
    cjk6 = '<p data-field="note" style="margin: 10mm; font-size: 6pt">+1 金</p>'
    cjk7 = '<p data-field="note" style="margin: 10mm; font-size: 7pt">+1 金</p>'
    latin6 = '<p data-field="note" style="margin: 10mm; font-size: 6pt">+1 gold</p>'
    latin5 = '<p data-field="note" style="margin: 10mm; font-size: 5.5pt">+1 gold</p>'
    small, ok_cjk, ok_latin, small_latin = problems_of(
        [face(cjk6), face(cjk7), face(latin6), face(latin5)], lang="zh")
    assert small == ["note '+1 金' is CJK text at 6.0 pt, under the 7 pt floor"]
    assert ok_cjk == [] and ok_latin == []
    assert small_latin == ["note '+1 gold' is Latin text at 5.5 pt, under the 6 pt floor"]


def _generic(project: Path, kind: str, card: str, lang: str, tmp_path) -> str:
    catalog = load_catalog(project)
    faces, _ = collect_faces(project, catalog, BuildOptions(out=tmp_path / "o", lang=lang,
                                                            only=frozenset({kind})))
    return next(f.html for f in faces if f.key == f"{kind}/{card}")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_generic_card_keeps_its_rules_off_eight_field_rows(tmp_path, lang):  # F3 (南荒2)
    html = _generic(NANHUANG, "soldier", "mercenary_captain", lang, tmp_path)
    assert html.count("<tr ") >= 7
    # the old layout: the rules box at a fixed top, whatever the rows above it take
    planted = html.replace('style="font-size: __FIT__%"', 'style="position: absolute; '
                           'left: 0; right: 0; top: 20mm; font-size: __FIT__%"', 1)
    now, before = problems_of([html, planted], lang=lang, project=NANHUANG, fit=True)
    assert now == []
    assert any("prints over rules '" in p or p.startswith("rules '") and "prints over" in p
               for p in before), before


def test_the_long_adjacency_list_wraps_inside_its_cell(tmp_path):  # F3 (root_clearings c12)
    html = _generic(CLEARINGS, "clearing", "c12", "en", tmp_path)
    assert "Clearing 11" in html
    assert problems_of([html], fit=True) == [[]]


def test_a_strict_build_fails_on_a_planted_defect_and_again_from_the_cache(tmp_path):
    """The problem travels with the cached face: a rebuild that renders nothing still
    fails, naming the card and the field."""
    project = tmp_path / "game"
    shutil.copytree(CLEARINGS, project, ignore=shutil.ignore_patterns("output"))
    (project / "templates" / "cards").mkdir()
    generic = (TEMPLATES / "cards" / "generic.html.j2").read_text(encoding="utf-8")
    planted = ('<p data-field="priority" style="position: absolute; left: 5mm; top: 50mm; '
               'font-size: 6pt">{{ card.name }} 优先</p>\n{% endblock %}')
    assert generic.rstrip().endswith("{% endblock %}")
    (project / "templates" / "cards" / "clearing.html.j2").write_text(
        generic.rstrip().removesuffix("{% endblock %}") + planted, encoding="utf-8")
    opts = dict(out=tmp_path / "out", lang="zh", strict=True, only=frozenset({"clearing"}),
                layout="duplex", workers=1)
    for attempt in range(2):
        with pytest.raises(RenderError) as err:
            build(project, BuildOptions(**opts))
        message = str(err.value)
        assert "cards/clearings.yaml:" in message
        assert "'c1' (clearing): priority '" in message and "under the 7 pt floor" in message
    lenient = build(project, BuildOptions(**{**opts, "strict": False}))
    assert lenient.rendered == 0   # the faces came from the cache, their problems too
    assert sum("under the 7 pt floor" in w for w in lenient.warnings) == 12


def test_english_left_in_a_zh_build_warns(tmp_path):  # F6
    project = tmp_path / "game"
    shutil.copytree(CLEARINGS, project, ignore=shutil.ignore_patterns("output"))
    theme = project / "templates" / "theme.yaml"
    text = theme.read_text(encoding="utf-8")
    assert "item: {en: Item, zh: 道具}" in text
    # a "translation" that repeats the English is English still
    theme.write_text(text.replace("item: {en: Item, zh: 道具}", "item: {en: Item, zh: Item}")
                     .replace("zh: 花色", "zh: Suit"), encoding="utf-8")
    catalog = load_catalog(project)
    _, ctx = collect_faces(project, catalog, BuildOptions(out=tmp_path / "o", lang="zh"))
    warnings = untranslated_warnings(ctx, project)
    assert any("kind 'item'" in w and "its name" in w for w in warnings), warnings


def test_a_part_without_a_chinese_name_and_effects_without_text_warn(tmp_path):  # F6
    from toolkit.render.views import Ctx, base
    from toolkit.render.html import load_theme
    from toolkit.render.icons import Icons

    catalog = load_catalog(CLEARINGS)
    ctx = Ctx(catalog, "zh", Icons([TEMPLATES / "icons"]), load_theme(CLEARINGS))
    assert ctx.kind_label("hex_tiles") == "Hex Tiles"
    card = next(iter(catalog.of("clearing").values()))

    class Effect:
        op, params = "gain_economy", {"amount": 1}

    class WithEffects:
        def __getattr__(self, name):
            return [Effect()] if name == "effects" else (None if name == "text"
                                                         else getattr(card, name))

    view = base(ctx, "clearing", WithEffects())
    assert view["rules"] == []        # the op id is never printed
    warnings = untranslated_warnings(ctx, CLEARINGS)
    assert any("part 'hex_tiles' in English" in w for w in warnings), warnings
    assert any(f"'{card.id}' has effects but no text" in w for w in warnings), warnings


def test_kings_and_things_counters_and_hexes_pass_in_chinese(tmp_path):  # F4, F3, F18
    from toolkit.render.measure import text_width_em

    project = REPO_DIR / "examples" / "kings-and-things"
    catalog = load_catalog(project)
    faces, _ = collect_faces(project, catalog, BuildOptions(
        out=tmp_path / "o", lang="zh", only=frozenset({"things", "forts", "hex_tiles"})))
    income = [f for f in faces if f.kind == "things" and " 金</div>" in f.html][:3]
    forts = [f for f in faces if f.kind == "forts" and f.side == "front"][:2]
    assert income and forts and "收入" in forts[0].html
    assert all("font-size: 7.0pt" in f.html for f in income + forts)
    w, h = income[0].width, income[0].height
    document = Html(project, "zh").document({(w, h, B)})
    old = income[0].html.replace("font-size: 7.0pt", "font-size: 6pt")   # as before (F4)
    result = render_batch({"faces": [{"key": f.key, "html": f.html, "fit": False}
                                     for f in income + forts] + [
                                         {"key": "old", "html": old, "fit": False}],
                           "document": document, "base_url": TEMPLATES.as_uri() + "/",
                           "roots": [str(project), str(TEMPLATES)]})
    *pages, before = PdfReader(io.BytesIO(result["pdf"])).pages
    assert [layout_problems(p) for p in pages] == [[]] * len(pages)
    assert any("金' is CJK text at 6.0 pt, under the 7 pt floor" in p
               for p in layout_problems(before))
    # the hex back's title fits across the hex, in light ink on the dark back
    back = next(f for f in faces if f.key == "hex_tiles/shared/back")
    size = float(back.html.split('font-size="')[1].split('"')[0])
    name = catalog.game.title.zh
    assert size * text_width_em(name, bold=True) <= 0.86 * min(back.width, back.height * 2 / 3 ** 0.5)
    assert 'fill="#f1dfb8"' in back.html


def test_a_layout_the_checks_cannot_read_is_a_problem_not_a_crash():
    from toolkit.render.layout_checks import page_problems

    class Page:
        @property
        def _page_box(self):
            raise AttributeError("a box tree of another shape")

    [problem] = page_problems(Page())
    assert problem.startswith("its layout could not be measured")


def test_svg_text_is_measured_too(tmp_path):  # F3: the K&T hex back's title
    project = REPO_DIR / "examples" / "kings-and-things"
    catalog = load_catalog(project)
    faces, _ = collect_faces(project, catalog, BuildOptions(
        out=tmp_path / "o", only=frozenset({"hex_tiles"})))
    back = next(f for f in faces if f.key == "hex_tiles/shared/back")
    size = back.html.split('font-size="')[1].split('"')[0]
    old = back.html.replace(f'font-size="{size}"', 'font-size="4.2"', 1)  # as it was
    tiny = back.html.replace(f'font-size="{size}"', 'font-size="1.5"', 1)   # 4.3 pt
    document = Html(project, "en").document({(back.width, back.height, back.bleed)})
    result = render_batch({"faces": [{"key": str(i), "html": h, "fit": False}
                                     for i, h in enumerate([back.html, old, tiny])],
                           "document": document, "base_url": TEMPLATES.as_uri() + "/",
                           "roots": [str(project), str(TEMPLATES)]})
    now, before, small = [layout_problems(p) for p in
                          PdfReader(io.BytesIO(result["pdf"])).pages]
    assert now == []
    assert any("Kings & Things (example)" in p and "past the trim" in p for p in before), before
    assert any("Latin text at 4.3 pt" in p for p in small), small


def test_text_running_out_of_a_box_of_set_height_is_seen():
    body = ('<div data-field="rules" style="position: absolute; left: 4mm; right: 4mm; '
            'top: 60mm; bottom: 20mm; font-size: 8pt">' + "Line of rules text. " * 30
            + '</div>')
    [problems] = problems_of([face(body)])
    assert any(p.startswith("rules '") and "mm out of its box" in p for p in problems), problems
