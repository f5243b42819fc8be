"""Helpers for the content tests: the fixture paths and a copy of the valid fixture
project with edits applied."""

from __future__ import annotations

import shutil
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "content"
VALID = FIXTURES / "valid"
REPO = Path(__file__).resolve().parents[2]


def edit_project(dest: Path, edits, source: Path = VALID) -> Path:
    """Copy `source` to `dest` and apply edits: (file, old, new) replaces `old` exactly
    once in cards/<file> (new=None deletes the file; old=None writes new as the file)."""
    shutil.copytree(source, dest)
    for name, old, new in edits:
        path = dest / "cards" / name
        if new is None:
            path.unlink()
            continue
        if old is None:
            path.write_text(new, encoding="utf-8")
            continue
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{old!r} must occur once in {name}"
        path.write_text(text.replace(old, new), encoding="utf-8")
    return dest
