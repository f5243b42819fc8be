"""Icons and generated art: SVG icon lookup (project icons/ first, then templates/icons/),
rules text with inline `:icon:` tokens turned into images, and placeholder art from an id."""

from __future__ import annotations

import base64
import hashlib
import os
import re
from functools import lru_cache
from html import escape
from pathlib import Path

from markupsafe import Markup

TOKEN = re.compile(r":([a-z][a-z0-9_]*):")
ICON_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}")


def data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


class Icons:
    """Finds icon files by name and remembers names that have none (for warnings)."""

    def __init__(self, folders: list[Path]):
        self.folders = [Path(f) for f in folders]
        self.missing: dict[str, set[str]] = {}
        self._found: dict[str, str | None] = {}

    def path(self, name: str) -> Path | None:
        """The icon file of a plain name (letters, digits, `_ . -`; no folder, no `..`),
        in one of the icon folders and, through links too, nowhere else. Any other name
        is looked up nowhere: nothing outside the folders is even looked at."""
        if not isinstance(name, str) or not ICON_NAME.fullmatch(name) or ".." in name:
            return None
        for folder in self.folders:
            candidate = folder / f"{name}.svg"
            if candidate.is_symlink():
                real = Path(os.path.realpath(candidate))
                if not real.is_relative_to(os.path.realpath(folder)):
                    continue  # a link out of the folder: refused, whatever it points at
            if candidate.is_file():
                return candidate
        return None

    def _uri(self, name: str) -> str | None:
        """The icon file's URL (looked up once per name), or None when there is none."""
        if name not in self._found:
            path = self.path(name)
            if path is not None:
                _refuse_bomb(path, name)
            self._found[name] = path.resolve().as_uri() if path else None
        return self._found[name]

    def exists(self, name: str) -> bool:
        return self._uri(name) is not None

    def url(self, name: str, used_by: str = "") -> str:
        """A URL for the icon; a lettered badge (and a warning) when there is no file."""
        uri = self._uri(name)
        if uri is None:
            self.missing.setdefault(name, set()).add(used_by)
            return badge(name)
        return uri

    def img(self, name: str, used_by: str = "", cls: str = "icon") -> Markup:
        return Markup(f'<img class="{cls}" src="{self.url(name, used_by)}" alt="{escape(name)}">')

    def rich(self, text: str, used_by: str = "") -> Markup:
        """Escaped text; `:name:` becomes an inline icon when an icon of that name exists."""
        out = []
        last = 0
        for match in TOKEN.finditer(text):
            out.append(escape(text[last:match.start()]))
            name = match.group(1)
            out.append(self.img(name, used_by) if self.exists(name) else escape(match.group(0)))
            last = match.end()
        out.append(escape(text[last:]))
        return Markup("".join(out).replace("\n", "<br>"))


def _refuse_bomb(path: Path, name: str) -> None:
    """An icon whose <use> references expand past the art limits stops the build."""
    from toolkit.errors import RenderError
    from toolkit.render.art import art_problem, is_bomb

    problem = art_problem(path, path.parent)
    if is_bomb(problem):
        raise RenderError(f"icon '{name}' ({path.parent.name}/{path.name}) {problem}")


def badge(name: str) -> str:
    """A round badge with the name's initial, for an icon the project has not drawn."""
    hue = int(hashlib.sha256(name.encode()).hexdigest()[:4], 16) % 360
    letter = escape(name[:1].upper())
    return data_uri(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
        f'<circle cx="12" cy="12" r="10.5" fill="hsl({hue},45%,40%)" stroke="#2b2118"/>'
        f'<text x="12" y="16.5" font-size="13" font-family="DejaVu Sans" font-weight="bold" '
        f'text-anchor="middle" fill="#fff">{letter}</text></svg>')


def mix(color: str, other: str, share: float) -> str:
    """`color` moved `share` (0-1) of the way towards `other`, as #rrggbb."""
    a = [int(color[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in zip(a, b))


@lru_cache(maxsize=4096)  # a pure function of its arguments: a warm process draws it once
def placeholder_art(seed: str, color: str) -> str:
    """Deterministic art for a card without `art:`: a banded sky in the card's colour, a
    sun, clouds and three ranges of hills placed by the hash of the card id. Every shape is
    opaque and flat (no transparency groups, no gradients), which keeps the PDF small and
    fast to impose."""
    nums = [b / 255 for b in hashlib.sha256(seed.encode()).digest()]
    shapes = [f'<circle cx="{nums[i] * 100:.1f}" cy="{nums[i + 6] * 40:.1f}" '
              f'r="{3 + nums[i + 12] * 7:.1f}" fill="{mix(color, "#ffffff", 0.25 + 0.1 * i % 3)}"/>'
              for i in range(5)]
    for layer in range(3):
        base = 40 + layer * 9
        pts = " ".join(f"{x},{base - nums[(layer * 7 + x // 10) % 32] * 14:.1f}"
                       for x in range(0, 101, 10))
        shapes.append(f'<polygon points="0,70 {pts} 100,70" '
                      f'fill="{mix(color, "#1b140e", 0.18 + layer * 0.2)}"/>')
    sun = (f'<circle cx="{15 + nums[30] * 70:.1f}" cy="20" r="9" '
           f'fill="{mix(color, "#fff3c4", 0.8)}"/>')
    top, bottom = mix(color, "#ffffff", 0.15), mix(color, "#f1dfb8", 0.7)
    sky = "".join(f'<rect y="{i * 10}" width="100" height="{70 - i * 10}" '
                  f'fill="{mix(top, bottom, i / 6)}"/>' for i in range(7))
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 70" '
           'preserveAspectRatio="xMidYMid slice">' + sky + sun + "".join(shapes) + "</svg>")
    return data_uri(svg)


def pattern_back(color: str) -> str:
    """The repeating lattice printed on card backs."""
    return data_uri(
        '<svg xmlns="http://www.w3.org/2000/svg" width="12" height="12" viewBox="0 0 12 12">'
        f'<rect width="12" height="12" fill="{color}"/>'
        f'<path d="M0 6L6 0L12 6L6 12Z" fill="none" stroke="{mix(color, "#f1dfb8", 0.25)}" '
        f'stroke-width="0.6"/><circle cx="6" cy="6" r="1.1" fill="{mix(color, "#f1dfb8", 0.3)}"/>'
        '</svg>')
