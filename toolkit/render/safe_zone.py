"""How close a rendered face's text comes to its cut line, measured on the rendered page
(PDFium's character boxes): the distance in mm from the trim edge - or, on a round face,
from its circle - to the nearest printed character. The print-on-demand export shrinks a
face whose text lies outside the service's safe zone (toolkit.render.pod)."""

from __future__ import annotations

import math

import pypdfium2 as pdfium

from toolkit.render.pdfops import PT


def text_margin(raster, rendered, face, shape: str = "card") -> float | None:
    """The smallest distance in mm from the face's cut to any of its characters (None
    when it prints no text). `raster` is a toolkit.render.raster.Rasterizer (its open
    documents are reused)."""
    if rendered.path not in raster.docs:
        raster.docs[rendered.path] = pdfium.PdfDocument(rendered.path)
    page = raster.docs[rendered.path][rendered.index]
    text = page.get_textpage()
    try:
        b = face.bleed * PT
        w, h = face.width * PT, face.height * PT
        best = None
        for i in range(text.count_chars()):
            if not text.get_text_range(i, 1).strip():
                continue
            left, bottom, right, top = text.get_charbox(i)
            if right - left <= 0 or top - bottom <= 0:
                continue
            x0, x1, y0, y1 = left - b, right - b, bottom - b, top - b
            if shape == "round":
                r = min(w, h) / 2
                far = max(math.hypot(x - w / 2, y - h / 2) for x in (x0, x1) for y in (y0, y1))
                d = r - far
            else:
                d = min(x0, w - x1, y0, h - y1)
            best = d if best is None else min(best, d)
        return None if best is None else best / PT
    finally:
        text.close()
