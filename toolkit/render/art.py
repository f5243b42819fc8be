"""Whether a card's art file can be printed: it exists inside the project and reads as an
image (a raster image that decodes whole, or a self-contained SVG). Art that cannot is
replaced by the generated placeholder, and the build warns (render/checks.py)."""

from __future__ import annotations

import re
import warnings
import xml.etree.ElementTree as ElementTree
from functools import lru_cache
from pathlib import Path

MAX_ART_PIXELS = 50_000_000  # a whole A4 page at 900 dpi; larger art is refused
MAX_SVG_BYTES = 5_000_000
_SVG_OUTSIDE = re.compile(r"<!DOCTYPE|<!ENTITY|@import|(?:href|src)\s*=\s*[\"'](?!#|data:)",
                          re.IGNORECASE)


def art_problem(path: Path, root: Path) -> str | None:
    """None when the art at `path` prints; else what is wrong, in words ('not found', …).
    Nothing outside `root` is read."""
    path, root = Path(path), Path(root).resolve()
    if root not in path.resolve().parents:
        return "is outside the project"
    if not path.is_file():
        return "not found"
    stat = path.stat()
    return _problem(str(path), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=4096)
def _problem(path: str, _mtime: int, size: int) -> str | None:
    if path.lower().endswith(".svg"):
        return _svg_problem(path, size)
    from PIL import Image, ImageFile

    lenient = ImageFile.LOAD_TRUNCATED_IMAGES  # WeasyPrint turns it on when imported
    ImageFile.LOAD_TRUNCATED_IMAGES = False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                if image.width * image.height > MAX_ART_PIXELS:
                    return f"has more than {MAX_ART_PIXELS // 10**6} million pixels"
                image.load()  # decodes every byte: truncated or corrupt data fails here
    except Image.DecompressionBombError:
        return f"has more than {MAX_ART_PIXELS // 10**6} million pixels"
    except Exception:  # noqa: BLE001 - any decoder failure on a stranger's file means unreadable
        return "is not a readable image"
    finally:
        ImageFile.LOAD_TRUNCATED_IMAGES = lenient
    return None


def _svg_problem(path: str, size: int) -> str | None:
    if size > MAX_SVG_BYTES:
        return f"is an SVG over {MAX_SVG_BYTES // 10**6} MB"
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return "is not a readable SVG (not UTF-8 text)"
    if _SVG_OUTSIDE.search(text):
        return "is an SVG that declares entities or refers to other files; embed everything"
    try:
        ElementTree.fromstring(text)
    except ElementTree.ParseError as exc:
        return f"is not a readable SVG ({exc})"
    return None
