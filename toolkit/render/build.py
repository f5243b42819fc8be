"""`toolkit build` as a library function: validate, make every face's HTML, render the
distinct faces (cached, in parallel), then impose print-and-play.pdf and cards-1up.pdf and
optionally PNGs and Tabletop Simulator decks."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from pypdf import PdfWriter

from toolkit.content.validate import load_catalog
from toolkit.errors import RenderError, UsageError
from toolkit.render import checks
from toolkit.render.board import board_face
from toolkit.render.cache import FaceCache, hash_files, render_faces
from toolkit.render.faces import MARKERS, PARTS, card_faces, card_kinds, marker_faces
from toolkit.render.files import write_pdf
from toolkit.render.html import Html, TEMPLATES, load_theme, template_dirs
from toolkit.render.icons import Icons
from toolkit.render.impose import card_sheets
from toolkit.render.options import BuildOptions
from toolkit.render.pdfops import Canvas, XObjects, set_print_boxes
from toolkit.render.player import player_face
from toolkit.render.tiles import overview, tile_sheets
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


def build(project: Path, opts: BuildOptions) -> BuildResult:
    start = time.perf_counter()
    project = Path(project)
    catalog = load_catalog(project, strict=opts.strict)
    if opts.lang == "zh":
        checks.require_cjk_font()
    _check_only(catalog, opts)
    faces, ctx = collect_faces(project, catalog, opts)
    result = BuildResult(faces=len(faces))
    result.warnings += checks.icon_warnings(ctx.icons) + checks.art_warnings(ctx, catalog)
    theme = hash_files(p for d in template_dirs(project) + [project / "icons"]
                       if d.is_dir() for p in sorted(d.rglob("*")) if p.is_file())
    where, refused, result.rendered = render_faces(
        faces, Html(project, opts.lang).document({f.size for f in faces}), theme, opts.lang,
        FaceCache(opts.out / ".cache"), [project, TEMPLATES], TEMPLATES.as_uri() + "/",
        opts.workers, prune=not opts.only)
    if refused:
        raise RenderError("the renderer was asked for files it may not read: "
                          + ", ".join(refused), hint="art and icons must be inside the project")
    result.warnings += checks.overflow_warnings(faces, where, catalog)
    if opts.strict and result.warnings:
        raise RenderError("warnings are errors with --strict:\n" + "\n".join(result.warnings))
    readers: dict = {}
    _write_print_and_play(faces, where, opts, result, readers)
    _write_one_up(faces, where, opts, result, readers)
    if opts.png:
        from toolkit.render.raster import write_pngs
        result.outputs["png"] = write_pngs(faces, where, opts.out / "png")
    if opts.tts:
        from toolkit.render.tts import write_tts
        result.outputs["tts"] = write_tts(faces, where, opts.out / "tts")
    result.seconds = time.perf_counter() - start
    return result


def collect_faces(project: Path, catalog, opts: BuildOptions):
    """Every face of the build with its HTML, and the view context (icons, art notes)."""
    html = Html(project, opts.lang)
    icons = Icons([project / "icons", TEMPLATES / "icons"])
    ctx = Ctx(catalog, opts.lang, icons, load_theme(project))
    faces = []
    if opts.wants("board") and catalog.regions:
        faces.append(board_face(ctx, html))
    if opts.wants("player_board"):
        faces.append(player_face(ctx, html))
    faces += card_faces(ctx, html, opts.only) + marker_faces(ctx, html, opts.only)
    return faces, ctx


def _check_only(catalog, opts: BuildOptions) -> None:
    known = set(card_kinds(catalog, frozenset())) | set(MARKERS) | set(PARTS)
    unknown = sorted(opts.only - known)
    if unknown:
        raise UsageError(f"--only: unknown part(s) {', '.join(unknown)}",
                         hint="choose from " + ", ".join(sorted(known)))


def groups(faces) -> list[tuple[str, list]]:
    """Front faces per sheet group, in assembly order (cards before tokens)."""
    out: dict[str, list] = {}
    for face in faces:
        if face.side == "front" and face.group not in PARTS:
            out.setdefault(face.group, []).append(face)
    return sorted(out.items(), key=lambda kv: kv[0].startswith("tokens"))


def _write_print_and_play(faces, where, opts: BuildOptions, result: BuildResult,
                          readers: dict) -> None:
    writer = PdfWriter()
    xobjects = XObjects(writer, readers)
    by_key = {f.key: f for f in faces}
    pages = {}
    for face in faces:
        if face.group in PARTS:
            ref = xobjects.get(where[face.key].path, where[face.key].index)
            label = "Board" if face.kind == "board" else "Player board"
            if face.kind == "board":
                pages["board"] = overview(writer, ref, face.width, face.height,
                                          opts.paper_size, label)
                pages["board"] += tile_sheets(writer, ref, face.width, face.height,
                                              opts.paper_size, label)
            else:
                pages["player_board"] = sum(
                    tile_sheets(writer, ref, face.width, face.height, opts.paper_size,
                                f"{label} {n + 1}") for n in range(face.copies))
    for group, fronts in groups(faces):
        placements = [f for f in fronts for _ in range(f.copies)]
        result.cards += len(placements)
        label = group.capitalize() if group.startswith("tokens") else \
            f"{group.replace('_', ' ').capitalize()} cards"
        try:
            pages[group] = card_sheets(writer, xobjects, placements,
                                       lambda f: by_key[f.back], where, opts, label)
        except ValueError as exc:
            raise RenderError(str(exc)) from None
    if not len(writer.pages):
        raise UsageError("nothing to build: --only selected no part with content")
    path = opts.out / "print-and-play.pdf"
    result.sizes["print-and-play.pdf"] = write_pdf(path, writer)
    result.outputs["print-and-play"] = path
    result.pages = pages


def _write_one_up(faces, where, opts: BuildOptions, result: BuildResult, readers: dict) -> None:
    """One card per page at trim + bleed with TrimBox and BleedBox; each back after its front."""
    writer = PdfWriter()
    xobjects = XObjects(writer, readers)
    by_key = {f.key: f for f in faces}
    for _, fronts in groups(faces):
        for face in fronts:
            for shown in (face, by_key[face.back]):
                canvas = Canvas(shown.width + 2 * shown.bleed, shown.height + 2 * shown.bleed)
                canvas.place(xobjects.get(where[shown.key].path, where[shown.key].index), 0, 0)
                set_print_boxes(canvas.add_to(writer), shown.bleed)
    if len(writer.pages):
        path = opts.out / "cards-1up.pdf"
        result.sizes["cards-1up.pdf"] = write_pdf(path, writer)
        result.outputs["cards-1up"] = path
