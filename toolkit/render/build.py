"""`toolkit build` as a library function: validate, make every face's HTML, render the
distinct faces (cached, in parallel), then impose the print files (toolkit.render.jobs) and
cards-1up.pdf, and optionally PNGs and Tabletop Simulator decks."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

from pypdf import PdfWriter

from toolkit.content.validate import load_catalog
from toolkit.errors import RenderError, UsageError
from toolkit.progress import progress
from toolkit.render import checks, fonts, jobs
from toolkit.render.cache import FaceCache, engine_stamp, hash_files, render_faces
from toolkit.render.faces import card_faces, card_kinds
from toolkit.render.fields import untranslated_warnings
from toolkit.render.files import (claim_output, drop_manifest, output_lock, write_manifest,
                                  write_pdf)
from toolkit.render.html import Html, TEMPLATES, load_theme, template_dirs
from toolkit.render.icons import Icons
from toolkit.render.options import BuildOptions
from toolkit.render.parts import GameParts, game_parts
from toolkit.render.pdfops import Canvas, XObjects, set_print_boxes
from toolkit.render.reuse import Reuse, file_key
from toolkit.render.runtime import no_cyclic_gc, run_tasks
from toolkit.render.textsize import floor_warnings
from toolkit.render.views import Ctx


@dataclass
class BuildResult:
    """What a build wrote and what it noticed."""

    outputs: dict[str, Path] = field(default_factory=dict)
    sizes: dict[str, int] = field(default_factory=dict)
    faces: int = 0
    rendered: int = 0
    cards: int = 0
    pages: dict[str, int] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)   # said once, never an error


def build(project: Path, opts: BuildOptions) -> BuildResult:
    """Claim the output folder (its marker), hold its lock while building, and write
    build.json naming the outputs of this build once all are written."""
    project = Path(project)
    default = Path(opts.out).resolve() == (project / "output").resolve()
    claim_output(opts.out, default=default, project=project)
    folder = opts.folder
    with output_lock(opts.out), no_cyclic_gc():
        drop_manifest(folder, root=opts.out)
        result = _build(project, opts)
        write_manifest(folder, result.outputs, root=opts.out)
    return result


def _build(project: Path, opts: BuildOptions) -> BuildResult:
    """The build's phases, shown one by one (a face count is known only once collected)."""
    extras = sum(bool(x) for x in (opts.png, opts.tts, opts.pod))
    with progress("building", total=PHASES + extras, enabled=opts.progress) as step:
        return _phases(project, opts, step)


PHASES = 4  # validate, collect faces, render faces, impose the print files


def _phases(project: Path, opts: BuildOptions, step) -> BuildResult:
    start = time.perf_counter()
    project = Path(project)
    step(0, note="validating")
    catalog = load_catalog(project, strict=opts.strict)
    step(note="collecting faces")
    checks.require_fonts()
    if opts.lang == "zh":
        checks.require_cjk_font()
    parts = game_parts(catalog, opts.trust, untrusted_ok=True)
    _check_only(catalog, opts, parts)
    faces, ctx = collect_faces(project, catalog, opts, parts)
    if not faces:
        raise UsageError("nothing to build: --only selected no part with content")
    html = Html(project, opts.lang, parts.templates)
    texts = jobs.text_faces(jobs.plan(faces, opts, ctx), opts, ctx, html)
    result = BuildResult(faces=len(faces) + len(texts), notes=[parts.note] if parts.note else [])
    result.warnings += checks.icon_warnings(ctx.icons) + checks.art_warnings(ctx, catalog)
    result.warnings += fonts.glyph_warnings(faces + texts)
    result.warnings += untranslated_warnings(ctx, project)   # English left in a zh build
    step(note=f"rendering {len(faces) + len(texts)} faces")
    theme = engine_stamp() + hash_files(face_files(template_dirs(project, parts.templates)))
    cache = FaceCache(opts.out / ".cache")
    where, refused, result.rendered = render_faces(
        faces + texts, html.document({f.size for f in faces + texts}), theme, opts.lang,
        cache, [project, TEMPLATES, *parts.templates], TEMPLATES.as_uri() + "/",
        opts.workers, prune=not opts.only)
    result.warnings += cache.warnings
    if refused:
        raise RenderError("the renderer was asked for files it may not read: "
                          + ", ".join(refused), hint="art and icons must be inside the project")
    result.warnings += checks.overflow_warnings(faces, where, catalog)
    readers = warm_readers(where)
    laid_out, small = checks.layout_warnings(faces, where, readers)
    result.warnings += laid_out
    result.warnings += floor_warnings([f for f in faces if f.key not in small], where,
                                      readers, opts.out / ".type-sizes.json")
    if opts.strict and result.warnings:
        raise RenderError("warnings are errors with --strict:\n" + "\n".join(result.warnings))
    step(note="imposing the print files")
    _write_files(faces, where, opts, ctx, result, readers)
    if not opts.only:  # the rules booklet belongs to the whole set (toolkit.render.booklet)
        from toolkit.render.booklet import write_booklet
        booklet, notes = write_booklet(project, faces, ctx, html, opts, result.outputs)
        if booklet is not None:
            result.outputs["rules-booklet"] = booklet
        result.notes += notes
    step()
    if opts.png:
        from toolkit.render.raster import write_pngs
        step(0, note="writing PNGs")
        result.outputs["png"] = write_pngs(faces, where, opts.folder / "png")
        step()
    if opts.tts:
        from toolkit.render.tts import write_tts
        step(0, note="writing Tabletop Simulator decks")
        result.outputs["tts"] = write_tts(faces, where, opts.folder / "tts", opts.tts_url)
        step()
    if opts.pod:
        from toolkit.render.pod import write_pod
        step(0, note=f"writing {opts.pod} print-on-demand files")
        folder, warnings, summary = write_pod(faces, where, opts.folder / f"pod-{opts.pod}",
                                              opts.pod, ctx.t(ctx.catalog.game.title))
        result.outputs[f"pod-{opts.pod}"] = folder
        result.warnings += warnings
        result.notes.append(summary)
        step()
    result.seconds = time.perf_counter() - start
    return result


_READERS: dict = {}  # batch path -> its PdfReader, kept by a warm process (--watch)


def warm_readers(where) -> dict:
    """The parsed batch PDFs of earlier builds of this process that this build still uses
    (a batch's name is the hash of its bytes, so a path always holds the same PDF)."""
    used = {rendered.path for rendered in where.values()}
    for path in [p for p in _READERS if p not in used]:
        del _READERS[path]
    return _READERS


NOT_FACES = ("reports", "compare", "icons")  # other commands' templates; icons (per face)
OWN_TEMPLATES = ("cards", "board")  # templates each face's key covers itself (its assets)
FILE_URL = re.compile(r"""file://([^"'()\s<>]+)""")


def face_files(folders) -> list[Path]:
    """The files every face may use (stylesheet, theme, fonts, the document and sheet
    templates): not the card and board templates nor the icons (a face's key covers the
    templates it was made from and the files its HTML names, so editing a kind's
    template or an icon re-renders only the faces using it), nor report templates."""
    out = []
    for d in folders:
        if not d.is_dir():
            continue
        real = d.resolve()
        for p in sorted(d.rglob("*")):
            top = p.relative_to(d).parts[0]
            if not p.resolve().is_relative_to(real):
                continue  # a link leaving its folder is never read (the renderer refuses it)
            if p.is_file() and top not in NOT_FACES and not (
                    top in OWN_TEMPLATES and p.suffix == ".j2"):
                out.append(p)
    return out


def collect_faces(project: Path, catalog, opts: BuildOptions, parts: GameParts | None = None):
    """Every face of the build with its HTML, and the view context (icons, art notes)."""
    parts = game_parts(catalog, opts.trust) if parts is None else parts
    html = Html(project, opts.lang, parts.templates)
    icons = Icons([project / "icons", TEMPLATES / "icons"])
    ctx = Ctx(catalog, opts.lang, icons, load_theme(project), ink_saver=opts.ink_saver)
    faces = []
    for part in parts.parts:
        if part.large and opts.wants(part.name):
            faces += part.faces(ctx, html)
    faces += card_faces(ctx, html, parts.styles or {}, opts.only)
    for part in parts.parts:
        if not part.large and opts.wants(part.name):
            faces += part.faces(ctx, html)
    roots = [Path(d).resolve() for d in [project, TEMPLATES, *parts.templates]]
    named: dict[str, tuple] = {}
    for face in faces:  # a face's own templates and the files it names are in its key
        face.assets = tuple(dict.fromkeys(face.assets + html.used.get(face.html, ())
                                          + files_named(face.html, roots, named)))
    return faces, ctx


def files_named(text: str, roots, memo: dict) -> tuple[str, ...]:
    """The files inside `roots` that `text` names by a file:// URL (icons, art)."""
    out = []
    for url in FILE_URL.findall(text):
        if url not in memo:
            path = Path(unquote(url)).resolve()
            memo[url] = (str(path),) if path.is_file() and any(
                path.is_relative_to(r) for r in roots) else ()
        out += memo[url]
    return tuple(out)


def _check_only(catalog, opts: BuildOptions, parts: GameParts) -> None:
    known = set(card_kinds(catalog, frozenset(), parts.styles)) | parts.names
    unknown = sorted(opts.only - known)
    if unknown:
        raise UsageError(f"--only: unknown part(s) {', '.join(unknown)}",
                         hint="choose from " + ", ".join(sorted(known)))


def _write_files(faces, where, opts: BuildOptions, ctx, result: BuildResult,
                 readers: dict) -> None:
    """The print files and cards-1up.pdf, written by two processes at once when the build
    may use more than one (`--workers`, toolkit.render.runtime): each writes its files
    atomically and returns what it wrote; the record of the files is saved once all are."""
    record = Reuse(opts.folder)
    tasks = [lambda: _write_print_files(faces, where, opts, ctx, record, readers),
             lambda: _write_one_up(faces, where, opts, ctx, record, readers)]
    for part, files in run_tasks(tasks, parallel=opts.workers > 1):
        result.outputs.update(part.outputs)
        result.sizes.update(part.sizes)
        result.pages.update(part.pages)
        result.cards = part.cards or result.cards
        record.files.update(files)
    record.save()


def _write_print_files(faces, where, opts: BuildOptions, ctx, record: Reuse,
                       readers: dict) -> tuple[BuildResult, dict]:
    """The one-sided, duplex and fold files (see toolkit.render.jobs), with a title,
    PDF 1.7 (they use transparency) and a bookmark per section. Returns what was written
    and the record entries of the files written anew."""
    writers: dict[str, tuple] = {}
    title = ctx.t(ctx.catalog.game.title)
    captions = sorted(k for k in where if k.startswith("sheet/captions/"))
    result, files = BuildResult(), {}
    keys = {name: file_key(name, [f for f in faces if f.large == (kind == "one_sided")], where,
                           opts, title, [f"sheet/cover-{kind}"] + captions)
            for name, kind in ((jobs.ONE_SIDED, "one_sided"), (jobs.DUPLEX, "duplex"),
                               (jobs.FOLD, "fold"))}
    kept = {name: record.kept(name, key) for name, key in keys.items()}

    def xobjects_of(name: str) -> XObjects:
        if kept[name]:  # the file on disk is this file: laid out, not imposed again
            return jobs.DRY
        if name not in writers:
            writer = PdfWriter()
            writers[name] = (writer, XObjects(writer, readers, prune=name == jobs.ONE_SIDED))
        return writers[name][1]

    made = jobs.impose(faces, where, xobjects_of, opts, ctx)
    pages = jobs.finish(made, where, xobjects_of, opts, ctx)
    for job in made:
        path = opts.folder / job.name
        result.outputs[job.name.removesuffix(".pdf")] = path
        if job.kind != "one_sided":
            result.cards = sum(s["count"] for s in job.sections)
        if kept[job.name]:
            result.sizes[job.name] = kept[job.name]["size"]
            result.pages[job.name] = kept[job.name]["pages"]
            continue
        writer = writers[job.name][0]
        for canvas in pages[job.name]:
            canvas.add_to(writer)
        writer.pdf_header = "%PDF-1.7"
        writer.add_metadata({"/Title": f"{title} - {ctx.word('job_' + job.kind)}",
                             "/Creator": "card-toolkit"})
        for section in job.sections:
            writer.add_outline_item(title=section["label"], page_number=section["first"] - 1)
        result.sizes[job.name] = write_pdf(path, writer)
        result.pages[job.name] = len(pages[job.name])
        files[job.name] = record.wrote(job.name, keys[job.name], len(pages[job.name]))
    return result, files


def _write_one_up(faces, where, opts: BuildOptions, ctx, record: Reuse,
                  readers: dict) -> tuple[BuildResult, dict]:
    """One card per page at trim + bleed with TrimBox and BleedBox; each back after its
    front; a bookmark per card with how many copies to print ("Silk × 3")."""
    name, path = "cards-1up.pdf", opts.folder / "cards-1up.pdf"
    result = BuildResult()
    key = file_key(name, [f for f in faces if not f.large], where, opts,
                   ctx.t(ctx.catalog.game.title))
    kept = record.kept(name, key)
    if kept:  # the file on disk is this file
        result.sizes[name], result.outputs["cards-1up"] = kept["size"], path
        return result, {}
    writer = PdfWriter()
    xobjects = XObjects(writer, readers)
    by_key = {f.key: f for f in faces}
    for _, fronts in jobs.groups(faces):
        for face in fronts:
            writer.add_outline_item(title=f"{face.label} × {face.copies}",
                                    page_number=len(writer.pages))
            for shown in (face, by_key[face.back]):
                canvas = Canvas(shown.width + 2 * shown.bleed, shown.height + 2 * shown.bleed)
                canvas.place(xobjects.get(where[shown.key].path, where[shown.key].index), 0, 0)
                set_print_boxes(canvas.add_to(writer), shown.bleed)
    if len(writer.pages):
        writer.pdf_header = "%PDF-1.7"
        writer.add_metadata({"/Title": f"{ctx.t(ctx.catalog.game.title)} - 1-up",
                             "/Creator": "card-toolkit"})
        result.sizes[name] = write_pdf(path, writer)
        result.outputs["cards-1up"] = path
        return result, {name: record.wrote(name, key, len(writer.pages))}
    return result, {}
