"""The one guarded way the toolkit touches the file system.

- **Links never lead out.** A path is taken relative to a root (the project, or the output
  folder): every folder on the way from the root to it that is a link must lead to a folder
  inside the root, and a dangling link is refused (`check_inside`). A file that is written
  is never followed: it is replaced by a rename, and a link in its place that leads out of
  the root (or nowhere) is refused first. A file that is read must not be a link out.
- **Writes are atomic.** Every file goes to a temporary file beside the target and is
  renamed into place; the temporary file is removed on any failure (full disk, Ctrl-C,
  SIGTERM). `durable=True` (YAML and settings the user edits) also fsyncs the file and its
  folder, so a crash leaves the old file or the new one, never a cut one.
- **Output folders are marked.** The toolkit writes into an output folder only if it is
  new, empty, already marked (`.card-toolkit-output`) or the project's own `output/`, and
  never if it is a link; it deletes nothing from a folder without the marker, and only
  files of its own (`remove_own`: the manifest `build.json`, cache batches).
- **One build at a time** per output folder (`output_lock`, an fcntl lock on a lock file
  that may not be a link).

Every error is one line (a RenderError or UsageError), never a traceback.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
import tempfile
from pathlib import Path

from toolkit.errors import RenderError, ToolkitError, UsageError

MARKER = ".card-toolkit-output"
LOCK = ".card-toolkit-lock"
MANIFEST = "build.json"
SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,79}")
MARKER_TEXT = ("This folder is written by card-toolkit; files in it may be replaced or "
               "deleted by the next build.\n")


def safe_name(name: str, what: str = "name") -> str:
    """`name` if it can be a file name on every system (letters, digits, _ . -, no '..')."""
    if not isinstance(name, str) or not SAFE_NAME.fullmatch(name) or ".." in name:
        raise RenderError(f"{what} {name!r} cannot be used as a file name",
                          hint="use letters, digits and _ only")
    return name


def _within(real: Path, root_real: Path) -> bool:
    return real == root_real or root_real in real.parents


def is_within(root: Path, path: Path) -> bool:
    """Whether `path`, taken as written (no link followed, `..` folded), lies in `root`."""
    return _within(Path(os.path.abspath(path)), Path(os.path.abspath(root)))


def check_inside(root: Path, path: Path, what: str = "the output folder",
                 error: type[ToolkitError] = RenderError, final: bool = True) -> Path:
    """`path`, after checking that it lies inside `root` as written and that no link on the
    way leads out of `root` or nowhere. With `final=False` the last part of the path may
    be a link inside the root (it is replaced by a write, not followed); a link there that
    leads out or nowhere is refused all the same. Returns `path`."""
    root, path = Path(root), Path(path)
    base, full = Path(os.path.abspath(root)), Path(os.path.abspath(path))
    if not _within(full, base):
        raise error(f"refusing to write '{path}': it is outside {what} '{root}'")
    root_real = base.resolve()
    current = base
    parts = full.relative_to(base).parts
    for index, part in enumerate(parts):
        current = current / part
        if not current.is_symlink():
            if not current.exists():
                break  # nothing further exists, so no further link either
            continue
        target = current.resolve()
        if not current.exists():
            raise error(f"refusing to use '{path}': '{current}' is a dangling link "
                        f"(to '{os.readlink(current)}'); remove it")
        last = index == len(parts) - 1
        if not _within(target, root_real):
            raise error(f"refusing to use '{path}': '{current}' is a link to '{target}', "
                        f"outside {what} '{root}'; remove the link")
        if last and not final:
            break
    return path


def make_folder(folder: Path, root: Path | None = None, what: str = "the output folder",
                error: type[ToolkitError] = RenderError) -> Path:
    """Create `folder` (and its parents); with `root`, no link on the way may lead out."""
    folder = Path(folder)
    if root is not None:
        check_inside(root, folder, what, error)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise error(f"cannot create folder '{folder}': {exc.strerror or exc}") from None
    if root is not None:
        check_inside(root, folder, what, error)  # again: the folders exist now
    return folder


def write_bytes(path: Path, data: bytes, root: Path | None = None, *, durable: bool = False,
                what: str = "the output folder",
                error: type[ToolkitError] = RenderError) -> Path:
    """Write `data` to `path` via a temp file and a rename. With `root`, no link on the way
    may lead out of it; a link in the file's place is replaced, never followed. With
    `durable`, the data and the rename reach the disk before this returns."""
    path = Path(path)
    if root is not None:
        check_inside(root, path, what, error, final=False)
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if root is not None:
            check_inside(root, path, what, error, final=False)  # the folders exist now
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
        tmp = None
        if durable:
            _sync_folder(path.parent)
    except OSError as exc:
        raise error(f"cannot write '{path}': {exc.strerror or exc}",
                    hint="the old file is kept" if durable else None) from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    return path


def write_text(path: Path, text: str, root: Path | None = None, *, durable: bool = False,
               what: str = "the output folder",
               error: type[ToolkitError] = RenderError) -> Path:
    """`write_bytes` of UTF-8 text with \\n line ends."""
    return write_bytes(path, text.encode("utf-8"), root, durable=durable, what=what,
                       error=error)


def open_stream(path: Path, root: Path, what: str = "the output folder",
                error: type[ToolkitError] = UsageError):
    """A text file written over time (a run's games.partial.jsonl, flushed as batches
    arrive), truncated: no link on the way may lead out of `root`, a link in the file's
    place is removed, never followed (O_NOFOLLOW)."""
    path = Path(path)
    check_inside(root, path, what, error, final=False)
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    try:
        if path.is_symlink():
            path.unlink()
        return os.fdopen(os.open(path, flags, 0o666), "w", encoding="utf-8")
    except OSError as exc:
        raise error(f"cannot write '{path}': {exc.strerror or exc}") from None


def rename(source: Path, target: Path, root: Path, what: str = "the output folder",
           error: type[ToolkitError] = UsageError) -> Path:
    """Move a file the toolkit wrote in `root` onto `target` (atomic); a link in the
    target's place is replaced, never followed."""
    source, target = Path(source), Path(target)
    check_inside(root, source, what, error)
    check_inside(root, target, what, error, final=False)
    try:
        os.replace(source, target)
    except OSError as exc:
        raise error(f"cannot write '{target}': {exc.strerror or exc}") from None
    return target


def _sync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def read_bytes(path: Path, root: Path, cap: int, what: str = "the project",
               error: type[ToolkitError] = UsageError) -> bytes | None:
    """The bytes of `path` (None when there is no such file), refused when a link on the
    way leads out of `root` or nowhere, when it is not a file or is over `cap` bytes."""
    path = Path(path)
    check_inside(root, path, what, error)
    if not path.exists():
        return None
    try:
        if not path.is_file():
            raise error(f"'{path}' is not a file; remove it or replace it by a file")
        size = path.stat().st_size
        if size > cap:
            raise error(f"'{path}' is {size} bytes, over the {cap} byte cap")
        return path.read_bytes()
    except OSError as exc:
        raise error(f"cannot read '{path}': {exc.strerror or exc}") from None


def remove_own(path: Path, root: Path, pattern: re.Pattern | str) -> bool:
    """Delete `path` only if its name matches `pattern` (a file the toolkit writes), it
    lies in `root` with no link on the way out, and `root` is a marked output folder (or a
    subfolder of one). Returns whether a file was removed; never raises for a missing one."""
    path = Path(path)
    names = re.compile(pattern) if isinstance(pattern, str) else pattern
    if not names.fullmatch(path.name) or not is_marked(root):
        return False
    check_inside(root, path.parent)
    try:
        if path.is_symlink() or path.is_file():
            path.unlink()
            return True
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise RenderError(f"cannot remove '{path}': {exc.strerror or exc}") from None
    return False


def prune(folder: Path, keep: set[Path], pattern: re.Pattern | str) -> list[Path]:
    """Remove what an earlier run left in `folder` that this run did not write: files whose
    names match `pattern` and are not in `keep`, then the folders left empty. Only inside a
    marked output folder (the folder or one of its three nearest parents has the marker),
    never through a link (links are neither followed nor removed). Returns what went."""
    folder = Path(folder)
    names = re.compile(pattern) if isinstance(pattern, str) else pattern
    owner = next((f for f in [folder, *folder.parents][:4] if is_marked(f)), None)
    if owner is None or folder.is_symlink() or not folder.is_dir():
        return []
    check_inside(owner, folder)
    keep = {Path(os.path.abspath(p)) for p in keep}
    removed = []
    for top, dirs, files in os.walk(folder, topdown=False, followlinks=False):
        for name in files:
            path = Path(top) / name
            if names.fullmatch(name) and not path.is_symlink() and \
                    Path(os.path.abspath(path)) not in keep:
                path.unlink()
                removed.append(path)
        for name in dirs:
            path = Path(top) / name
            if not path.is_symlink() and not any(path.iterdir()):
                path.rmdir()
                removed.append(path)
    return removed


def _own_file(path: Path) -> bool:
    """A regular file, not a link."""
    return path.is_file() and not path.is_symlink()


def refuse_link(folder: Path, what: str = "output folder",
                error: type[ToolkitError] = UsageError) -> None:
    """One line when `folder` itself is a link (dangling or not)."""
    folder = Path(folder)
    if folder.is_symlink():
        target = os.readlink(folder)
        raise error(f"{what} '{folder}' is a link (to '{target}'); nothing is written "
                    "through it", hint="remove the link, or pass the folder itself with --out")


def claim_output(folder: Path, default: bool = False, project: Path | None = None) -> Path:
    """Make `folder` the toolkit's output folder (creating it and its marker), or refuse
    a folder that holds other things or is a link. `default` (the project's own output/)
    may be adopted without a marker: it was made by an older toolkit. With `project`, an
    output folder inside the project may not be reached through a link out of it."""
    folder = Path(folder)
    marker = folder / MARKER
    refuse_link(folder)
    if project is not None and is_within(project, folder):
        check_inside(project, folder, "the project", UsageError)
    try:
        if folder.exists() and not folder.is_dir():
            raise UsageError(f"output folder '{folder}' is not a folder")
        if marker.is_symlink():
            raise UsageError(f"output folder '{folder}' holds a link as its {MARKER} file; "
                             "nothing is written or deleted there", hint="remove the link")
        if not _own_file(marker):
            if folder.is_dir() and not default and not all(
                    _own_file(child / MARKER) for child in folder.iterdir()):
                raise UsageError(
                    f"output folder '{folder}' is not empty and was not made by the toolkit "
                    f"(no {MARKER} file); nothing is written or deleted there",
                    hint="choose a new or empty folder with --out")
            folder.mkdir(parents=True, exist_ok=True)
            write_text(marker, MARKER_TEXT, root=folder)
    except OSError as exc:
        raise RenderError(f"cannot use output folder '{folder}': "
                          f"{exc.strerror or exc}") from None
    return folder


def prepare_folder(folder: Path, project: Path | None = None) -> Path:
    """Create an output folder that is written but never pruned (simulate, compare,
    export): refused when it is a link, or when, inside `project`, a link on the way
    leads out of the project; then a probe file is written and removed."""
    folder = Path(folder)
    refuse_link(folder)
    if project is not None and is_within(project, folder):
        make_folder(folder, project, "the project", UsageError)
    elif project is None:
        _refuse_project_link(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".probe.", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise UsageError(f"cannot write to the output folder {folder}: "
                         f"{exc.strerror or exc}", file=str(folder)) from None
    return folder


def _refuse_project_link(folder: Path) -> None:
    """Without a project named: a folder on the way to `folder` that is a link inside a
    project folder (its output/, say) and leads out of that project is refused."""
    from toolkit.project import is_project

    for place in [Path(os.path.abspath(folder)), *Path(os.path.abspath(folder)).parents]:
        if place.is_symlink() and is_project(place.parent) and \
                not _within(place.resolve(), place.parent.resolve()):
            raise UsageError(f"refusing to write to '{folder}': '{place}' is a link to "
                             f"'{place.resolve()}', outside the project '{place.parent}'",
                             hint="remove the link")


def is_marked(folder: Path) -> bool:
    """Whether `folder` (or its parent, for a subfolder such as .cache) is a marked output
    folder. A folder that is a link is never marked: its marker would be someone else's."""
    folder = Path(folder)
    if folder.is_symlink():
        return False
    return _own_file(folder / MARKER) or (not folder.parent.is_symlink()
                                          and _own_file(folder.parent / MARKER))


@contextlib.contextmanager
def output_lock(folder: Path):
    """Hold an exclusive lock on the output folder for one build (waits for another).
    A lock file that is a link (dangling or not) is refused, never followed."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX: no lock
        yield
        return
    path = Path(folder) / LOCK
    if path.is_symlink():
        raise RenderError(f"the lock file '{path}' is a link (to '{os.readlink(path)}'); "
                          "nothing is written through it", hint="remove the link")
    try:
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        handle = os.fdopen(os.open(path, flags, 0o666), "a+b")
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


def drop_manifest(folder: Path, root: Path | None = None) -> None:
    """Remove the last build's manifest before any output is replaced, so that a build
    cut short leaves no manifest vouching for files from two different builds. Only
    `build.json` in a marked folder is removed."""
    folder = Path(folder)
    if root is not None:
        check_inside(root, folder / MANIFEST, final=False)
    marked = root if root is not None else folder
    if not is_marked(marked) and not is_marked(folder):
        return
    path = folder / MANIFEST
    with contextlib.suppress(OSError):
        if path.is_symlink() or path.is_file():
            path.unlink()
