"""Make the Chinese fonts the toolkit ships (templates/fonts/CTNotoSansSC-*.otf) from Noto Sans
CJK SC, regular and bold (SIL Open Font Licence 1.1; Debian package fonts-noto-cjk).

Each is subset with fontTools to the characters a designer writing Simplified Chinese
needs: a published standard, the usual punctuation blocks, and the toolkit's own texts:
- the level-1 hanzi of GB 2312-80 (the 3,755 most common characters) and its 682 symbols
  (CJK and full-width punctuation, kana, Greek, Cyrillic, box drawing), enumerated with
  Python's gb2312 codec;
- the Unicode blocks CJK Symbols and Punctuation (U+3000-303F), Halfwidth and Fullwidth
  Forms (U+FF00-FFEF), Basic Latin and Latin-1 (U+0020-00FF), General Punctuation
  (U+2000-206F) and Letterlike Symbols, Number Forms and Arrows (U+2100-21FF);
- every character the toolkit's own texts use (the bundled game, the examples, the themes
  and the games' templates), so the shipped content never leaves the shipped fonts; in
  2026 that added 29 level-2 hanzi such as 骰 骷 髅 蝙 蝠.
A character outside this set (a rarer hanzi in a designer's cards) prints in the system's
font, and the build warns with the card and the character (toolkit/render/fonts.py).
The family is renamed (OFL: a modified version should not pass for the original) to
"CT Noto Sans SC", so a system's full Noto CJK never shadows it and stays available as the
fallback for a character outside the subset. The serif (Noto Serif CJK SC) is not shipped:
at 2.3 MB more per weight, Chinese titles and flavour text are set in the sans.

Run from the repository root:  python scripts/make_cjk_font.py [--source-dir DIR]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

SOURCES = {  # output name -> (collection file, family inside it, new family, style)
    "CTNotoSansSC-Regular.otf": ("NotoSansCJK-Regular.ttc", "Noto Sans CJK SC",
                                 "CT Noto Sans SC", "Regular"),
    "CTNotoSansSC-Bold.otf": ("NotoSansCJK-Bold.ttc", "Noto Sans CJK SC",
                              "CT Noto Sans SC", "Bold"),
}
BLOCKS = ((0x20, 0xFF), (0x2000, 0x206F), (0x2100, 0x21FF), (0x3000, 0x303F),
          (0xFF00, 0xFFEF))


ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "templates" / "fonts"
OWN_TEXTS = ("cards/**/*.yaml", "examples/**/*.yaml", "templates/**/*.yaml",
             "templates/**/*.j2", "toolkit/**/*.yaml", "toolkit/**/*.j2")


def gb2312() -> set[int]:
    """GB 2312's symbols (rows 0xA1-0xA9) and level-1 hanzi (rows 0xB0-0xD7)."""
    found = set()
    for row in [*range(0xA1, 0xAA), *range(0xB0, 0xD8)]:
        for cell in range(0xA1, 0xFF):
            try:
                found.add(ord(bytes([row, cell]).decode("gb2312")))
            except UnicodeDecodeError:
                continue
    return found


def own_texts() -> set[int]:
    """Every non-Latin character of the toolkit's own content and templates."""
    found = set()
    for pattern in OWN_TEXTS:
        for path in ROOT.glob(pattern):
            found |= {ord(c) for c in path.read_text(encoding="utf-8", errors="ignore")
                      if ord(c) >= 0x2E80}
    return found


def characters() -> set[int]:
    return gb2312() | own_texts() | {c for lo, hi in BLOCKS for c in range(lo, hi + 1)}


def rename(font, family: str, style: str) -> None:
    ps = family.replace(" ", "") + "-" + style
    full = f"{family} {style}" if style != "Regular" else family
    names = font["name"]
    names.names = [n for n in names.names if n.nameID not in (1, 2, 3, 4, 6, 16, 17, 21, 22)]
    for nid, value in ((1, family), (2, style), (3, f"card-toolkit subset;{ps}"),
                       (4, full), (6, ps)):
        names.setName(value, nid, 3, 1, 0x409)
        names.setName(value, nid, 1, 0, 0)
    cff = font["CFF "].cff
    cff.fontNames = [ps]
    top = cff.topDictIndex[0]
    top.FullName, top.FamilyName = full, family
    if hasattr(top, "CIDFontName"):
        top.CIDFontName = ps


def narrow_middle_dot(font) -> None:
    """Map U+00B7 (the dot between the parts of a transliterated name, 奥德里克·维恩) to the
    font's proportional middle dot, its 'locl' alternate, instead of the full-width one the
    SC face defaults to: names stay as compact as Latin-set ones and fit card titles."""
    full = font.getBestCmap().get(0xB7)
    gsub = font["GSUB"].table
    alternates = set()
    for record in gsub.FeatureList.FeatureRecord:
        if record.FeatureTag != "locl":
            continue
        for index in record.Feature.LookupListIndex:
            for table in gsub.LookupList.Lookup[index].SubTable:
                table = getattr(table, "ExtSubTable", table)
                if full in (getattr(table, "mapping", None) or {}):
                    alternates.add(table.mapping[full])
    if alternates:
        narrow = min(alternates, key=lambda glyph: font["hmtx"][glyph][0])
        for table in font["cmap"].tables:
            if table.isUnicode() and 0xB7 in table.cmap:
                table.cmap[0xB7] = narrow


def make(source_dir: Path) -> None:
    wanted = characters()
    for out, (collection, family, new_family, style) in SOURCES.items():
        path = source_dir / collection
        if not path.is_file():
            sys.exit(f"{path} not found: install fonts-noto-cjk or pass --source-dir")
        fonts = TTCollection(str(path)).fonts
        font = next((f for f in fonts if f["name"].getDebugName(1) == family), None)
        if font is None:
            sys.exit(f"{path} holds no '{family}'")
        options = subset.Options()
        options.layout_features += ["vert", "vrt2", "halt", "vhal", "palt", "vpal"]
        options.hinting = False
        options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # copyright and licence kept
        options.notdef_outline = True
        subsetter = subset.Subsetter(options)
        narrow_middle_dot(font)
        subsetter.populate(unicodes=wanted)
        subsetter.subset(font)
        rename(font, new_family, style)
        font.save(OUT / out)
        print(f"{out}: {len(font.getBestCmap())} characters, "
              f"{(OUT / out).stat().st_size / 1e6:.2f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source-dir", type=Path, default=Path("/usr/share/fonts/opentype/noto"))
    make(parser.parse_args().source_dir)


if __name__ == "__main__":
    main()
