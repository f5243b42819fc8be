"""PNG images of card faces, rasterised from the rendered face PDFs with pypdfium2 (PDFium,
about 4x faster than poppler here; WeasyPrint itself no longer writes PNG)."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

from toolkit.render.files import safe_name, write_atomic
from toolkit.render.pdfops import PT

DPI = 300
LARGE_DPI = 150  # boards and player boards in png/: enough to read, a quarter of the pixels


class Rasterizer:
    """Opens each batch PDF once and renders its pages at a scale, with or without bleed."""

    def __init__(self):
        self.docs: dict[str, pdfium.PdfDocument] = {}

    def image(self, rendered, bleed_mm: float, scale: float, trim: bool):
        if rendered.path not in self.docs:
            self.docs[rendered.path] = pdfium.PdfDocument(rendered.path)
        page = self.docs[rendered.path][rendered.index]
        crop = (bleed_mm * PT,) * 4 if trim and bleed_mm else (0, 0, 0, 0)
        return page.render(scale=scale, crop=crop).to_pil().convert("RGB")

    def close(self):
        for doc in self.docs.values():
            doc.close()


def png_bytes(image, level: int = 3) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=level, dpi=(DPI, DPI))
    return buffer.getvalue()


def fit_canvas(image, size: tuple[int, int]):
    """`image` centred on a canvas of `size` px: cropped evenly where it is larger, and
    where it is smaller its edge rows and columns are extended (so bleed stays bleed)."""
    for axis in (0, 1):
        image = _fit_axis(image, size[axis], axis)
    return image


def _fit_axis(image, size: int, axis: int):
    cur = image.size[axis]
    lo = (cur - size) // 2 if cur > size else (size - cur) // 2
    if cur > size:
        box = (lo, 0, lo + size, image.height) if axis == 0 else (0, lo, image.width, lo + size)
        return image.crop(box)
    if cur == size:
        return image
    hi = size - cur - lo
    w, h = image.size
    out = Image.new(image.mode, (size, h) if axis == 0 else (w, size))
    out.paste(image, (lo, 0) if axis == 0 else (0, lo))
    if axis == 0:
        edges = (((0, 0, 1, h), lo, 0), ((w - 1, 0, w, h), hi, lo + cur))
        for box, n, at in edges:
            if n:
                out.paste(image.crop(box).resize((n, h)), (at, 0))
    else:
        edges = (((0, 0, w, 1), lo, 0), ((0, h - 1, w, h), hi, lo + cur))
        for box, n, at in edges:
            if n:
                out.paste(image.crop(box).resize((w, n)), (0, at))
    return out


def write_pngs(faces, where, folder: Path) -> Path:
    """png/<kind>/<id>.png (trim) and <id>-bleed.png for every card face and back (a kind's
    single back is back.png; a kind with several, as double-sided counters, names each
    <id>-back.png); the boards and other large sheets as png/<kind>/<id>.png at
    LARGE_DPI (a 24 x 18 in board is 3600 x 2700 px)."""
    raster = Rasterizer()
    backs: dict[str, int] = {}
    for face in faces:
        if face.side == "back":
            backs[face.kind] = backs.get(face.kind, 0) + 1
    try:
        for face in faces:
            if face.large:
                image = raster.image(where[face.key], face.bleed, LARGE_DPI / 72, True)
                path = folder / safe_name(face.kind, "kind") / f"{safe_name(face.slug)}.png"
                write_atomic(path, png_bytes(image), root=folder)
                continue
            # back.png when the kind has one back, else each back by its own name
            one = face.side == "back" and backs[face.kind] == 1
            name = "back" if one else face.slug
            for trim, suffix in ((True, ""), (False, "-bleed")):
                image = raster.image(where[face.key], face.bleed, DPI / 72, trim)
                path = folder / safe_name(face.kind, "kind") / f"{safe_name(name)}{suffix}.png"
                write_atomic(path, png_bytes(image), root=folder)
    finally:
        raster.close()
    return folder
