"""PNG images of card faces, rasterised from the rendered face PDFs with pypdfium2 (PDFium,
about 4x faster than poppler here; WeasyPrint itself no longer writes PNG)."""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2 as pdfium

from toolkit.render.files import safe_name, write_atomic
from toolkit.render.pdfops import PT

DPI = 300


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


def write_pngs(faces, where, folder: Path) -> Path:
    """png/<kind>/<id>.png (trim) and <id>-bleed.png for every card face and back."""
    raster = Rasterizer()
    try:
        for face in faces:
            if face.large:
                continue
            name = "back" if face.side == "back" else face.slug
            for trim, suffix in ((True, ""), (False, "-bleed")):
                image = raster.image(where[face.key], face.bleed, DPI / 72, trim)
                path = folder / safe_name(face.kind, "kind") / f"{safe_name(name)}{suffix}.png"
                write_atomic(path, png_bytes(image), root=folder)
    finally:
        raster.close()
    return folder
