"""The rules booklet (`rules-booklet.pdf`, beside the print files of a full build): the
project's rules text - `rules.md`, or `rules.zh.md` for a zh build - as simple pages of the
build's paper (A4 or Letter, one column, page numbers), after a cover listing every
component with its count and size and the steps to print and assemble the set.

The text is Markdown (CommonMark, markdown-it-py): raw HTML in it is shown as text and
images are not loaded, so a rules file can neither run code nor read a file. A project
with no rules file gets no booklet and a note; a zh build without `rules.zh.md` prints the
English text and says so."""

from __future__ import annotations

import hashlib
from pathlib import Path

from markdown_it import MarkdownIt

from toolkit.errors import RenderError
from toolkit.render.face_shape import face_shape
from toolkit.render.files import write_atomic

NAME = "rules-booklet.pdf"
KEY = ".rules-booklet.sha256"   # the page last rendered: the same page is not rendered again
MAX_BYTES = 512 * 1024   # a rules text longer than this is not a booklet
BOARD_STEP = 4           # the assembly step for boards (left out when there are none)

WORDS = {
    "en": {"booklet": "Rules booklet", "contents": "Contents", "component": "Component",
           "count": "Count", "size": "Size (mm)", "assembly": "Assembly",
           "sheet": "sheet", "card": "card", "round": "round counter",
           "hex": "hex tile", "page": ["Page ", ""], "rules": "Rules",
           "steps": [
               "Print {cards} on card stock (or paper glued to card), double-sided, "
               "flipping on the long edge, at 100 % (no \u201cfit to page\u201d). Check "
               "the calibration ruler on its first pages: if the backs are shifted, build "
               "again with --back-offset.",
               "No duplex printer: print {fold} one-sided, fold each sheet along the "
               "middle, glue the halves and cut.",
               "Cut along the crop marks; the 3 mm bleed around each face keeps a slightly "
               "missed cut from showing white.",
               "Counters and tokens: glue the sheet to thick card before cutting; cut "
               "round and hex pieces along their outline.",
               "Boards and player boards ({sheets}): print one-sided at 100 %, trim the "
               "hatched glue strips and glue the tiles in the order of their labels.",
               "Sort the components into the counts above before the first game."]},
    "zh": {"booklet": "规则手册", "contents": "内容物", "component": "组件",
           "count": "数量", "size": "尺寸（毫米）", "assembly": "组装",
           "sheet": "大幅", "card": "卡牌", "round": "圆形",
           "hex": "六角形", "page": ["第 ", " 页"], "rules": "规则",
           "steps": [
               "用卡纸（或贴在卡纸上的普通纸）以 100% 比例双面打印 {cards}（长边翻转，"
               "不要“适合页面”）。先看前几页的校准尺：若背面错位，用 --back-offset 重新生成。",
               "没有双面打印机：单面打印 {fold}，每张沿中线对折、粘合后再裁切。",
               "沿裁切标记裁切；每张牌面四周 3 毫米出血，裁偏一点也不会露白。",
               "指示物：先把整张贴在厚卡纸上再裁切；圆形和六角形的沿轮廓裁切。",
               "图板与玩家板（{sheets}）：以 100% 比例单面打印，剪去斜线粘贴条，"
               "按标签顺序拼贴。",
               "第一局之前，按上表的数量把组件分类。"]},
}


def rules_file(project: Path, lang: str) -> tuple[Path | None, bool]:
    """The rules text for `lang` and whether it is in that language (a zh build falls back
    to rules.md); (None, False) when the project has none."""
    own = project / ("rules.md" if lang == "en" else f"rules.{lang}.md")
    if own.is_file():
        return own, True
    fallback = project / "rules.md"
    return (fallback, False) if fallback.is_file() else (None, False)


def read_rules(path: Path, project: Path) -> str:
    """The rules text; a one-line error for a file that is too big, not UTF-8 or leaves
    the project (a link)."""
    shown = path.name
    if not path.resolve().is_relative_to(project.resolve()):
        raise RenderError(f"{shown} leads outside the project; not read",
                          hint="keep the rules text inside the project folder", file=shown)
    data = path.read_bytes()
    if len(data) > MAX_BYTES:
        raise RenderError(f"{shown} is {len(data) // 1024} KB; a rules booklet takes at "
                          f"most {MAX_BYTES // 1024} KB", file=shown,
                          hint="move long examples into a separate document")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise RenderError("the rules text is not UTF-8", file=shown, line=line,
                          hint="save it as UTF-8") from None


def markdown_html(text: str) -> str:
    """CommonMark to HTML with raw HTML escaped and images left out (never fetched)."""
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    md.disable("image")
    return md.render(text)


def components(ctx, faces) -> list[dict]:
    """One row per kind printed: its name, how many pieces and their size and shape."""
    rows: dict[tuple, dict] = {}
    for face in faces:
        if face.side != "front":
            continue
        shape = face_shape(face)
        key = (face.kind, face.width, face.height, shape)  # a kind of pieces of two sizes
        row = rows.setdefault(key, {"kind": face.kind, "count": 0, "large": face.large,
                                    "shape": shape,
                                    "size": f"{face.width:g} \u00d7 {face.height:g}"})
        row["count"] += face.copies
    for row in rows.values():
        row["name"] = ctx.kind_label(row["kind"])
    return list(rows.values())


def write_booklet(project: Path, faces, ctx, html, opts, outputs: dict) -> tuple[Path | None,
                                                                                 list[str]]:
    """Write rules-booklet.pdf into the build's folder; returns it (None when the project
    has no rules text) and the notes to show."""
    from toolkit.render.html import TEMPLATES
    from toolkit.render.pdf import render_document

    path, own = rules_file(project, opts.lang)
    if path is None:
        return None, ["no rules.md in the project: the set has no rules booklet"]
    notes = [] if own else [f"no rules.{opts.lang}.md: the rules booklet is in English"]
    words = WORDS[opts.lang]
    names = {k: Path(v).name for k, v in outputs.items()}
    steps = [s.format(cards=names.get("print-cards-duplex", "print-cards-duplex.pdf"),
                      fold=names.get("print-cards-fold", "print-cards-fold.pdf"),
                      sheets=names.get("print-one-sided", "print-one-sided.pdf"))
             for s in words["steps"]]
    rows = components(ctx, faces)
    if not any(r["large"] for r in rows):  # no board: no step for boards
        del steps[BOARD_STEP]
    w, h = opts.paper_size
    page = html.render("booklet/booklet.html.j2", "the rules booklet",
                       title=ctx.t(ctx.catalog.game.title), words=words, rows=rows,
                       steps=steps, rules=markdown_html(read_rules(path, project)),
                       w=w, h=h, source=path.name)
    out, stamp = opts.folder / NAME, opts.folder / KEY
    key = hashlib.sha256(page.encode()).hexdigest()
    if out.is_file() and stamp.is_file() and stamp.read_text() == key:
        return out, notes          # the same page as last time (--watch rebuilds)
    pdf, refused = render_document(page, TEMPLATES.as_uri() + "/", [TEMPLATES])
    if refused:
        raise RenderError("the rules booklet asked for files it may not read: "
                          + ", ".join(refused), file=path.name)
    write_atomic(out, pdf, root=opts.folder)
    write_atomic(stamp, key.encode(), root=opts.folder)
    return out, notes
