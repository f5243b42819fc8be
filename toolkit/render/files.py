"""Writing output files safely: the build's side of `toolkit.guarded_files`, the one
guarded way the toolkit touches the file system (links never lead out of the output folder,
writes are atomic, a folder without the marker is never pruned, one build at a time).
The names below are kept for the modules that import them from here.
"""

from __future__ import annotations

import os  # noqa: F401 - tests patch files.os.fdopen to simulate a full disk
from pathlib import Path

from toolkit.guarded_files import (LOCK, MANIFEST, MARKER, SAFE_NAME,  # noqa: F401
                                   claim_output, drop_manifest, is_marked, output_lock,
                                   safe_name)
from toolkit.guarded_files import check_inside, write_bytes


def inside(root: Path, path: Path) -> Path:
    """`path`, after checking that it lies inside `root` with no link on the way out."""
    return check_inside(root, path, final=False)


def write_atomic(path: Path, data: bytes, root: Path | None = None) -> None:
    """Write `data` to `path` via a temp file and rename; an OS error is a RenderError.
    With `root`, the path must stay inside that folder, no link on the way leading out."""
    write_bytes(path, data, root)


def write_pdf(path: Path, writer) -> int:
    """Write a pypdf writer atomically, with one embedded subset per font
    (toolkit.render.font_merge); returns the size in bytes."""
    import io

    from toolkit.render.font_merge import merge_fonts

    merge_fonts(writer)
    buffer = io.BytesIO()
    writer.write(buffer)
    data = buffer.getvalue()
    write_atomic(path, data)
    return len(data)


def write_manifest(folder: Path, outputs: dict, root: Path | None = None) -> Path:
    """build.json, written last: a build id and the sha256 of every output file of the
    build, so a reader can tell which print files and cards-1up.pdf belong together."""
    import hashlib
    import json
    import time

    files = {}
    for path in outputs.values():
        path = Path(path)
        if path.is_file():
            with open(path, "rb") as handle:
                files[path.name] = hashlib.file_digest(handle, "sha256").hexdigest()
    build_id = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    data = {"build": build_id, "finished": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "files": files}
    path = Path(folder) / MANIFEST
    write_atomic(path, json.dumps(data, indent=1, sort_keys=True).encode(),
                 root=root or folder)
    return path
