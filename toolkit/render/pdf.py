"""The only module that imports WeasyPrint: a sandboxed URL fetcher and the renderer that
lays out a batch of faces, shrinks rules text until it fits, and writes one PDF page per face.

A face's HTML carries the sentinel FIT_SENTINEL where the rules text's size (a percentage)
goes; each retry replaces it with the next, smaller step of FIT_STEPS, never under the type
floor (FLOOR_PT). A worker parses style.css and makes its font configuration once, and lays
out with the cyclic garbage collector off. The toolkit's fonts are added to fontconfig
before WeasyPrint starts (toolkit.render.fonts).
"""

from __future__ import annotations

import gc
import json
import logging
from pathlib import Path
from urllib.parse import unquote, urlparse

from toolkit.render import fonts
from toolkit.render.layout_checks import LAYOUT_KEY, page_problems

fonts.install()  # before WeasyPrint starts fontconfig  # noqa: E402

import pydyf  # noqa: E402
from weasyprint import CSS, HTML  # noqa: E402
from weasyprint.images import SVGImage  # noqa: E402
from weasyprint.text.fonts import FontConfiguration  # noqa: E402
from weasyprint.urls import URLFetcher  # noqa: E402

FIT_SENTINEL = "__FIT__"
FIT_STEPS = (100, 92, 85, 78, 72, 66, 61, 56)  # % of the base rules size
FLOOR_PT = {"en": 6.0, "zh": 7.0}  # no text is set smaller at print size (Latin, CJK)
PX_PER_MM = 96 / 25.4

logging.getLogger("weasyprint").setLevel(logging.ERROR)
logging.getLogger("fontTools").setLevel(logging.ERROR)


class RefusedURL(ValueError):
    """A template or card asked for a URL outside the allowed folders."""


class SafeFetcher(URLFetcher):
    """Serves `file:` URLs inside the allowed folders and `data:` URLs; refuses the rest
    (http, https, ftp and any file outside), remembering each refusal for the build."""

    def __init__(self, roots):
        super().__init__(timeout=1, allowed_protocols={"file", "data"})
        self.roots = [Path(r).resolve() for r in roots]
        self.refused: list[str] = []

    def allows(self, url: str) -> bool:
        parsed = urlparse(url)
        if parsed.scheme == "data":
            return True
        if parsed.scheme != "file" or parsed.netloc not in ("", "localhost"):
            return False
        path = Path(unquote(parsed.path)).resolve()
        return any(path == r or r in path.parents for r in self.roots)

    def fetch(self, url, headers=None):
        if not self.allows(url):
            self.refused.append(url)
            raise RefusedURL(f"refused to fetch {url}: only files inside the project and "
                             "the toolkit's templates may be read")
        return super().fetch(url, headers)


def clipped_title(page) -> bool:
    """Whether a one-line `.title` (nowrap, overflow hidden) is wider than its box."""
    for box in page._page_box.descendants(placeholders=True):
        element = getattr(box, "element", None)
        if element is None or "title" not in (element.get("class") or "").split() \
                or not hasattr(box, "content_box_x"):
            continue
        right = box.content_box_x() + box.width
        widest = max((d.position_x + d.width for d in box.descendants(placeholders=True)
                      if type(d).__name__ == "TextBox"), default=0)
        if widest > right + 0.5:
            return True
    return False


def fit_state(page) -> tuple[bool, float | None]:
    """Whether the page's `.fit` box overflows, and its text size in pt."""
    for box in page._page_box.descendants(placeholders=True):
        element = getattr(box, "element", None)
        if element is None or "fit" not in (element.get("class") or "").split():
            continue
        if not hasattr(box, "content_box_y"):
            continue
        bottom = box.content_box_y() + box.height
        deepest = max((d.position_y + d.margin_height() for child in box.children
                       for d in child.descendants(placeholders=True)
                       if hasattr(d, "margin_height")), default=0)
        return deepest > bottom + 0.5, box.style["font_size"] * 0.75
    return False, None


_FORMS: dict = {}  # while a batch is written: (resources, svg, size) -> form name
_USES: dict = {}   # while a batch is written: id(svg image) -> how many boxes show it
FORM_USES = 8      # an SVG image shown this often in a batch is drawn once, as a form


def _draw_svg(self, stream, width, height, style):
    """WeasyPrint's SVGImage.draw, but Ctrl-C and SIGTERM stop the build: WeasyPrint
    catches BaseException around an SVG's drawing, logs it and carries on, so a signal
    during a slow SVG ended the build with exit 0 and a manifest. A broken SVG is still
    left out, as WeasyPrint does."""
    try:
        self._svg.draw(stream, width, height, self._base_url, self._context)
    except Exception:  # noqa: BLE001 - as WeasyPrint: an SVG that fails to draw is left out
        logging.getLogger("weasyprint").error("Failed to render SVG image %s", self._base_url)


def _draw_svg_once(self, stream, width, height, style):
    """An SVG image shown FORM_USES times or more in a batch (an icon) is drawn into one
    Form XObject per document and size, painted wherever it appears, instead of its paths
    once per use; art shown once or twice is drawn in place (a form costs a few hundred
    bytes). A form maps its own space into the user space of each use, so gradients and
    patterns inside land where they did."""
    if _USES.get(id(self), 0) < FORM_USES:
        _draw_svg(self, stream, width, height, style)
        return
    key = (id(stream._resources), id(self), round(width, 4), round(height, 4))
    if key not in _FORMS:
        form = _form(stream, width, height)
        _draw_svg(self, form, width, height, style)
        _drop_unused(form)
        _FORMS[key] = (form.id, stream._resources, self)  # keeps the ids their owners'
    stream.draw_x_object(_FORMS[key][0])


def _count_uses(pages) -> None:
    """How often each SVG image is shown in `pages` (their replaced boxes)."""
    for page in pages:
        for box in page._page_box.descendants(placeholders=True):
            image = getattr(box, "replacement", None)
            if isinstance(image, SVGImage):
                _USES[id(image)] = _USES.get(id(image), 0) + 1


def _form(stream, width: float, height: float):
    """A plain Form XObject in `stream`'s resources (WeasyPrint's add_group without the
    transparency group: painting it is painting its content in place)."""
    own = pydyf.Dictionary({"ExtGState": pydyf.Dictionary(), "XObject": pydyf.Dictionary(),
                            "Pattern": pydyf.Dictionary(), "Shading": pydyf.Dictionary(),
                            "ColorSpace": stream._resources["ColorSpace"], "Font": None})
    extra = pydyf.Dictionary({"Type": "/XObject", "Subtype": "/Form", "Resources": own,
                              "BBox": pydyf.Array((-width, -height, 2 * width, 2 * height))})
    form = stream.clone(resources=own, extra=extra)
    form.id = f"x{len(stream._resources['XObject'])}"
    stream._resources["XObject"][form.id] = form
    return form


def _drop_unused(form) -> None:
    """Leave out the form's empty resource tables, and the fonts when neither it nor a
    form or pattern inside sets text (else every font of the batch would follow the form
    into a print file; WeasyPrint hands the fonts down to what is inside)."""
    own = form.extra["Resources"]
    for table in ("ExtGState", "XObject", "Pattern", "Shading"):
        if not own[table]:
            del own[table]
    if "XObject" not in own and "Pattern" not in own and not any(
            b"Tf" in (part if isinstance(part, bytes) else str(part).encode())
            for part in form.stream):
        del own["Font"]


SVGImage.draw = _draw_svg_once

STYLE_LINK = '<link rel="stylesheet" href="style.css">'
_SHARED: dict = {}  # per process: the font configuration and parsed stylesheets


def _stylesheet(base_url: str, fetcher):
    """The toolkit's style.css parsed once per process (and again only when it changes),
    with one FontConfiguration: every document and fit retry of a worker reuses them."""
    fonts = _SHARED.setdefault("fonts", FontConfiguration())
    url = base_url + "style.css"
    path = Path(unquote(urlparse(url).path))
    try:
        stat = path.stat()
    except OSError:
        return None, fonts
    key = (url, stat.st_mtime_ns, stat.st_size)
    if key not in _SHARED:
        _SHARED[key] = CSS(url=url, url_fetcher=fetcher, font_config=fonts)
    return _SHARED[key], fonts


def _note(pdf, problems: list[list[str]]) -> None:
    """Each page of the batch carries its layout problems (JSON, in its page dictionary),
    so a cached face reports them again without being laid out."""
    pages = [obj for obj in pdf.objects if isinstance(obj, pydyf.Dictionary)
             and obj.get("Type") == "/Page"]
    for page, found in zip(pages, problems):
        if found:
            page[LAYOUT_KEY] = pydyf.String(json.dumps(found, ensure_ascii=True))


def render_document(html: str, base_url: str, roots) -> tuple[bytes, list[str]]:
    """A whole flowing document (the rules booklet: toolkit.render.booklet) as PDF bytes,
    its URLs served by the same sandboxed fetcher; and the URLs it refused."""
    fetcher = SafeFetcher(roots)
    pdf = HTML(string=html, base_url=base_url, url_fetcher=fetcher).write_pdf(
        font_config=_SHARED.setdefault("fonts", FontConfiguration()))
    return pdf, sorted(set(fetcher.refused))


def render_batch(job: dict) -> dict:
    """`job` laid out with the cyclic garbage collector off: WeasyPrint's layout makes
    millions of short-lived objects and no cycles worth collecting mid-batch."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _render_batch(job)
    finally:
        if enabled:
            gc.enable()


def _render_batch(job: dict) -> dict:
    """Lay out `job['faces']` (each {key, html, fit}) inside `job['document']` (a page with
    the marker {faces}); retry overflowing faces at smaller text. Returns the PDF bytes,
    each face's chosen step and whether it still overflows, and any refused URLs."""
    fetcher = SafeFetcher(job["roots"])
    floor = FLOOR_PT["zh" if '<html lang="zh"' in job["document"] else "en"]
    pending = list(job["faces"])
    chosen: dict[str, tuple] = {}
    docs = []
    document, styles = job["document"], []
    images: dict = {}  # every document of the batch (fit retries) parses an image once
    css, fonts = _stylesheet(job["base_url"], fetcher) if STYLE_LINK in document else (None, None)
    if css is not None:
        document, styles = document.replace(STYLE_LINK, ""), [css]
    for step, pct in enumerate(FIT_STEPS):
        html = document.replace(
            "{faces}", "\n".join(f["html"].replace(FIT_SENTINEL, str(pct)) for f in pending))
        doc = HTML(string=html, base_url=job["base_url"], url_fetcher=fetcher).render(
            stylesheets=styles, font_config=fonts, cache=images)
        if len(doc.pages) != len(pending):
            raise RuntimeError(f"{len(pending)} faces laid out as {len(doc.pages)} pages; "
                               "a template lets content break across pages")
        docs.append(doc)
        retry = []
        for face, page in zip(pending, doc.pages):
            over, size = fit_state(page) if face["fit"] else (False, None)
            smaller = size * FIT_STEPS[step + 1] / pct if size and step + 1 < len(FIT_STEPS) \
                else 0.0
            if over and smaller >= floor - 0.05:
                retry.append(face)
            else:
                chosen[face["key"]] = (page, step, over or clipped_title(page))
        pending = retry
        if not pending:
            break
    order = [chosen[f["key"]] for f in job["faces"]]
    pages = [page for page, _, _ in order]
    problems = [page_problems(page) for page in pages]
    try:
        _count_uses(pages)
        pdf = docs[0].copy(pages).write_pdf(finisher=lambda _doc, out: _note(out, problems))
    finally:
        _FORMS.clear()
        _USES.clear()
    return {"pdf": pdf, "fits": [(step, over) for _, step, over in order],
            "refused": sorted(set(fetcher.refused))}
