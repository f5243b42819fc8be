"""Low-level PDF building with pypdf: rendered pages as reusable Form XObjects, and a small
content-stream writer (lines, rectangles, clipping, text in the shipped DejaVu Sans
Condensed, embedded: toolkit.render.text_font) for sheets."""

from __future__ import annotations

import copy
import hashlib
import re

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (ArrayObject, BooleanObject, ByteStringObject, DecodedStreamObject,
                           DictionaryObject, EncodedStreamObject, FloatObject, IndirectObject,
                           NameObject, NullObject, NumberObject, RectangleObject,
                           StreamObject, TextStringObject)

from toolkit.render import text_font

PT = 72 / 25.4  # points per mm
CAPTION_LINE = 3.4  # mm: the height of one line of a caption sheet
_NAMES: dict[str, bytes] = {}  # a PDF name -> its bytes in a file (pypdf escapes per write)


def _name_bytes(self) -> bytes:
    """pypdf's NameObject.renumber, remembered: the few names of a print file (/Type,
    /Font, ...) are written tens of thousands of times; the bytes are the same."""
    out = _NAMES.get(self)
    if out is None:
        out = _escape_name(self)
        if len(_NAMES) < 100_000:
            _NAMES[str(self)] = out
    return out


_escape_name = NameObject.renumber
NameObject.renumber = _name_bytes


def page_to_xobject(writer: PdfWriter, page, prune: bool = False):
    """One Form XObject holding a page's drawing. WeasyPrint shares one resource dictionary
    between all pages of a batch: it is copied once per file and batch, or with `prune`
    only the resources the page uses are (see `used_resources`). A page drawn by one
    Flate stream (WeasyPrint's) keeps its compressed bytes."""
    contents = page["/Contents"].get_object()
    if isinstance(contents, EncodedStreamObject) and contents.get("/Filter") == "/FlateDecode" \
            and "/DecodeParms" not in contents:
        stream = EncodedStreamObject()
        stream._data = contents._data
        stream[NameObject("/Filter")] = NameObject("/FlateDecode")
    else:
        stream = DecodedStreamObject()
        stream.set_data(page.get_contents().get_data())
        stream = stream.flate_encode()
    stream[NameObject("/Type")] = NameObject("/XObject")
    stream[NameObject("/Subtype")] = NameObject("/Form")
    stream[NameObject("/BBox")] = ArrayObject([FloatObject(v) for v in page.mediabox])
    stream[NameObject("/Resources")] = used_resources(writer, page) if prune \
        else copy_into(writer, page.raw_get("/Resources"))
    return writer._add_object(stream)


def copy_into(writer: PdfWriter, obj):
    """`obj`, read from a batch PDF, as an object of `writer`: dictionaries, arrays and
    streams are copied (a stream keeps its compressed bytes), each object the batch refers
    to is copied once per writer, and the leaves (numbers, names, strings, which pypdf
    never changes in place) are shared. pypdf's own `clone` does the same at several times
    the cost (a third of imposing a print file went into it)."""
    memo = writer.__dict__.setdefault("_toolkit_copied", {})  # (reader, number) -> ref
    return _copy(writer, obj, memo)


def _copy(writer: PdfWriter, obj, memo: dict):
    if isinstance(obj, IndirectObject):
        if obj.pdf is writer:
            return obj
        key = (obj.pdf, obj.idnum)
        ref = memo.get(key)
        if ref is None:
            target = obj.get_object()
            if isinstance(target, EncodedStreamObject):
                new = EncodedStreamObject()
                new._data = target._data
            elif isinstance(target, StreamObject):
                new = DecodedStreamObject()
                new.set_data(target.get_data())
            elif isinstance(target, DictionaryObject):
                new = DictionaryObject()
            elif isinstance(target, ArrayObject):
                new = ArrayObject()
            else:
                new = copy.copy(target)
            ref = memo[key] = writer._add_object(new)  # before its contents: cycles end
            if isinstance(target, DictionaryObject):
                dict.update(new, {k: v if type(v) in _LEAVES else _copy(writer, v, memo)
                                  for k, v in target.items()})
            elif isinstance(target, ArrayObject):
                new.extend(v if type(v) in _LEAVES else _copy(writer, v, memo) for v in target)
        return ref
    if isinstance(obj, DictionaryObject):
        new = DictionaryObject()
        dict.update(new, {k: v if type(v) in _LEAVES else _copy(writer, v, memo)
                          for k, v in obj.items()})
        return new
    if isinstance(obj, ArrayObject):
        return ArrayObject(v if type(v) in _LEAVES else _copy(writer, v, memo) for v in obj)
    return obj


_LEAVES = frozenset({NameObject, NumberObject, FloatObject, TextStringObject,
                     ByteStringObject, BooleanObject, NullObject})  # shared, never copied


NAME = re.compile(rb"/([^\s/\[\]()<>{}%#]+)")
BY_NAME = ("/Font", "/XObject", "/ExtGState", "/Pattern", "/Shading")


def used_resources(writer: PdfWriter, page) -> DictionaryObject:
    """The page's resources that its content names: its own fonts, images and forms (each
    copied once per file), so a file showing a few faces of a batch (the one-sided file)
    does not carry the rest of the batch. Faces using the same resources share them."""
    shared = page["/Resources"].get_object()
    used = getattr(page, "_toolkit_used", None)
    if used is None:  # read once per page, also in a warm process (--watch)
        names = {"/" + m.decode("latin-1") for m in NAME.findall(page.get_contents().get_data())}
        used = page._toolkit_used = tuple(
            (category, tuple(sorted(names.intersection(table.get_object())))
             if category in BY_NAME else None) for category, table in shared.items())
    made = writer.__dict__.setdefault("_toolkit_resources", {})  # faces using the same
    key = (id(shared), used)                                      # resources share them
    if key not in made:
        out = DictionaryObject()
        for (category, kept), table in zip(used, shared.values()):
            if kept is None:
                out[NameObject(category)] = copy_into(writer, table)
            elif kept:
                table = table.get_object()
                out[NameObject(category)] = copy_into(writer, DictionaryObject(
                    {NameObject(k): table.raw_get(k) for k in kept}))
        made[key] = (shared, writer._add_object(out))  # `shared` keeps its id its own
    return made[key][1]


class XObjects:
    """XObjects of rendered faces, made on first use: (pdf path, page index) -> reference."""

    def __init__(self, writer: PdfWriter, readers: dict[str, PdfReader] | None = None,
                 prune: bool = False):
        self.prune = prune  # a file showing a few faces of each batch: see used_resources
        self.writer = writer
        self.readers = {} if readers is None else readers  # may be shared between writers
        self.refs: dict[tuple[str, int], object] = {}
        self.tags: dict[int, str] = {}  # font object number in this file -> its subset tag

    def page(self, path: str, index: int):
        if path not in self.readers:
            self.readers[path] = PdfReader(path)
        return self.readers[path].pages[index]

    def get(self, path: str, index: int):
        key = (path, index)
        if key not in self.refs:
            self.refs[key] = page_to_xobject(self.writer, self.page(path, index), self.prune)
            retag_fonts(self.refs[key].get_object()["/Resources"], self.tags)
        return self.refs[key]


def retag_fonts(resources, tags: dict[int, str]) -> None:
    """Give every embedded font subset of this file a subset tag of its own (PDF 9.6.4:
    the tag names one subset; WeasyPrint's batches may give two subsets one tag). The
    resource names the content streams use are left alone."""
    fonts = resources.get_object().get("/Font")
    for ref in (fonts.get_object().values() if fonts else ()):
        number = getattr(ref, "idnum", None)
        font = ref.get_object()
        name = str(font.get("/BaseFont", ""))
        if number is None or "+" not in name or number in tags:
            continue
        rest = name.split("+", 1)[1]
        digest = hashlib.sha256(f"{number}:{name}".encode()).digest()
        tag = "".join(chr(65 + b % 26) for b in digest[:6])
        while tag in tags.values():  # astronomically rare: step to the next free tag
            tag = tag[1:] + tag[0] if tag[1:] + tag[0] != tag else "A" + tag[1:]
        tags[number] = tag
        new = NameObject(f"/{tag}+{rest}")
        font[NameObject("/BaseFont")] = new
        parts = [font] + [d.get_object() for d in font.get("/DescendantFonts", [])]
        for part in parts:
            part[NameObject("/BaseFont")] = new
            descriptor = part.get("/FontDescriptor")
            if descriptor is not None:
                descriptor.get_object()[NameObject("/FontName")] = new


_NUMS: dict[float, str] = {}  # a number -> its text: sheets repeat the same positions


def _num(v: float) -> str:
    out = _NUMS.get(v)
    if out is None:
        out = f"{v:.3f}".rstrip("0").rstrip(".") or "0"
        if v and len(_NUMS) < 200_000:  # not 0: 0.0 and -0.0 are one key, two texts
            _NUMS[v] = out
    return out


class Canvas:
    """Content-stream operations for one sheet; coordinates in mm from the top-left corner."""

    def __init__(self, width: float, height: float):
        self.w, self.h = width, height
        self.ops: list[str] = []
        self.xobjects: dict[str, object] = {}
        self.glyphs: dict[int, str] = {}  # glyph id -> character drawn by `text`
        self.captions: list[tuple] = []  # (text, x, y, angle, width) for place_caption

    def _xy(self, x: float, y: float) -> str:
        return f"{_num(x * PT)} {_num((self.h - y) * PT)}"

    def place(self, ref, x: float, y: float, clip=None, scale: float = 1.0, name=None) -> None:
        """Draw an XObject with its top-left corner at (x, y), optionally clipped to
        clip=(x, y, w, h) in sheet mm; `ref` must come from XObjects.get (None: a sheet
        only laid out, never written, see toolkit.render.jobs.DRY)."""
        if ref is None:
            return
        name = name or f"/X{len(self.xobjects)}"
        self.xobjects.setdefault(name, ref)
        box = ref.get_object()["/BBox"]
        height_mm = float(box[3]) / PT * scale
        self.ops.append("q")
        if clip:
            cx, cy, cw, ch = clip
            self.ops.append(f"{self._xy(cx, cy + ch)} {_num(cw * PT)} {_num(ch * PT)} re W n")
        self.ops.append(f"{_num(scale)} 0 0 {_num(scale)} {self._xy(x, y + height_mm)} cm "
                        f"{name} Do Q")

    def line(self, x1, y1, x2, y2, width=0.25, gray=0.0, dash=None) -> None:
        pattern = f"[{' '.join(_num(d * PT) for d in dash)}] 0 d " if dash else ""
        self.ops.append(f"q {pattern}{_num(width)} w {_num(gray)} G {self._xy(x1, y1)} m "
                        f"{self._xy(x2, y2)} l S Q")

    def rect(self, x, y, w, h, fill=None, stroke=0.25) -> None:
        paint = f"{_num(fill)} g " if fill is not None else ""
        op = "B" if fill is not None and stroke else ("f" if fill is not None else "S")
        self.ops.append(f"q {paint}{_num(stroke)} w {self._xy(x, y + h)} "
                        f"{_num(w * PT)} {_num(h * PT)} re {op} Q")

    def caption(self, text: str, x: float, y: float, angle: int = 0,
                width: float | None = None) -> None:
        """Localised text with its baseline start at (x, y), drawn later from the rendered
        caption sheet (see `place_caption`), cut at `width` mm; angle 90 runs bottom to
        top."""
        self.captions.append((text, x, y, angle, width))

    def place_caption(self, ref, line: float, baseline: float, width: float, x: float,
                      y: float, angle: int = 0) -> None:
        """Draw one line of a caption sheet XObject: the strip from `line` to `line` +
        LINE mm (baseline at `baseline` mm) put with its baseline start at (x, y)."""
        if ref is None:
            return
        name = f"/X{len(self.xobjects)}"
        self.xobjects.setdefault(name, ref)
        top = float(ref.get_object()["/BBox"][3])
        v0, v1 = top - (line + CAPTION_LINE) * PT, top - line * PT
        vb = top - baseline * PT
        px, py = x * PT, (self.h - y) * PT
        if angle == 90:
            tx, ty = px + vb, py
            clip = f"{_num(tx - v1)} {_num(ty)} {_num(v1 - v0)} {_num(width * PT)}"
            matrix = f"0 1 -1 0 {_num(tx)} {_num(ty)}"
        else:
            tx, ty = px, py - vb
            clip = f"{_num(px)} {_num(ty + v0)} {_num(width * PT)} {_num(v1 - v0)}"
            matrix = f"1 0 0 1 {_num(tx)} {_num(ty)}"
        self.ops.append(f"q {clip} re W n {matrix} cm {name} Do Q")

    def text(self, x, y, text: str, size=7.0, angle=0) -> None:
        """Text with its baseline start at (x, y); angle 90 runs bottom to top."""
        tx, ty = self._xy(x, y).split()
        matrix = "0 1 -1 0" if angle == 90 else "1 0 0 1"
        self.ops.append(f"BT /F1 {_num(size)} Tf {matrix} {tx} {ty} Tm "
                        f"{text_font.encode(text, self.glyphs)} Tj ET")

    def add_to(self, writer: PdfWriter):
        """Append this canvas as a new page of `writer`."""
        page = writer.add_blank_page(self.w * PT, self.h * PT)
        resources = DictionaryObject()
        if self.xobjects:
            resources[NameObject("/XObject")] = DictionaryObject(
                {NameObject(k): v for k, v in self.xobjects.items()})
        if self.glyphs:
            resources[NameObject("/Font")] = DictionaryObject(
                {NameObject("/F1"): text_font.font_object(writer, self.glyphs)})
        page[NameObject("/Resources")] = resources
        stream = DecodedStreamObject()
        stream.set_data("\n".join(self.ops).encode("latin-1"))
        page[NameObject("/Contents")] = writer._add_object(stream.flate_encode())
        return page


def set_print_boxes(page, bleed_mm: float) -> None:
    """Trim box = media box inset by the bleed; bleed box = media box."""
    x0, y0, x1, y1 = (float(v) for v in page.mediabox)
    b = bleed_mm * PT
    page.trimbox = RectangleObject([x0 + b, y0 + b, x1 - b, y1 - b])
    page.bleedbox = RectangleObject([x0, y0, x1, y1])
