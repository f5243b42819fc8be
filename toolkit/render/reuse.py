"""Print files a build need not write again: a file whose inputs are those of the file on
disk (the faces it shows and where they were rendered, the layout options, the game's
title and the imposition code) is kept as it is. Editing a card rewrites the card files
but not the one-sided file of boards; editing the board rewrites only that one.

The record (`.print-files.json` in the build's folder) keeps each file's key, page count
and sha256; a file is kept only when its bytes still match the record."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from toolkit.render.files import write_atomic

RECORD = ".print-files.json"
LAYOUT = ("paper", "lang", "layout", "back_offset", "only", "gutter", "marks_to_edge",
          "ink_saver")  # the options that change what a print file holds
_CODE: list[str] = []


def code_digest() -> str:
    """The imposition code (every module of toolkit.render): a new toolkit writes anew."""
    if not _CODE:
        digest = hashlib.sha256()
        for path in sorted(Path(__file__).parent.glob("*.py")):
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
        _CODE.append(digest.hexdigest())
    return _CODE[0]


def file_key(name: str, faces, where, opts, title: str, sheets=()) -> str:
    """What the print file `name` is made from: `faces` (those it shows) and `sheets`
    (the keys of its cover and caption sheet), and where each was rendered."""
    digest = hashlib.sha256(json.dumps(
        [name, code_digest(), title, [repr(getattr(opts, k)) for k in LAYOUT],
         [[k, os.path.basename(where[k].path), where[k].index] for k in sheets if k in where]]
    ).encode())
    rows = [[face.key, face.kind, face.group, face.side, face.width, face.height, face.bleed,
             face.copies, face.label, face.back, face.large, [list(c) for c in face.content],
             os.path.basename(where[face.key].path), where[face.key].index] for face in faces]
    digest.update(json.dumps(rows).encode())
    return digest.hexdigest()


class Reuse:
    """The record of the print files in `folder`."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        try:
            data = json.loads((self.folder / RECORD).read_text(encoding="utf-8"))
            self.files = data if isinstance(data, dict) else {}
        except (OSError, ValueError):
            self.files = {}

    def kept(self, name: str, key: str) -> dict | None:
        """The record of `name` ({size, pages}) when the file on disk was made from `key`."""
        entry = self.files.get(name)
        path = self.folder / name
        if not isinstance(entry, dict) or entry.get("key") != key or not path.is_file():
            return None
        with open(path, "rb") as handle:
            if hashlib.file_digest(handle, "sha256").hexdigest() != entry.get("sha256"):
                return None
        return entry

    def wrote(self, name: str, key: str, pages: int) -> dict:
        """Record the file `name` just written from `key`; returns its entry."""
        with open(self.folder / name, "rb") as handle:
            sha = hashlib.file_digest(handle, "sha256").hexdigest()
        self.files[name] = {"key": key, "sha256": sha, "pages": pages,
                            "size": (self.folder / name).stat().st_size}
        return self.files[name]

    def save(self) -> None:
        write_atomic(self.folder / RECORD, json.dumps(self.files, sort_keys=True).encode(),
                     root=self.folder)
