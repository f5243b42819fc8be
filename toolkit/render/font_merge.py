"""One embedded subset per font in a print file. WeasyPrint renders faces in batches and
each batch embeds its own subset of every font it uses, so an imposed file would carry
several subsets of one font (and, before they were retagged, several under one tag).
`merge_fonts(writer)` replaces every group of Type 0 fonts made from one font file by a
single font: one subset of the original file holding every glyph the group uses (glyph ids
are kept, as WeasyPrint keeps them, so no content stream changes), one width array, one
ToUnicode map and a subset tag derived from the merged font's bytes. Resource dictionaries
are pointed at that font and the replaced objects dropped. A font whose original file
cannot be found (neither shipped nor known to fontconfig) is left as it was.
"""

from __future__ import annotations

import hashlib
import io
import re
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path

from pypdf import PdfWriter
from pypdf.generic import (ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject,
                           IndirectObject, NameObject, NumberObject)

from toolkit.render import fonts, hb_subset

_CHAR = re.compile(rb"<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F]+)>")
_SUBSET_CACHE: dict[tuple, bytes] = {}  # (file, index, glyph ids) -> subset font bytes


@lru_cache(maxsize=1)
def _system_fonts() -> dict[str, tuple[str, int]]:
    """PostScript name -> (file, index in it) of every font fontconfig lists."""
    if not shutil.which("fc-list"):
        return {}
    out = subprocess.run(["fc-list", "--format", "%{postscriptname}\t%{file}\t%{index}\n"],
                         capture_output=True, text=True, check=False).stdout
    found: dict[str, tuple[str, int]] = {}
    for line in out.splitlines():
        parts = line.split("\t")
        if len(parts) == 3 and parts[0] and parts[2].isdigit():
            found.setdefault(parts[0], (parts[1], int(parts[2])))
    return found


@lru_cache(maxsize=1)
def _shipped_fonts() -> dict[str, tuple[str, int]]:
    from fontTools.ttLib import TTFont
    found = {}
    for path in fonts.shipped_files():
        with TTFont(path, lazy=True) as font:
            found[font["name"].getDebugName(6)] = (str(path), 0)
    return found


def original_of(data: bytes) -> tuple[str, int] | None:
    """The font file (and index) an embedded subset was made from, by PostScript name."""
    from fontTools.ttLib import TTFont
    try:
        with TTFont(io.BytesIO(data), lazy=True) as font:
            name = font["name"].getDebugName(6) if "name" in font else None
    except Exception:  # an embedded font fontTools cannot read: left as it is
        return None
    if not name:
        return None
    return _shipped_fonts().get(name) or _system_fonts().get(name)


_ORIGINALS: dict[tuple, tuple[str, int] | None] = {}  # a font file stream -> its original


def _original_of_stream(stream) -> tuple[str, int] | None:
    """`original_of` the font program in `stream`, remembered by its stored bytes (a print
    file of a warm process shows the same batches' fonts build after build)."""
    key = (str(stream.get("/Filter")), getattr(stream, "_data", None))
    if key[1] is None:
        return original_of(stream.get_data())
    if key not in _ORIGINALS:
        if len(_ORIGINALS) > 128:  # bounded: the keys hold font programs
            _ORIGINALS.clear()
        _ORIGINALS[key] = original_of(stream.get_data())
    return _ORIGINALS[key]


def subset_font(path: str, index: int, gids: frozenset[int]) -> bytes:
    """`path`'s glyphs `gids` (ids kept), subset the way WeasyPrint subsets for a PDF."""
    key = (path, index, gids)
    if key not in _SUBSET_CACHE:
        if len(_SUBSET_CACHE) > 64:  # a long --watch session: keep memory bounded
            _SUBSET_CACHE.clear()
        _SUBSET_CACHE[key] = hb_subset.subset(_read(path), index, gids) \
            or _fonttools_subset(path, index, gids)
    return _SUBSET_CACHE[key]


@lru_cache(maxsize=32)
def _read(path: str) -> bytes:
    return Path(path).read_bytes()


def _fonttools_subset(path: str, index: int, gids: frozenset[int]) -> bytes:
    """The same subset with fontTools (slower): where HarfBuzz's subsetter is missing."""
    from fontTools import subset
    from fontTools.ttLib import TTFont
    options = subset.Options(retain_gids=True, passthrough_tables=True,
                             ignore_missing_glyphs=True, hinting=False,
                             desubroutinize=True, notdef_outline=True)
    options.drop_tables += ["GSUB", "GPOS", "SVG ", "BASE", "JSTF", "DSIG"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(gids=sorted(gids | {0}))
    font = TTFont(path, fontNumber=index, recalcBBoxes=False, recalcTimestamp=False)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def widths_of(w) -> dict[int, float]:
    """A CIDFont /W array as {glyph id: width}."""
    out, items, i = {}, list(w or ()), 0
    while i < len(items):
        first = int(items[i])
        if isinstance(items[i + 1], ArrayObject):
            for k, width in enumerate(items[i + 1]):
                out[first + k] = float(width)
            i += 2
        else:
            for gid in range(first, int(items[i + 1]) + 1):
                out[gid] = float(items[i + 2])
            i += 3
    return out


def w_array(widths: dict[int, float]) -> ArrayObject:
    out = ArrayObject()
    for gid in sorted(widths):
        width = widths[gid]
        number = NumberObject(int(width)) if width == int(width) else FloatObject(width)
        if out and int(out[-2]) + len(out[-1]) == gid:
            out[-1].append(number)
        else:
            out += [NumberObject(gid), ArrayObject([number])]
    return out


def to_unicode_stream(chars: dict[int, bytes]) -> DecodedStreamObject:
    lines = [b"/CIDInit /ProcSet findresource begin", b"12 dict begin", b"begincmap",
             b"/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
             b"/CMapName /Adobe-Identity-UCS def", b"/CMapType 2 def",
             b"1 begincodespacerange", b"<0000> <ffff>", b"endcodespacerange"]
    items = sorted(chars.items())
    for start in range(0, len(items), 100):
        batch = items[start:start + 100]
        lines.append(f"{len(batch)} beginbfchar".encode())
        lines += [b"<%04x> <%s>" % (gid, text) for gid, text in batch]
        lines.append(b"endbfchar")
    lines += [b"endcmap", b"CMapName currentdict /CMap defineresource pop", b"end", b"end"]
    stream = DecodedStreamObject()
    stream.set_data(b"\n".join(lines))
    return stream


def _parts(font: DictionaryObject):
    """(CIDFont, descriptor, font-file key) of an embedded Type 0 font, or None."""
    if font.get("/Subtype") != "/Type0" or "/DescendantFonts" not in font:
        return None
    cid = font["/DescendantFonts"][0].get_object()
    descriptor = cid.get("/FontDescriptor")
    if descriptor is None or cid.get("/CIDToGIDMap", "/Identity") != "/Identity":
        return None
    descriptor = descriptor.get_object()
    key = next((k for k in ("/FontFile2", "/FontFile3") if k in descriptor), None)
    return (cid, descriptor, key) if key else None


def _groups(writer: PdfWriter) -> dict[tuple, list[IndirectObject]]:
    """Embedded Type 0 fonts by (name without tag, original file, index)."""
    groups: dict[tuple, list] = {}
    originals: dict[int, tuple | None] = {}
    for number, obj in enumerate(writer._objects, start=1):
        if not isinstance(obj, DictionaryObject) or obj.get("/Type") != "/Font":
            continue
        parts = _parts(obj)
        if parts is None:
            continue
        ref = parts[1].raw_get(parts[2])
        file_id = getattr(ref, "idnum", id(ref))
        if file_id not in originals:
            originals[file_id] = _original_of_stream(parts[1][parts[2]].get_object())
        if originals[file_id] is None:
            continue
        name = str(obj.get("/BaseFont", "")).split("+", 1)[-1]
        groups.setdefault((name, *originals[file_id]), []).append(
            IndirectObject(number, 0, writer))
    return groups


def _merge_group(writer: PdfWriter, key: tuple, refs: list) -> tuple[IndirectObject, set]:
    """One font dictionary for the group; returns it and the object numbers it replaces."""
    name, path, index = key
    widths: dict[int, float] = {}
    chars: dict[int, bytes] = {}
    box = None
    dropped: set[int] = set()
    for ref in refs:
        font = ref.get_object()
        cid, descriptor, file_key = _parts(font)
        widths.update(widths_of(cid.get("/W")))
        unicode_map = font.get("/ToUnicode")
        if unicode_map is not None:
            for gid, text in _CHAR.findall(unicode_map.get_object().get_data()):
                chars.setdefault(int(gid, 16), text)
        bbox = [float(v) for v in descriptor.get("/FontBBox", [0, 0, 0, 0])]
        box = bbox if box is None else [min(box[0], bbox[0]), min(box[1], bbox[1]),
                                        max(box[2], bbox[2]), max(box[3], bbox[3])]
        dropped |= {r.idnum for r in (ref, font["/DescendantFonts"][0], font.raw_get(
            "/ToUnicode"), cid.raw_get("/FontDescriptor"), descriptor.raw_get(file_key),
            cid.raw_get("/W")) if isinstance(r, IndirectObject)}
    data = subset_font(path, index, frozenset(widths) | frozenset(chars))
    digest = hashlib.sha256(data).digest()
    base = NameObject("/" + "".join(chr(65 + b % 26) for b in digest[:6]) + "+" + name)
    first = refs[0].get_object()
    cid, descriptor, file_key = _parts(first)
    stream = DecodedStreamObject()
    stream.set_data(data)
    if data[:4] == b"OTTO":
        stream[NameObject("/Subtype")] = NameObject("/OpenType")
        file_key = "/FontFile3"
    else:
        stream[NameObject("/Length1")] = NumberObject(len(data))
        file_key = "/FontFile2"
    stream = stream.flate_encode()
    new_descriptor = DictionaryObject({k: v for k, v in descriptor.items()
                                       if k not in ("/FontFile2", "/FontFile3")})
    new_descriptor[NameObject("/FontName")] = base
    new_descriptor[NameObject("/FontBBox")] = ArrayObject(FloatObject(v) for v in box)
    new_descriptor[NameObject(file_key)] = writer._add_object(stream)
    new_cid = DictionaryObject(cid)
    new_cid[NameObject("/BaseFont")] = base
    new_cid[NameObject("/W")] = w_array(widths)
    new_cid[NameObject("/FontDescriptor")] = writer._add_object(new_descriptor)
    new_font = DictionaryObject(first)
    new_font[NameObject("/BaseFont")] = base
    new_font[NameObject("/DescendantFonts")] = ArrayObject([writer._add_object(new_cid)])
    new_font[NameObject("/ToUnicode")] = writer._add_object(to_unicode_stream(chars).flate_encode())
    return writer._add_object(new_font), dropped


def _font_dicts(writer: PdfWriter):
    """Every /Font resource dictionary in the writer (direct or indirect)."""
    for obj in writer._objects:
        if not isinstance(obj, DictionaryObject):
            continue
        for holder in (obj, obj.get("/Resources")):
            holder = holder.get_object() if holder is not None else None
            if isinstance(holder, DictionaryObject) and "/Font" in holder \
                    and obj.get("/Type") != "/Font":
                table = holder["/Font"].get_object()
                if isinstance(table, DictionaryObject):
                    yield table


def merge_fonts(writer: PdfWriter) -> int:
    """Merge each font's subsets in `writer` into one (see the module's docstring); returns
    how many font dictionaries were replaced."""
    replaced: dict[int, IndirectObject] = {}
    dropped: set[int] = set()
    for key, refs in _groups(writer).items():
        merged, gone = _merge_group(writer, key, refs)
        replaced.update({ref.idnum: merged for ref in refs})
        dropped |= gone
    if not replaced:
        return 0
    for table in list(_font_dicts(writer)):
        for res_name, ref in list(table.items()):
            if isinstance(ref, IndirectObject) and ref.idnum in replaced:
                table[NameObject(res_name)] = replaced[ref.idnum]
    for number in dropped:
        writer._objects[number - 1] = None
    return len(replaced)
