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
        tree = ElementTree.fromstring(text)
    except ElementTree.ParseError as exc:
        return f"is not a readable SVG ({exc})"
    return svg_expansion_problem(tree)


MAX_SVG_ELEMENTS = 100_000  # elements an SVG may draw once every <use> is expanded
MAX_SVG_USE_DEPTH = 8       # <use> (or url(#…)) of something that uses something … deep
_LOCAL_URL = re.compile(r"url\(\s*['\"]?#([^'\")\s]+)")
_HREFS = ("href", "{http://www.w3.org/1999/xlink}href")
_PAINTS = {"linearGradient", "radialGradient", "filter"}  # referred to, never drawn as copies
_NOT_IN_PLACE = {"defs", "symbol", "marker", "pattern", "mask", "clipPath"}


def svg_expansion_problem(tree) -> str | None:
    """None when the SVG's references stay small; else why not. A `<use>` draws a copy
    of what it refers to, so 8 nested groups of 10 uses draw 10^8 shapes from 1 KB: the
    worst case is counted from the element tree (every local reference by href or
    url(#…), but to a gradient or filter, costs what it refers to) before anything is
    drawn. An SVG embedded as a data:
    URL is refused (its own references would escape the count)."""
    ids = {e.get("id"): e for e in tree.iter() if e.get("id")}
    cost: dict[int, tuple[int, int]] = {}  # id(element) -> (elements drawn, use depth)
    active: set[int] = set()

    def refs(element):
        for name in _HREFS:
            value = (element.get(name) or "").strip()
            if value.startswith("#"):
                yield value[1:]
            elif value.lower().startswith("data:image/svg"):
                raise _Refused("embeds another SVG as a data: URL; draw it inline")
        for value in element.attrib.values():
            yield from _LOCAL_URL.findall(value)

    def measure(root) -> tuple[int, int]:
        # iterative post-order walk: a deep tree must not hit Python's recursion limit
        stack = [(root, False)]
        while stack:
            element, done = stack.pop()
            key = id(element)
            if key in cost:
                continue
            targets = [ids[r] for r in refs(element)
                       if r in ids and ids[r].tag.rsplit("}", 1)[-1] not in _PAINTS]
            if not done:
                if key in active:
                    raise _Refused("has a <use> that refers to itself")
                active.add(key)
                stack.append((element, True))
                stack.extend((child, False) for child in (*element, *targets)
                             if id(child) not in cost)
                continue
            active.discard(key)
            drawn, depth = 1, 0
            for child in element:  # what is only drawn where it is referred to counts there
                if child.tag.rsplit("}", 1)[-1] not in _NOT_IN_PLACE:
                    drawn += cost[id(child)][0]
                depth = max(depth, cost[id(child)][1])
            for target in targets:
                if id(target) not in cost:  # a reference back up the tree: a cycle
                    raise _Refused("has a <use> that refers to itself")
                drawn += cost[id(target)][0]
                depth = max(depth, cost[id(target)][1] + 1)
            if drawn > MAX_SVG_ELEMENTS:
                raise _Refused(f"expands to over {MAX_SVG_ELEMENTS} elements through "
                               "its <use> references")
            if depth > MAX_SVG_USE_DEPTH:
                raise _Refused(f"nests <use> references over {MAX_SVG_USE_DEPTH} deep")
            cost[key] = (drawn, depth)
        return cost[id(root)]

    try:
        measure(tree)
    except _Refused as refused:
        return f"is an SVG bomb: it {refused}"
    return None


class _Refused(Exception):
    """Why an SVG's references are refused (inside svg_expansion_problem)."""


def is_bomb(problem: str | None) -> bool:
    """Whether an art problem is an attempt on the machine (refused, not replaced)."""
    return bool(problem) and ("million pixels" in problem or "SVG bomb" in problem)
