"""The fonts the toolkit ships (templates/fonts/): added to fontconfig for this process and
its render workers, so that a build typesets the same on every machine whether or not the
system has DejaVu installed. A fontconfig file that includes the usual configuration (or the
user's own FONTCONFIG_FILE) plus the shipped folder is written once to the temp folder and
named in FONTCONFIG_FILE before WeasyPrint starts."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from xml.sax.saxutils import escape

from toolkit import TEMPLATES_DIR

FONT_DIR = TEMPLATES_DIR / "fonts"
SYSTEM_CONF = "/etc/fonts/fonts.conf"
TITLE_FILE = FONT_DIR / "DejaVuSerifCondensed-Bold.ttf"
BODY_FILE = FONT_DIR / "DejaVuSansCondensed.ttf"


def config_text(base: str | None) -> str:
    include = f'  <include ignore_missing="yes">{escape(base)}</include>\n' if base else ""
    return ('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
            f"{include}  <dir>{escape(str(FONT_DIR))}</dir>\n</fontconfig>\n")


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
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(text)
            os.replace(tmp, path)
    except OSError:
        return  # no writable temp folder: the system's fonts are used
    os.environ["FONTCONFIG_FILE"] = str(path)
    os.environ["CARD_TOOLKIT_FONTS"] = str(FONT_DIR)
