"""Checks on the laid-out page: every line of text WeasyPrint placed on a face, measured
against the boxes around it, as a producer sees the printed card.

For each text box (a run of one line) of a face's layout tree:

* **floor** - its size at print size under the floor of its script (6 pt Latin, 7 pt when
  the run holds CJK);
* **clip** - it runs past an ancestor that hides its overflow (the card's trim, a title
  strip, the rules box): letters are cut off;
* **overflow** - it runs past its container, the nearest ancestor whose height does not
  follow its content (a set height, or an absolute box with top and bottom);
* **trim** - it comes closer than TRIM_MM to the card's trim (the `.card` box);
* **overlap** - it prints over another line of text.

Each problem names the field it belongs to: the nearest `data-field` attribute, else the
nearest element's first class (`rules`, `title`, `footer`...). Geometry is skipped under a
CSS transform (the upside-down name of a back, rotated labels), whose boxes are not where
they print; the floor is checked everywhere. The <text> of an inline SVG (Kings & Things'
hexes) is measured from its position, anchor and the fonts' advance widths. Pure Python on WeasyPrint's box tree, by the
boxes' type names, so only toolkit.render.pdf imports WeasyPrint.
"""

from __future__ import annotations

PX_PER_MM = 96 / 25.4
PX_TO_PT = 0.75
TRIM_MM = 1.5        # text nearer the trim than this is lost to a cut 1-2 mm off
SLACK_PX = 0.6       # rounding: a box this far past its container still fits
BAND = (0.2, 0.8)    # the part of a line's height its glyphs' bodies fill (for overlap)
FLOORS = {"Latin": 6.0, "CJK": 7.0}
MAX_PER_FACE = 6     # problems listed per face (the rest are counted)
LAYOUT_KEY = "TKLayout"  # the page-dictionary key of a rendered face's problems (JSON)


def is_cjk(text: str) -> bool:
    return any(0x2E80 <= ord(ch) <= 0x9FFF or 0xF900 <= ord(ch) <= 0xFAFF
               or 0xFF00 <= ord(ch) <= 0xFFEF or 0x3000 <= ord(ch) <= 0x303F for ch in text)


def _element(box):
    return getattr(box, "element", None)


def _field(chain) -> str:
    """The field a text box belongs to: the nearest data-field, else the nearest class."""
    for box in reversed(chain):
        element = _element(box)
        if element is not None and element.get("data-field"):
            return element.get("data-field")
    for box in reversed(chain):
        element = _element(box)
        if element is None:
            continue
        classes = (element.get("class") or "").split()
        if classes and classes[0] not in ("card", "face", "bleed"):
            return classes[0]
        if element.tag in ("h1", "h2", "h3", "th", "td", "footer", "header", "li", "table"):
            return element.tag
    return "text"


def _rect(box, area: str = "border"):
    if area == "padding":
        return (box.padding_box_x(), box.padding_box_y(),
                box.padding_box_x() + box.padding_width(),
                box.padding_box_y() + box.padding_height())
    return (box.border_box_x(), box.border_box_y(),
            box.border_box_x() + box.border_width(), box.border_box_y() + box.border_height())


def _fixed_height(box) -> bool:
    """Whether a block's height is set rather than grown from its content."""
    style = box.style
    height = style["height"]
    if getattr(height, "unit", None) is not None or (height != "auto" and
                                                      not isinstance(height, str)):
        return True
    return style["position"] in ("absolute", "fixed") and style["top"] != "auto" \
        and style["bottom"] != "auto"


def _transformed(box) -> bool:
    return bool(box.style["transform"])


def _clips(box) -> bool:
    return box.style["overflow"] != "visible" and hasattr(box, "padding_box_x")


def _snippet(text: str, n: int = 24) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def _past(inner, outer) -> float:
    """How far (px) rect `inner` runs past rect `outer` on its worst side."""
    return max(outer[0] - inner[0], outer[1] - inner[1], inner[2] - outer[2],
               inner[3] - outer[3])


def page_problems(page) -> list[str]:
    """The problems of one laid-out face page (a WeasyPrint Page), as short phrases; a
    layout this module cannot read is one problem, never a failed build."""
    try:
        return _problems(page)
    except Exception as exc:  # noqa: BLE001 - a box tree of a shape not foreseen
        return [f"its layout could not be measured ({type(exc).__name__}: {exc})"]


def _problems(page) -> list[str]:
    root = page._page_box
    out: list[str] = []
    lines: list[tuple] = []   # (band rect, field, text, line box id)
    trim = None

    def walk(box, chain, clips, container, moved):
        nonlocal trim
        if type(box).__name__.endswith("Placeholder"):  # an absolute or float box's stand-in
            box = getattr(box, "_box", box)
        name = type(box).__name__
        element = _element(box)
        if trim is None and element is not None and "card" in \
                (element.get("class") or "").split() and hasattr(box, "border_box_x"):
            trim = _rect(box)
        if name == "TextBox":
            text_box(box, chain, clips, container, moved)
            return
        if name.endswith("ReplacedBox"):
            for text, rect, size, field in svg_texts(box, chain):
                line(text, rect, size, field, clips + [(box, _rect(box, "padding"))], None,
                     moved or _transformed(box), ("svg", id(box), rect[1]))
            return
        if hasattr(box, "style") and hasattr(box, "border_box_x"):
            moved = moved or _transformed(box)
            if _clips(box) and name not in ("PageBox",):
                clips = clips + [(box, _rect(box, "padding"))]
            if name.endswith("BlockBox") or name in ("TableCellBox", "FlexBox",
                                                     "InlineBlockBox", "BlockReplacedBox"):
                if _fixed_height(box):
                    container = (box, _rect(box))
        for child in getattr(box, "children", ()) or ():
            walk(child, chain + [box], clips, container, moved)

    def text_box(box, chain, clips, container, moved):
        text = box.text or ""
        if not text.strip():
            return
        rect = (box.position_x, box.position_y, box.position_x + box.width,
                box.position_y + box.height)
        # the glyphs' bodies: a line box is taller than its letters (half-leading, descent)
        body = (rect[0], rect[1] + box.height * BAND[0], rect[2],
                rect[1] + box.height * BAND[1])
        line(text, body, box.style["font_size"] * PX_TO_PT, _field(chain), clips, container,
             moved, id(chain[-1]) if chain else None)

    def line(text, body, size, field, clips, container, moved, parent):
        script = "CJK" if is_cjk(text) else "Latin"
        if size < FLOORS[script] - 0.05:
            out.append(f"{field} '{_snippet(text)}' is {script} text at {size:.1f} pt, under "
                       f"the {FLOORS[script]:g} pt floor")
        if moved:
            return
        for clip_box, clip in reversed(clips):
            if _element(clip_box) is not None and "card" in \
                    (_element(clip_box).get("class") or "").split():
                continue  # the trim is checked below, with its own words
            if _past(body, clip) > SLACK_PX:
                out.append(f"{field} '{_snippet(text)}' is cut off by its box "
                           f"({_past(body, clip) / PX_PER_MM:.1f} mm hidden)")
                break
        else:
            if container is not None and container[0] not in [c for c, _ in clips] \
                    and _past(body, container[1]) > SLACK_PX:
                out.append(f"{field} '{_snippet(text)}' runs "
                           f"{_past(body, container[1]) / PX_PER_MM:.1f} mm out of its box")
        if trim is not None:
            gap = -_past(body, trim) / PX_PER_MM
            if gap < 0:
                out.append(f"{field} '{_snippet(text)}' runs {-gap:.1f} mm past the trim")
            elif gap < TRIM_MM:
                out.append(f"{field} '{_snippet(text)}' is {gap:.1f} mm from the trim "
                           f"({TRIM_MM:g} mm wanted)")
        lines.append((body, field, text, parent))

    walk(root, [], [], None, False)
    out += _overlaps(lines)
    return list(dict.fromkeys(out))


def svg_texts(box, chain):
    """The <text> elements of an inline SVG image (`box` its replaced box): each one's text,
    the rectangle its glyphs' bodies take on the page (px; width from the fonts' advance
    widths, toolkit.render.measure), its size in pt and its field. Text under an SVG
    transform, or with a position or size this does not read, is left out."""
    from toolkit.render.measure import text_width_em

    tree = getattr(getattr(getattr(box, "replacement", None), "_svg", None), "tree", None)
    if tree is None or not hasattr(box, "content_box_x"):
        return
    view = tree.get_viewbox()
    if not view or not view[2] or not view[3]:
        return
    sx, sy = box.width / view[2], box.height / view[3]
    field = _field(chain + [box])

    def walk(node):
        if node.get("transform"):
            return
        if node.tag == "text":
            yield node
            return
        for child in node:
            yield from walk(child)

    for node in walk(tree):
        text = "".join(getattr(node, "text", "") or "" for node in [node]).strip()
        try:
            x, y = float(node.get("x") or 0), float(node.get("y") or 0)
            size = float(str(node.get("font-size") or "16").removesuffix("px"))
        except ValueError:
            continue
        if not text:
            continue
        width = size * text_width_em(text, bold="bold" in str(node.get("font-weight") or ""))
        shift = {"middle": 0.5, "end": 1.0}.get(node.get("text-anchor"), 0.0)
        left = x - shift * width
        rect = (box.content_box_x() + (left - view[0]) * sx,
                box.content_box_y() + (y - 0.7 * size - view[1]) * sy,
                box.content_box_x() + (left + width - view[0]) * sx,
                box.content_box_y() + (y - 0.05 * size - view[1]) * sy)
        yield text, rect, size * sy * PX_TO_PT, field


def _overlaps(lines: list[tuple]) -> list[str]:
    """Pairs of text lines whose glyph bodies intersect (a sweep down the page)."""
    out = []
    lines = sorted(lines, key=lambda item: item[0][1])
    for i, (a, field_a, text_a, parent_a) in enumerate(lines):
        for b, field_b, text_b, parent_b in lines[i + 1:]:
            if b[1] >= a[3]:
                break
            if parent_a == parent_b:
                continue  # runs of one line sit side by side
            wide = min(a[2], b[2]) - max(a[0], b[0])
            tall = min(a[3], b[3]) - max(a[1], b[1])
            if wide > SLACK_PX and tall > SLACK_PX:
                out.append(f"{field_a} '{_snippet(text_a)}' prints over {field_b} "
                           f"'{_snippet(text_b)}'")
    return out


def face_warnings(face, problems: list[str]) -> list[str]:
    """One warning per problem of a face, with its card's file:line; `face` a Face."""
    if not problems:
        return []
    file, line, _ = face.source or ("templates", 1, 1)
    what = f"'{face.id}'" if face.side == "front" else f"the back of {face.kind}"
    shown = [f"{file}:{line}: warning: {what} ({face.kind}): {p}; shorten the text or "
             "make room in the template" for p in problems[:MAX_PER_FACE]]
    if len(problems) > MAX_PER_FACE:
        shown.append(f"{file}:{line}: warning: {what}: {len(problems) - MAX_PER_FACE} more "
                     "layout problems")
    return shown


def layout_problems(page) -> list[str]:
    """The problems a rendered batch page (pypdf) carries, as toolkit.render.pdf noted
    them when it laid the face out."""
    import json

    value = page.get("/" + LAYOUT_KEY)
    try:
        found = json.loads(str(value)) if value is not None else []
    except ValueError:
        return []
    return [p for p in found if isinstance(p, str)] if isinstance(found, list) else []
