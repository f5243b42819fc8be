"""Tabletop Simulator export: per kind a deck (sheets of at most 10 x 7 cells and 4096 px a
side: 69 cards plus the hidden-card image in the last cell; big decks use several sheets), a
back image, and a saved-object JSON whose CardIDs are sheet * 100 + index; the board,
player boards and other large sheets as Custom_Tile objects with their own image; every
object at its real size; and one combined save (all.json) with everything laid out.

A deck whose cards have different backs (two heroes on one counter, markers in four
colours) gets a back sheet of the same grid, each cell the back of the card in that cell,
and `UniqueBack: true`; a deck with one back has a single back image. A deck of round
counters is cut as circles, of hex tiles as hexes (CustomDeck `Type`, from the face's
shape: toolkit.render.face_shape)."""

from __future__ import annotations

import json
import math
from pathlib import Path

from PIL import Image

from toolkit.render.face_shape import face_shape
from toolkit.render.files import safe_name, write_atomic
from toolkit.render.pdfops import PT
from toolkit.render.raster import Rasterizer, png_bytes

MAX_COLS, MAX_ROWS, MAX_PX = 10, 7, 4096
PER_SHEET = MAX_COLS * MAX_ROWS - 1
# CustomDeck "Type", the card's cut: 0 rounded rectangle, 1 rectangle, 2 rounded hex,
# 3 hex, 4 circle
CARD_TYPES = {"card": 0, "hex": 3, "round": 4}


def cell_size(width_mm: float, height_mm: float) -> tuple[int, int]:
    """The largest cell of the card's aspect that keeps a 10 x 7 sheet within 4096 px."""
    scale = min((MAX_PX // MAX_COLS) / width_mm, (MAX_PX // MAX_ROWS) / height_mm)
    return int(width_mm * scale), int(height_mm * scale)


def sheet_grid(count: int) -> tuple[int, int]:
    """Columns and rows for `count` cards plus the hidden-card cell."""
    cells = count + 1
    cols = min(MAX_COLS, cells)
    return cols, math.ceil(cells / cols)


def deck_sheets(placements, back, where, raster, folder: Path, kind: str,
                by_key: dict | None = None) -> list[dict]:
    """Write the sheet images of one deck; returns one entry per sheet. With `by_key`
    (faces by key) and cards of more than one back, each sheet gets a back sheet of the
    same grid holding every card's own back (`unique`)."""
    unique = by_key is not None and len({f.back for f in placements}) > 1
    cw, ch = cell_size(back.width, back.height)
    scale = cw / (back.width * PT)
    cache: dict[str, Image.Image] = {}

    def image(face):
        if face.key not in cache:
            img = raster.image(where[face.key], face.bleed, scale, trim=True)
            cache[face.key] = img.resize((cw, ch), Image.LANCZOS) if img.size != (cw, ch) else img
        return cache[face.key]

    sheets = []
    for s, start in enumerate(range(0, len(placements), PER_SHEET), 1):
        chunk = placements[start:start + PER_SHEET]
        cols, rows = sheet_grid(len(chunk))
        sheet = Image.new("RGB", (cols * cw, rows * ch), "white")
        for i, face in enumerate(chunk + [back]):
            slot = i if i < len(chunk) else cols * rows - 1
            sheet.paste(image(face), ((slot % cols) * cw, (slot // cols) * ch))
        path = folder / f"{kind}-{s}.png"
        write_atomic(path, png_bytes(sheet, level=6), root=folder)
        entry = {"id": s, "path": path, "cols": cols, "rows": rows, "cards": chunk,
                 "unique": unique, "type": CARD_TYPES[face_shape(placements[0])]}
        if unique:
            backs = Image.new("RGB", (cols * cw, rows * ch), "white")
            for i, face in enumerate(chunk + [back]):
                slot = i if i < len(chunk) else cols * rows - 1
                own = by_key[face.back] if face is not back else back
                backs.paste(image(own), ((slot % cols) * cw, (slot // cols) * ch))
            entry["back"] = folder / f"{kind}-{s}-back.png"
            write_atomic(entry["back"], png_bytes(backs, level=6), root=folder)
        sheets.append(entry)
    if not unique:
        back_path = folder / f"{kind}-back.png"
        write_atomic(back_path, png_bytes(image(back), level=6), root=folder)
        for sheet in sheets:
            sheet["back"] = back_path
    return sheets


POKER = (63.5, 88.9)  # mm: a TTS card at scale 1


def image_url(path: Path, base: str | None) -> str:
    """The URL TTS loads an image from: BASE/name with --tts-url (upload the tts folder
    there), else the bare file name to replace by hand - never a path of this machine."""
    return f"{base.rstrip('/')}/{path.name}" if base else path.name


def saved_object(sheets, nickname: str, size=POKER, base: str | None = None) -> dict:
    """A TTS saved object: a DeckCustom (or a single Card) with one CustomDeck per sheet,
    scaled to the cards' real size (`size`, trim mm)."""
    custom = {str(s["id"]): {"FaceURL": image_url(s["path"], base),
                             "BackURL": image_url(s["back"], base),
                             "NumWidth": s["cols"], "NumHeight": s["rows"],
                             "BackIsHidden": True, "UniqueBack": bool(s.get("unique")),
                             "Type": s.get("type", 0)}
              for s in sheets}
    cards = []
    for s in sheets:
        for i, face in enumerate(s["cards"]):
            cards.append({"Name": "Card", "Nickname": face.label, "Description": "",
                          "GMNotes": getattr(face, "key", ""),
                          "CardID": s["id"] * 100 + i, "Transform": _transform(size),
                          "CustomDeck": {str(s["id"]): custom[str(s["id"])]}})
    if len(cards) == 1:
        return {"ObjectStates": [cards[0]]}
    deck = {"Name": "DeckCustom", "Nickname": nickname, "Transform": _transform(size),
            "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": custom,
            "ContainedObjects": cards}
    return {"ObjectStates": [deck]}


def _transform(size=POKER) -> dict:
    return {"posX": 0, "posY": 1, "posZ": 0, "rotX": 0, "rotY": 180, "rotZ": 180,
            "scaleX": round(size[0] / POKER[0], 4), "scaleY": 1,
            "scaleZ": round(size[1] / POKER[1], 4)}


TILE_MM = 33.3   # mm: the side of a square Custom_Tile (Stretch on) at scale 1, about 1.3 in
TILE_DPI = 150   # the resolution of a tile's image (less for a board over 4096 px a side)
GAP_MM = 25.0    # between objects of the combined save
UNIT_MM = 25.4   # a TTS unit is about an inch


def tile_object(face, url: str, thickness: float = 0.1) -> dict:
    """A Custom_Tile showing `url` on top at the face's real width and depth: with Stretch
    on the tile is square at scale 1, so scaleX and scaleZ set its real size."""
    transform = {"posX": 0, "posY": 1, "posZ": 0, "rotX": 0, "rotY": 180, "rotZ": 0,
                 "scaleX": round(face.width / TILE_MM, 4), "scaleY": 1,
                 "scaleZ": round(face.height / TILE_MM, 4)}
    return {"Name": "Custom_Tile", "Nickname": face.label, "Description": "",
            "Transform": transform,
            "CustomImage": {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0,
                            "WidthScale": 0.0,
                            "CustomTile": {"Type": 0, "Thickness": thickness,
                                           "Stackable": False, "Stretch": True}}}


def tile_image(raster, rendered, face):
    """The face's trim at TILE_DPI, or less to keep within MAX_PX a side."""
    px_per_mm = min(TILE_DPI / UNIT_MM, MAX_PX / max(face.width, face.height))
    return raster.image(rendered, face.bleed, px_per_mm * UNIT_MM / 72, trim=True)


def arrange(objects: list[tuple[dict, float, float]]) -> list[dict]:
    """Lay objects (with their width and depth in mm) out for the combined save: tiles in
    a row across the table, decks in a row in front of them."""
    rows = [[o for o in objects if o[0]["Name"] == "Custom_Tile"],
            [o for o in objects if o[0]["Name"] != "Custom_Tile"]]
    out, z = [], 0.0
    for row in rows:
        if not row:
            continue
        depth = max(d for _, _, d in row)
        x = -(sum(w for _, w, _ in row) + GAP_MM * (len(row) - 1)) / 2
        for obj, w, _ in row:
            spot = {"posX": round((x + w / 2) / UNIT_MM, 3),
                    "posZ": round(-(z + depth / 2) / UNIT_MM, 3)}
            out.append(dict(obj, Transform=dict(obj["Transform"], **spot)))
            x += w + GAP_MM
        z += depth + GAP_MM
    return out


def write_tts(faces, where, folder: Path, base: str | None = None) -> Path:
    """One deck per kind of card, token or marker (per size and shape where a kind's
    pieces differ: a deck's cards share one size and cut) and one tile per board or other
    large sheet, each at its real size, and all of them in all.json; image URLs under
    `base` (--tts-url)."""
    by_key = {f.key: f for f in faces}
    raster = Rasterizer()
    objects = []
    written = {folder / "all.json"}
    try:
        for kind, placements in deck_groups(faces).items():
            back = by_key[placements[0].back]
            sheets = deck_sheets(placements, back, where, raster, folder, kind, by_key)
            written |= {sheet[k] for sheet in sheets for k in ("path", "back")}
            written.add(folder / f"{kind}.json")
            # the kind's own back carries its name; a shared or a card's back does not
            name = back.label.replace(" (back)", "") if back.key == f"{back.kind}/back" \
                else kind.replace("_", " ").capitalize()
            saved = saved_object(sheets, name, (back.width, back.height), base)
            _write_json(folder / f"{kind}.json", saved, folder)
            objects.append((saved["ObjectStates"][0], back.width, back.height))
        for face in faces:
            if face.large and face.side == "front":
                name = safe_name(face.kind if face.slug == face.kind
                                 else f"{face.kind}-{face.slug}", "part")
                path = folder / f"{name}.png"
                write_atomic(path, png_bytes(tile_image(raster, where[face.key], face), 6),
                             root=folder)
                tile = tile_object(face, image_url(path, base))
                _write_json(folder / f"{name}.json", {"ObjectStates": [tile]}, folder)
                written |= {path, folder / f"{name}.json"}
                objects += [(tile, face.width, face.height)] * face.copies
    finally:
        raster.close()
    _write_json(folder / "all.json", {"ObjectStates": arrange(objects)}, folder)
    _prune(folder, written)
    return folder


def _prune(folder: Path, written: set[Path]) -> None:
    """Remove the .png and .json files an earlier export left that this one did not write
    (a deck since split or renamed): only in a marked output folder
    (toolkit.guarded_files.prune)."""
    from toolkit.guarded_files import prune

    prune(folder, written, r".+\.(?:png|json)")


def deck_groups(faces) -> dict[str, list]:
    """The card fronts (each as many times as its copies) per deck: a kind, or where its
    pieces differ in size or shape, one deck per size and shape (piece-hex-14x12.12)."""
    groups: dict[tuple, list] = {}
    for face in faces:
        if face.side == "front" and not face.large:
            key = (face.kind, face.width, face.height, face_shape(face))
            groups.setdefault(key, []).extend([face] * face.copies)
    per_kind: dict[str, int] = {}
    for kind, *_ in groups:
        per_kind[kind] = per_kind.get(kind, 0) + 1
    return {safe_name(kind if per_kind[kind] == 1 else f"{kind}-{shape}-{w:g}x{h:g}",
                      "kind"): placements
            for (kind, w, h, shape), placements in groups.items()}


def _write_json(path: Path, data: dict, folder: Path) -> None:
    write_atomic(path, json.dumps(data, indent=1, ensure_ascii=False).encode(), root=folder)
