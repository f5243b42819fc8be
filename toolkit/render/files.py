"""Writing output files safely.

- Every file goes to a temporary file beside the target and is renamed into place; the
  temporary file is removed on any failure (full disk, Ctrl-C, SIGTERM).
- A name taken from content (a kind, an id) becomes a file name only if it is a plain
  name (`safe_name`), and a written path must stay inside its output folder (`inside`).
- The output folder carries a marker file (`.card-toolkit-output`): the toolkit writes
  into a folder only if it is new, empty, already marked, or the project's own output/,
  and deletes nothing from a folder without the marker.
- One build at a time per output folder (`output_lock`, an fcntl lock).
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
import tempfile
from pathlib import Path

from toolkit.errors import RenderError, UsageError

MARKER = ".card-toolkit-output"
LOCK = ".card-toolkit-lock"
SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,79}")


def safe_name(name: str, what: str = "name") -> str:
    """`name` if it can be a file name on every system (letters, digits, _ . -, no '..')."""
    if not isinstance(name, str) or not SAFE_NAME.fullmatch(name) or ".." in name:
        raise RenderError(f"{what} {name!r} cannot be used as a file name",
                          hint="use letters, digits and _ only")
    return name


def inside(root: Path, path: Path) -> Path:
    """`path`, after checking that it resolves inside `root` (symlinks followed)."""
    root_real = Path(root).resolve()
    real = Path(path).resolve()
    if real != root_real and root_real not in real.parents:
        raise RenderError(f"refusing to write '{path}': it is outside the output folder "
                          f"'{root}'")
    return path


def write_atomic(path: Path, data: bytes, root: Path | None = None) -> None:
    """Write `data` to `path` via a temp file and rename; an OS error is a RenderError.
    With `root`, the path must stay inside that folder."""
    path = Path(path)
    if root is not None:
        inside(root, path)
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if root is not None:
            inside(root, path)  # again: the folders now exist and may be links
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
        tmp = None
    except OSError as exc:
        raise RenderError(f"cannot write '{path}': {exc.strerror or exc}") from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


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


def claim_output(folder: Path, default: bool = False) -> Path:
    """Make `folder` the toolkit's output folder (creating it and its marker), or refuse
    a folder that holds other things. `default` (the project's own output/) may be
    adopted without a marker: it was made by an older toolkit."""
    folder = Path(folder)
    marker = folder / MARKER
    try:
        if folder.exists() and not folder.is_dir():
            raise UsageError(f"output folder '{folder}' is not a folder")
        if not marker.is_file():
            if folder.is_dir() and not default and not all(
                    (child / MARKER).is_file() for child in folder.iterdir()):
                raise UsageError(
                    f"output folder '{folder}' is not empty and was not made by the toolkit "
                    f"(no {MARKER} file); nothing is written or deleted there",
                    hint="choose a new or empty folder with --out")
            folder.mkdir(parents=True, exist_ok=True)
            marker.write_text("This folder is written by card-toolkit; files in it may be "
                              "replaced or deleted by the next build.\n")
    except OSError as exc:
        raise RenderError(f"cannot use output folder '{folder}': "
                          f"{exc.strerror or exc}") from None
    return folder


def is_marked(folder: Path) -> bool:
    """Whether `folder` (or its parent, for a subfolder such as .cache) is marked."""
    folder = Path(folder)
    return (folder / MARKER).is_file() or (folder.parent / MARKER).is_file()


@contextlib.contextmanager
def output_lock(folder: Path):
    """Hold an exclusive lock on the output folder for one build (waits for another)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX: no lock
        yield
        return
    try:
        handle = open(Path(folder) / LOCK, "a+b")
    except OSError as exc:
        raise RenderError(f"cannot lock output folder '{folder}': "
                          f"{exc.strerror or exc}") from None
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print(f"waiting for another build writing to '{folder}'", file=sys.stderr)
            fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


MANIFEST = "build.json"


def drop_manifest(folder: Path, root: Path | None = None) -> None:
    """Remove the last build's manifest before any output is replaced, so that a build
    cut short leaves no manifest vouching for files from two different builds."""
    path = Path(folder) / MANIFEST
    if root is not None:
        inside(root, path)
    with contextlib.suppress(OSError):
        path.unlink()


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
