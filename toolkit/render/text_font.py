"""The embedded font of text the imposition draws itself (Canvas.text: board tile names,
calibration ruler numbers): the shipped DejaVu Sans Condensed, as a Type 0 font whose
codes are glyph ids (Identity-H), one small subset per page. It carries the name WeasyPrint
gives the same face, so `font_merge.merge_fonts` joins it with the cards' subsets into the
one font the print file embeds."""

from __future__ import annotations

from functools import lru_cache

from pypdf import PdfWriter
from pypdf.generic import (ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject,
                           IndirectObject, NameObject, NumberObject, TextStringObject)

from toolkit.render import fonts

NAME = "DejaVu-Sans-Semi-Condensed"  # WeasyPrint's name for this face


@lru_cache(maxsize=1)
def _metrics() -> dict:
    from fontTools.ttLib import TTFont
    with TTFont(fonts.BODY_FILE) as font:
        scale = 1000 / font["head"].unitsPerEm
        glyph_ids = {code: font.getGlyphID(name) for code, name in font.getBestCmap().items()}
        widths = {gid: round(font["hmtx"].metrics[name][0] * scale)
                  for gid, name in enumerate(font.getGlyphOrder())}
        os2, head = font["OS/2"], font["head"]
        return {"gids": glyph_ids, "widths": widths, "ascent": round(os2.sTypoAscender * scale),
                "descent": round(os2.sTypoDescender * scale),
                "cap": round(getattr(os2, "sCapHeight", os2.sTypoAscender) * scale),
                "bbox": [round(v * scale) for v in (head.xMin, head.yMin, head.xMax, head.yMax)]}


def width_mm(text: str, size_pt: float) -> float:
    """The advance width of `text` set at `size_pt`, in millimetres."""
    metrics = _metrics()
    units = sum(metrics["widths"].get(metrics["gids"].get(ord(c), 0), 0) for c in text)
    return units / 1000 * size_pt * 25.4 / 72


def encode(text: str, used: dict[int, str]) -> str:
    """`text` as a PDF hex string of glyph ids; records each glyph's character in `used`."""
    gids = _metrics()["gids"]
    out = []
    for char in text:
        gid = gids.get(ord(char), 0)
        used.setdefault(gid, char)
        out.append(f"{gid:04x}")
    return "<" + "".join(out) + ">"


def font_object(writer: PdfWriter, used: dict[int, str]) -> IndirectObject:
    """A Type 0 font dictionary with the glyphs `used` (glyph id -> character)."""
    from toolkit.render.font_merge import subset_font, to_unicode_stream, w_array
    metrics = _metrics()
    data = subset_font(str(fonts.BODY_FILE), 0, frozenset(used))
    file_stream = DecodedStreamObject()
    file_stream.set_data(data)
    file_stream[NameObject("/Length1")] = NumberObject(len(data))
    base = NameObject(f"/AAAAAA+{NAME}")  # retagged when the file's subsets are merged
    descriptor = DictionaryObject({
        NameObject("/Type"): NameObject("/FontDescriptor"), NameObject("/FontName"): base,
        NameObject("/FontFamily"): TextStringObject("DejaVu Sans"),
        NameObject("/Flags"): NumberObject(4), NameObject("/ItalicAngle"): NumberObject(0),
        NameObject("/FontBBox"): ArrayObject(FloatObject(v) for v in metrics["bbox"]),
        NameObject("/Ascent"): NumberObject(metrics["ascent"]),
        NameObject("/Descent"): NumberObject(metrics["descent"]),
        NameObject("/CapHeight"): NumberObject(metrics["cap"]),
        NameObject("/StemV"): NumberObject(80),
        NameObject("/FontFile2"): writer._add_object(file_stream.flate_encode())})
    cid = DictionaryObject({
        NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject(
            "/CIDFontType2"), NameObject("/BaseFont"): base,
        NameObject("/CIDSystemInfo"): DictionaryObject({
            NameObject("/Registry"): TextStringObject("Adobe"),
            NameObject("/Ordering"): TextStringObject("Identity"),
            NameObject("/Supplement"): NumberObject(0)}),
        NameObject("/CIDToGIDMap"): NameObject("/Identity"),
        NameObject("/W"): w_array({gid: metrics["widths"][gid] for gid in used}),
        NameObject("/FontDescriptor"): writer._add_object(descriptor)})
    chars = {gid: char.encode("utf-16-be").hex().encode() for gid, char in used.items()}
    return writer._add_object(DictionaryObject({
        NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/Type0"),
        NameObject("/BaseFont"): base, NameObject("/Encoding"): NameObject("/Identity-H"),
        NameObject("/DescendantFonts"): ArrayObject([writer._add_object(cid)]),
        NameObject("/ToUnicode"): writer._add_object(to_unicode_stream(chars).flate_encode())}))
