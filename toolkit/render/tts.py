"""Tabletop Simulator decks: per kind, sheets of at most 10 x 7 cells and 4096 px a side
(69 cards plus the hidden-card image in the last cell; big decks use several sheets), a
back image, and a saved-object JSON whose CardIDs are sheet * 100 + index."""

from __future__ import annotations

import json
import math
from pathlib import Path

from PIL import Image

from toolkit.render.files import safe_name, write_atomic
from toolkit.render.pdfops import PT
from toolkit.render.raster import Rasterizer, png_bytes

MAX_COLS, MAX_ROWS, MAX_PX = 10, 7, 4096
PER_SHEET = MAX_COLS * MAX_ROWS - 1


def cell_size(width_mm: float, height_mm: float) -> tuple[int, int]:
    """The largest cell of the card's aspect that keeps a 10 x 7 sheet within 4096 px."""
    scale = min((MAX_PX // MAX_COLS) / width_mm, (MAX_PX // MAX_ROWS) / height_mm)
    return int(width_mm * scale), int(height_mm * scale)


def sheet_grid(count: int) -> tuple[int, int]:
    """Columns and rows for `count` cards plus the hidden-card cell."""
    cells = count + 1
    cols = min(MAX_COLS, cells)
    return cols, math.ceil(cells / cols)


def deck_sheets(placements, back, where, raster, folder: Path, kind: str) -> list[dict]:
    """Write the sheet images of one deck; returns one entry per sheet."""
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
        sheets.append({"id": s, "path": path, "cols": cols, "rows": rows, "cards": chunk})
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
                             "BackIsHidden": True, "UniqueBack": False, "Type": 0}
              for s in sheets}
    cards = []
    for s in sheets:
        for i, face in enumerate(s["cards"]):
            cards.append({"Name": "Card", "Nickname": face.label, "Description": "",
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


def write_tts(faces, where, folder: Path, base: str | None = None) -> Path:
    """One deck per kind of card, token or marker, each at its real size; image URLs
    under `base` (--tts-url)."""
    by_key = {f.key: f for f in faces}
    decks: dict[str, list] = {}
    for face in faces:
        if face.side == "front" and not face.large:
            decks.setdefault(face.kind, []).extend([face] * face.copies)
    raster = Rasterizer()
    try:
        for kind, placements in decks.items():
            kind = safe_name(kind, "kind")
            back = by_key[placements[0].back]
            sheets = deck_sheets(placements, back, where, raster, folder, kind)
            data = json.dumps(saved_object(sheets, back.label.replace(" (back)", ""),
                                           (back.width, back.height), base),
                              indent=1, ensure_ascii=False)
            write_atomic(folder / f"{kind}.json", data.encode(), root=folder)
    finally:
        raster.close()
    return folder
