"""Build-time checks that become warnings (errors with --strict): missing icons, art below
300 dpi at print size, rules text that still overflows at the smallest size, and the CJK
font needed by --lang zh."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from toolkit.errors import RenderError
from toolkit.render.art import art_problem, is_bomb

MIN_DPI = 300
ART_BOX = (55.0, 26.5)  # mm: the art window of a full-size card (the largest art box)
CJK_FAMILY = "Noto Sans CJK SC"
CJK_DIRS = ("/usr/share/fonts", "/usr/local/share/fonts", str(Path.home() / ".fonts"))


def require_fonts() -> None:
    """RenderError when fontconfig lists no font at all (WeasyPrint would crash in
    HarfBuzz, even with a segfault, rather than fail)."""
    if not shutil.which("fc-list"):
        return  # no fontconfig tools to ask; WeasyPrint's own fallback applies
    out = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True,
                         check=False).stdout
    if not out.strip():
        raise RenderError("no fonts are installed, so nothing can be typeset",
                          hint="install fonts-dejavu-core (apt install fonts-dejavu-core)")


def require_cjk_font() -> None:
    """RenderError naming the package when Noto Sans CJK is neither shipped (the toolkit's
    subset, templates/fonts/) nor installed."""
    from toolkit.render.fonts import CJK_FILES
    if all(path.is_file() for path in CJK_FILES):
        return
    if shutil.which("fc-list"):
        out = subprocess.run(["fc-list", CJK_FAMILY, "family"], capture_output=True,
                             text=True, check=False).stdout
        found = CJK_FAMILY in out
    else:
        found = any(any(Path(d).rglob("NotoSansCJK*")) for d in CJK_DIRS if Path(d).is_dir())
    if not found:
        raise RenderError(f"--lang zh needs the font '{CJK_FAMILY}', which is not installed",
                          hint="install the package fonts-noto-cjk (apt install fonts-noto-cjk)")


def _where(catalog, id_: str) -> str:
    file, line, _ = catalog.source(id_)
    return f"{file}:{line}"


def icon_warnings(icons) -> list[str]:
    return [f"warning: no icon '{name}' in icons/ or templates/icons/ (used by "
            f"{', '.join(sorted(u for u in users if u))}); a lettered badge is printed"
            for name, users in sorted(icons.missing.items())]


def art_warnings(ctx, catalog) -> list[str]:
    """Art outside the project or too large (errors); missing or unreadable art, printed as
    the placeholder, and art under 300 dpi in the card's art window (warnings)."""
    from PIL import Image

    out = []
    root = Path(catalog.root).resolve()
    for card_id, path in ctx.art_notes:
        where = _where(catalog, card_id)
        file, line = where.rsplit(":", 1)
        problem = art_problem(path, root)
        if problem == "is outside the project":
            raise RenderError(f"art of '{card_id}' is outside the project: {path}",
                              file=file, line=int(line))
        if problem and "million pixels" in problem:
            raise RenderError(f"art of '{card_id}' {problem} (a decompression bomb?); "
                              "scale it down", file=file, line=int(line))
        if is_bomb(problem):
            raise RenderError(f"art '{path.name}' of '{card_id}' {problem}", file=file,
                              line=int(line))
        if problem == "not found":
            out.append(f"{where}: warning: art '{path.name}' of '{card_id}' not found; "
                       "placeholder art is printed")
            continue
        if problem:
            out.append(f"{where}: warning: art of '{card_id}' {problem}; placeholder art "
                       "is printed")
            continue
        if path.suffix.lower() == ".svg":
            continue
        with Image.open(path) as image:
            width, height = image.size
        dpi = min(width / (ART_BOX[0] / 25.4), height / (ART_BOX[1] / 25.4))
        if dpi < MIN_DPI:
            out.append(f"{where}: warning: art of '{card_id}' is {width}x{height} px, "
                       f"{dpi:.0f} dpi at print size (300 dpi wanted)")
    return sorted(set(out))


def overflow_warnings(faces, where, catalog) -> list[str]:
    out = []
    for face in faces:
        if face.fit and where[face.key].overflow:
            file, line, _ = face.source or ("cards", 1, 1)
            out.append(f"{file}:{line}: warning: the rules text or title of '{face.id}' does "
                       "not fit its box even at the smallest size; shorten it")
    return out


def layout_warnings(faces, where, readers: dict) -> tuple[list[str], set[str]]:
    """The problems the renderer measured on each face's laid-out page (text cut off,
    out of its box, over other text, near the trim, under the type floor:
    toolkit.render.layout_checks), one warning each naming the card and the field; and
    the keys of the faces with a type-floor problem (not warned twice)."""
    from pypdf import PdfReader

    from toolkit.render.layout_checks import face_warnings, layout_problems

    out: list[str] = []
    small: set[str] = set()
    seen: set[tuple[str, int]] = set()
    for face in faces:
        rendered = where[face.key]
        spot = (rendered.path, rendered.index)
        if spot in seen:
            continue
        seen.add(spot)
        if rendered.path not in readers:
            readers[rendered.path] = PdfReader(rendered.path)
        problems = layout_problems(readers[rendered.path].pages[rendered.index])
        if any("pt floor" in p for p in problems):
            small.add(face.key)
        out += face_warnings(face, problems)
    return out, small
