"""The print files of a build, each printed one way from its first page to its last:

    print-one-sided.pdf     boards and player boards (tiled at true size), one-sided
    print-cards-duplex.pdf  cards and tokens, fronts on odd pages and their backs on the
                            even page after (long-edge flip); page 2 is a calibration ruler
    print-cards-fold.pdf    the same cards with fronts and backs side by side to fold

Each file opens with a cover: what is on which pages and the printer settings. Captions and
covers are rendered by WeasyPrint like the faces (so they are localised and use embedded
fonts): the files are first planned with stand-in faces to learn every caption and page
number, then imposed for real."""

from __future__ import annotations

from dataclasses import dataclass, field

from toolkit.errors import RenderError
from toolkit.render.cache import Rendered
from toolkit.render.faces import Face
from toolkit.render.impose import card_sheets, fold_sheets
from toolkit.render import text_font
from toolkit.render.pdfops import CAPTION_LINE, Canvas
from toolkit.render.pdf_units import page_name
from toolkit.render.tiles import overview, plan_for, tile_sheets

ONE_SIDED, DUPLEX, FOLD = "print-one-sided.pdf", "print-cards-duplex.pdf", "print-cards-fold.pdf"
CAPTION_W = 185.0      # mm: the widest caption
RULER_PT = 6.0        # the calibration ruler's numbers: the Latin type floor
CALIBRATION_Y = 45.0   # mm above the bottom edge: the calibration cross of the duplex file


@dataclass
class Job:
    name: str
    kind: str                                   # one_sided | duplex | fold
    canvases: list = field(default_factory=list)
    sections: list = field(default_factory=list)  # {label, count, first, last}

    @property
    def lead(self) -> int:
        """Pages before the first section: the cover (and its calibration back)."""
        return 2 if self.kind == "duplex" else 1


class _DryXObjects:
    def get(self, path, index):
        return None  # Canvas.place draws nothing: only captions and page counts matter


DRY = _DryXObjects()  # stand-in faces: a file laid out but not written


class _DryWhere(dict):
    def __missing__(self, key):
        return Rendered("", 0, 0, False)


def groups(faces) -> list[tuple[str, list]]:
    """Front faces per sheet group, in assembly order (cards before tokens)."""
    out: dict[str, list] = {}
    for face in faces:
        if face.side == "front" and not face.large:
            out.setdefault(face.group, []).append(face)
    return sorted(out.items(), key=lambda kv: kv[0].startswith("tokens"))


def group_label(ctx, group: str, fronts) -> str:
    if group.startswith("tokens"):
        kinds = dict.fromkeys(ctx.kind_label(f.kind) for f in fronts)
        size = group.split(" ", 1)[1].replace("x", " × ")
        return ctx.word("tokens").format(size=size) + ": " + ", ".join(kinds)
    return deck_label(ctx, ctx.kind_label(group))


def deck_label(ctx, name: str) -> str:
    """"Hero cards" / "英雄卡", without doubling a word the name already ends with
    ("Shared card" -> "Shared cards", "荣誉卡" stays, "Hex tiles" stays)."""
    if ctx.lang == "zh":
        return name if name.endswith(("卡", "牌", "地块", "标记", "物")) else \
            ctx.word("deck").format(kind=name)
    low = name.lower()
    if low.endswith(" card"):
        return name + "s"
    if low.endswith(("cards", "tiles", "tokens", "markers", "counters", "boards", "reference")):
        return name
    return ctx.word("deck").format(kind=name)


def caption_words(ctx) -> dict:
    tail = " · " + ctx.word("at_100")

    def say(key, **values):
        return ctx.word(key).format(**values)

    return {"fronts": lambda label: lambda n, t: say("sheet_fronts", label=label, n=n,
                                                     total=t) + tail,
            "backs": lambda label: lambda n, t: say("sheet_backs", label=label, n=n, total=t),
            "fold": lambda label: lambda n, t: say("sheet_fold", label=label, n=n,
                                                   total=t) + tail,
            "single": lambda label: label + tail,
            "tile": lambda label, name, rows, cols: say("sheet_tile", label=label, name=name,
                                                        rows=rows, cols=cols) + tail,
            "overview": lambda label, pct, count: say("sheet_overview", label=label, pct=pct,
                                                      count=count)}


def impose(faces, where, xobjects_for, opts, ctx) -> list[Job]:
    """Every print file's sheets (without covers); `xobjects_for(job name)` gives the
    XObjects of that file's writer."""
    words = caption_words(ctx)
    jobs = []
    large = [f for f in faces if f.large]
    if large:
        job, xobjects = Job(ONE_SIDED, "one_sided"), xobjects_for(ONE_SIDED)
        kinds = [f.kind for f in large]
        for face in large:
            ref = xobjects.get(where[face.key].path, where[face.key].index)
            label = face.label if kinds.count(face.kind) > 1 else ctx.word(face.kind)
            plan = plan_for(opts.paper_size, face.width, face.height)
            pages = []
            if face.copies == 1 and plan.cols * plan.rows > 1:
                pages.append(overview(ref, face.width, face.height, opts.paper_size, words,
                                      label, face.content, face.bleed))
            for n in range(face.copies):
                pages += tile_sheets(ref, face.width, face.height, opts.paper_size, words,
                                     f"{label} {n + 1}" if face.copies > 1 else label,
                                     face.content, face.bleed)
            _add(job, label, face.copies, pages)
        jobs.append(job)
    decks = groups(faces)
    by_key = {f.key: f for f in faces}
    for name, kind, sheets in ((DUPLEX, "duplex", card_sheets), (FOLD, "fold", fold_sheets)):
        if not decks or opts.layout not in (kind, "both"):
            continue
        job, xobjects = Job(name, kind), xobjects_for(name)
        for group, fronts in decks:
            placements = [f for f in fronts for _ in range(f.copies)]
            label = group_label(ctx, group, fronts)
            cap = {k: words[k](label) for k in ("fronts", "backs", "fold")}
            try:
                pages = sheets(xobjects, placements, lambda f: by_key[f.back], where, opts, cap)
            except ValueError as exc:
                raise RenderError(f"{label}: {exc}") from None
            _add(job, label, len(placements), pages)
        jobs.append(job)
    return jobs


def _add(job: Job, label: str, count: int, pages: list) -> None:
    first = job.lead + len(job.canvases) + 1
    job.canvases += pages
    job.sections.append({"label": label, "count": count, "first": first,
                         "last": first + len(pages) - 1})


def plan(faces, opts, ctx) -> list[Job]:
    """The files with stand-in faces: their captions and page numbers."""
    return impose(faces, _DryWhere(), lambda name: DRY, opts, ctx)


def caption_lines(jobs: list[Job], ctx) -> list[str]:
    """Every distinct caption of the files, in order of use."""
    found = [c[0] for job in jobs for canvas in job.canvases for c in canvas.captions]
    if any(job.kind == "duplex" for job in jobs):
        found.append(ctx.word("calibration"))
    return list(dict.fromkeys(found))


def text_faces(jobs: list[Job], opts, ctx, html) -> list[Face]:
    """The caption sheet of every caption in `jobs` and one cover per file."""
    lines = caption_lines(jobs, ctx)
    out = []
    h = CAPTION_LINE
    for i, text in enumerate(lines):  # a page per caption: a sheet carries its own text only
        out.append(Face(caption_key(i), "sheet", "captions", "front", "sheet", CAPTION_W, h,
                        0.0, 1, html.render("sheets/captions.html.j2", "the sheet captions",
                                            lines=[text], line=CAPTION_LINE, w=CAPTION_W, h=h,
                                            page=page_name(CAPTION_W, h, 0.0)),
                        False, "captions", large=True))
    pw, ph = opts.paper_size
    for job in jobs:
        view = cover_view(job, opts, ctx)
        out.append(Face(f"sheet/cover-{job.kind}", "sheet", job.kind, "front", "sheet", pw, ph,
                        0.0, 1, html.render("sheets/cover.html.j2", "the cover page",
                                            cover=view, w=pw, h=ph,
                                            page=page_name(pw, ph, 0.0)),
                        False, "cover", large=True))
    return out


def caption_key(index: int) -> str:
    """The face key of the build's caption number `index` (see caption_lines)."""
    return f"sheet/captions/{index}"


def cover_view(job: Job, opts, ctx) -> dict:
    paper = {"a4": "A4", "letter": "Letter"}.get(opts.paper, opts.paper)
    settings = [ctx.word("set_paper").format(paper=paper), ctx.word("set_scale"),
                ctx.word({"one_sided": "set_one_sided", "duplex": "set_duplex",
                          "fold": "set_fold"}[job.kind])]
    if job.kind == "duplex":
        settings.append(ctx.word("set_calibrate"))
    return {"title": ctx.t(ctx.catalog.game.title), "job": ctx.word(f"job_{job.kind}"),
            "settings": settings, "t": ctx.words,
            "sections": [{"label": s["label"], "count": s["count"],
                          "pages": f"{s['first']}–{s['last']}" if s["last"] > s["first"]
                          else str(s["first"])} for s in job.sections]}


CAPTION_BASELINE = 2.5  # mm below the top of a caption line


def finish(jobs: list[Job], where, xobjects_of, opts, ctx) -> dict[str, list[Canvas]]:
    """Each file's pages in order: cover (and calibration back), then its sheets, with the
    captions drawn from the rendered caption sheet."""
    lines = caption_lines(jobs, ctx)
    out = {}
    for job in jobs:
        xobjects = xobjects_of(job.name)
        cover = Canvas(*opts.paper_size)
        rendered = where[f"sheet/cover-{job.kind}"]
        cover.place(xobjects.get(rendered.path, rendered.index), 0, 0)
        pages = [cover]
        if job.kind == "duplex":
            _cross(cover, cover.w / 2, cover.h - CALIBRATION_Y)
            back = Canvas(*opts.paper_size)
            _ruler(back, back.w / 2, back.h - CALIBRATION_Y)
            back.caption(ctx.word("calibration"), back.w / 2 - 40, back.h - CALIBRATION_Y - 14)
            pages.append(back)
        pages += job.canvases
        index = {text: i for i, text in enumerate(lines)}
        for canvas in pages:   # each caption from its own page: no other sheet's text
            for text, x, y, angle, width in canvas.captions:
                caps = where[caption_key(index[text])]
                canvas.place_caption(xobjects.get(caps.path, caps.index), 0.0,
                                     CAPTION_BASELINE, min(width or CAPTION_W, CAPTION_W),
                                     x, y, angle)
        out[job.name] = pages
    return out


def _cross(canvas: Canvas, x: float, y: float) -> None:
    canvas.line(x - 4, y, x + 4, y, width=0.4)
    canvas.line(x, y - 4, x, y + 4, width=0.4)


def _ruler(canvas: Canvas, x: float, y: float) -> None:
    """Millimetre rulers across (x, y), numbered every 5 mm at the 6 pt floor: where the
    front's cross shows through is the back offset to print with. The across ruler's
    numbers sit just below its ticks, the down ruler's to its left and just under their
    ticks, so no two numbers touch."""
    for mm in range(-10, 11):
        long = 2.2 if mm % 5 == 0 else 1.2
        canvas.line(x + mm, y - long, x + mm, y + long, width=0.2)
        canvas.line(x - long, y + mm, x + long, y + mm, width=0.2)
        if mm % 5 == 0 and mm:
            label = f"{mm:+d}"
            half = text_font.width_mm(label, RULER_PT) / 2
            canvas.text(x + mm - half, y + 4.1, label, size=RULER_PT)
            canvas.text(x - 3.0 - 2 * half, y + mm + 1.9, label, size=RULER_PT)
