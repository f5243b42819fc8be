"""The only module that imports WeasyPrint: a sandboxed URL fetcher and the renderer that
lays out a batch of faces, shrinks rules text until it fits, and writes one PDF page per face.

A face's HTML carries the sentinel FIT_SENTINEL where the rules text's size (a percentage)
goes; each retry replaces it with the next, smaller step of FIT_STEPS.
"""

from __future__ import annotations

import logging
from pathlib import Path
from urllib.parse import unquote, urlparse

from weasyprint import HTML
from weasyprint.urls import URLFetcher

FIT_SENTINEL = "__FIT__"
FIT_STEPS = (100, 92, 85, 78, 72, 66, 61, 56)  # % of the base rules size; 56 % is the floor
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


def overflows(page) -> bool:
    """Whether the page's `.fit` box has content reaching past its bottom edge."""
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
        return deepest > bottom + 0.5
    return False


def render_batch(job: dict) -> dict:
    """Lay out `job['faces']` (each {key, html, fit}) inside `job['document']` (a page with
    the marker {faces}); retry overflowing faces at smaller text. Returns the PDF bytes,
    each face's chosen step and whether it still overflows, and any refused URLs."""
    fetcher = SafeFetcher(job["roots"])
    pending = list(job["faces"])
    chosen: dict[str, tuple] = {}
    docs = []
    for step, pct in enumerate(FIT_STEPS):
        html = job["document"].replace(
            "{faces}", "\n".join(f["html"].replace(FIT_SENTINEL, str(pct)) for f in pending))
        doc = HTML(string=html, base_url=job["base_url"], url_fetcher=fetcher).render()
        if len(doc.pages) != len(pending):
            raise RuntimeError(f"{len(pending)} faces laid out as {len(doc.pages)} pages; "
                               "a template lets content break across pages")
        docs.append(doc)
        retry = []
        for face, page in zip(pending, doc.pages):
            over = face["fit"] and overflows(page)
            if over and step + 1 < len(FIT_STEPS):
                retry.append(face)
            else:
                chosen[face["key"]] = (page, step, over)
        pending = retry
        if not pending:
            break
    order = [chosen[f["key"]] for f in job["faces"]]
    pdf = docs[0].copy([page for page, _, _ in order]).write_pdf()
    return {"pdf": pdf, "fits": [(step, over) for _, step, over in order],
            "refused": sorted(set(fetcher.refused))}
