"""Text widths measured from the fonts' own advance widths (fontTools), so that a title's
size is chosen from its real width rather than an average guess: the fonts the toolkit ships
(templates/fonts), else what fontconfig picks; a character the font lacks counts as 1 em
(CJK is 1 em wide)."""

from __future__ import annotations

import shutil
import subprocess
from functools import lru_cache

from toolkit.render.fonts import BODY_FILE, TITLE_FILE

TITLE_FONT = "DejaVu Serif Condensed:bold"
BODY_FONT = "DejaVu Sans Condensed"
SAFETY = 1.03  # kerning and hinting never widen a run by more than this


@lru_cache(maxsize=8)
def _advances(pattern: str) -> dict[int, float] | None:
    """code point -> advance in em of the shipped font (or the one fontconfig picks)."""
    shipped = {TITLE_FONT: TITLE_FILE, BODY_FONT: BODY_FILE}.get(pattern)
    if shipped is not None and shipped.is_file():
        path = str(shipped)
    elif shutil.which("fc-match"):
        path = subprocess.run(["fc-match", "-f", "%{file}", pattern], capture_output=True,
                              text=True, check=False).stdout.strip()
    else:
        return None
    if not path:
        return None
    try:
        from fontTools.ttLib import TTFont

        font = TTFont(path, lazy=True, fontNumber=0)
        upem = font["head"].unitsPerEm
        metrics = font["hmtx"].metrics
        return {cp: metrics[glyph][0] / upem for cp, glyph in font.getBestCmap().items()}
    except Exception:  # an unreadable font: fall back to the estimate
        return None


def text_width_em(text: str, bold: bool = False) -> float:
    """The width of one line of `text` in em of the title (bold) or body font."""
    table = _advances(TITLE_FONT if bold else BODY_FONT)
    total = 0.0
    for ch in text:
        if ord(ch) > 0x2E80:
            total += 1.0
        elif table is not None and ord(ch) in table:
            total += table[ord(ch)]
        else:
            total += 0.62
    return total * SAFETY
