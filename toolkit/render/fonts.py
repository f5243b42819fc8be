"""The fonts the toolkit ships (templates/fonts/): DejaVu for Latin text and a subset of Noto
Sans CJK SC ("CT Noto Sans SC", made by scripts/make_cjk_font.py) for Chinese. They are
added to fontconfig for this process and its render workers, ahead of the system's fonts,
so a build typesets the same on every machine: a fontconfig file that names the shipped
folder, makes the generic families (sans-serif, serif) and the Noto CJK names resolve to
the shipped faces, and then includes the usual configuration (or the user's own
FONTCONFIG_FILE) is written once to the temp folder and named in FONTCONFIG_FILE before
WeasyPrint starts. A character no shipped font has still prints, in a system font, and
`glyph_warnings` names the card and the character.
"""

from __future__ import annotations

import hashlib
import html as htmllib
import os
import re
import tempfile
from functools import lru_cache
from pathlib import Path
from xml.sax.saxutils import escape

from toolkit import TEMPLATES_DIR
from toolkit.errors import RenderError

FONT_DIR = TEMPLATES_DIR / "fonts"
SYSTEM_CONF = "/etc/fonts/fonts.conf"
TITLE_FILE = FONT_DIR / "DejaVuSerifCondensed-Bold.ttf"
BODY_FILE = FONT_DIR / "DejaVuSansCondensed.ttf"
CJK_FAMILY = "CT Noto Sans SC"
CJK_FILES = (FONT_DIR / "CTNotoSansSC-Regular.otf", FONT_DIR / "CTNotoSansSC-Bold.otf")
# family asked for -> the shipped families that answer it first (the system's come after)
ALIASES = {
    "sans-serif": ("DejaVu Sans Condensed", CJK_FAMILY),
    "serif": ("DejaVu Serif", CJK_FAMILY),
    "Noto Sans CJK SC": (CJK_FAMILY,),
    "Noto Serif CJK SC": (CJK_FAMILY,),
}


def config_text(base: str | None) -> str:
    aliases = "".join(
        f'  <alias binding="strong"><family>{escape(name)}</family><prefer>'
        + "".join(f"<family>{escape(f)}</family>" for f in prefer) + "</prefer></alias>\n"
        for name, prefer in ALIASES.items())
    include = f'  <include ignore_missing="yes">{escape(base)}</include>\n' if base else ""
    return ('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
            f"  <dir>{escape(str(FONT_DIR))}</dir>\n{aliases}{include}</fontconfig>\n")


def install() -> None:
    """Point fontconfig at a configuration that includes the shipped fonts (once)."""
    if not FONT_DIR.is_dir() or os.environ.get("CARD_TOOLKIT_FONTS") == str(FONT_DIR):
        return
    base = os.environ.get("FONTCONFIG_FILE") or (SYSTEM_CONF if Path(SYSTEM_CONF).is_file()
                                                 else None)
    if base is None:  # no configuration to extend: replacing it would hide the system's fonts
        return
    text = config_text(base)
    name = f"card-toolkit-fonts-{hashlib.sha256(text.encode()).hexdigest()[:12]}.conf"
    path = Path(tempfile.gettempdir()) / name
    try:
        if not path.is_file() or path.read_text() != text:
            from toolkit.guarded_files import write_text
            write_text(path, text, root=path.parent)  # atomic; no link out of the temp folder
    except (OSError, RenderError):
        return  # no writable temp folder: the system's fonts are used
    os.environ["FONTCONFIG_FILE"] = str(path)
    os.environ["CARD_TOOLKIT_FONTS"] = str(FONT_DIR)


def shipped_files() -> list[Path]:
    return sorted(p for p in FONT_DIR.iterdir() if p.suffix.lower() in (".ttf", ".otf"))


@lru_cache(maxsize=1)
def coverage() -> frozenset[int]:
    """Every code point some shipped font draws."""
    from fontTools.ttLib import TTFont
    found: set[int] = set()
    for path in shipped_files():
        with TTFont(path, lazy=True) as font:
            found |= set(font.getBestCmap())
    return frozenset(found)


_SKIP = re.compile(r"<(style|script)\b.*?</\1>|<!--.*?-->", re.S | re.I)
_TAG = re.compile(r"<[^>]*>")
_INVISIBLE = re.compile(r"[\s\u200b-\u200f\u2028-\u202f\u2060-\u206f\ufe00-\ufe0f\ufeff]")


def text_of(html: str) -> str:
    """The characters a face's HTML prints (tags, styles and comments dropped)."""
    return htmllib.unescape(_TAG.sub(" ", _SKIP.sub(" ", html)))


def missing(text: str) -> list[str]:
    """The characters of `text` no shipped font has, in order of first use."""
    have = coverage()
    return list(dict.fromkeys(c for c in text if ord(c) not in have
                              and not _INVISIBLE.match(c)))


def glyph_warnings(faces) -> list[str]:
    """One warning per face whose text uses characters outside the shipped fonts (they
    print in whatever font the system has, or as missing-glyph boxes)."""
    out = []
    for face in faces:
        chars = missing(text_of(face.html))
        if not chars:
            continue
        where = f"{face.source[0]}:{face.source[1]}: " if face.source else ""
        shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in chars[:8])
        more = f" and {len(chars) - 8} more" if len(chars) > 8 else ""
        out.append(f"warning: {where}{face.label} ({face.key}) uses {shown}{more}, which the "
                   "shipped fonts lack: printed in a system font if one has it; use another "
                   "character or add it with scripts/make_cjk_font.py")
    return out
