"""`compare`'s private copy of a project directory, made without leaving the project.

Only the content is copied: `cards/`, `agents/` and `rules/` (or, for a project whose YAML
sits at its top level, those YAML files). The copy reads what `validate` reads and refuses
what it refuses, before anything is read:
- a link to something outside the project (or leaving it through a linked folder) is
  refused with one line, its target never opened, so nothing of an outside file reaches a
  message or a game; a link inside the project is copied as what it points to;
- anything that is not a file or a folder (a device, a pipe, a socket, a dangling link) is
  skipped, as the loader skips it;
- every file is size-checked before it is read (`MAX_FILE_BYTES`, the loader's own cap), and
  the whole copy is bounded (`MAX_TOTAL_BYTES`, `MAX_FILES`), so no link or huge file can
  fill the temporary disk.
Every refusal is a one-line UsageError.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from toolkit.content.yamlsafe import MAX_FILE_BYTES
from toolkit.errors import UsageError

CONTENT_DIRS = ("cards", "agents", "rules")  # rules: a project's own ./rules package
YAML_SUFFIXES = (".yaml", ".yml")
MAX_TOTAL_BYTES = 64 * 1024 * 1024   # a project's whole content: a few hundred KB is typical
MAX_FILES = 5000                      # files of one side; the loader reads at most 500 YAML
CHUNK = 64 * 1024


class Budget:
    """Counts the files and bytes one side of a comparison copies, within the caps."""

    def __init__(self, where: str):
        self.where, self.files, self.bytes = where, 0, 0

    def take(self, size: int, shown: str) -> None:
        if size > MAX_FILE_BYTES:
            raise UsageError(f"{shown}: file is {size} bytes, over the {MAX_FILE_BYTES} byte "
                             "cap of a content file; compare reads no such file (split it)")
        self.files += 1
        self.bytes += size
        if self.files > MAX_FILES:
            raise UsageError(f"{self.where} holds over {MAX_FILES} content files; compare "
                             "copies no more than that")
        if self.bytes > MAX_TOTAL_BYTES:
            raise UsageError(f"{self.where} holds over {MAX_TOTAL_BYTES} bytes of content; "
                             "compare copies no more than that")


def content_names(names: set[str], has_cards: bool) -> list[str]:
    """The top-level names of a project to copy, out of `names` (its top-level entries)."""
    if has_cards:
        return [name for name in CONTENT_DIRS if name in names]
    return sorted(n for n in names if n in CONTENT_DIRS[1:] or n.endswith(YAML_SUFFIXES))


def snapshot_directory(project: Path, dest: Path) -> Path:
    """Copy a project directory's content under `dest` (see the module's rules); return it."""
    project = Path(project)
    try:
        top = set(os.listdir(project))
        real = project.resolve(strict=True)
        dest.mkdir(parents=True)
        copier = _Copier(project, real, dest)
        for name in content_names(top, os.path.lexists(project / "cards")):
            copier.copy(Path(name))
    except OSError as exc:
        raise UsageError(f"cannot read the project '{project}': {exc.strerror or exc}") from None
    return dest


class _Copier:
    def __init__(self, project: Path, real: Path, dest: Path):
        self.project, self.real, self.dest = project, real, dest
        self.budget = Budget(f"the project '{project}'")
        self.folders: set[Path] = set()   # real folders already copied: no link loops

    def copy(self, rel: Path) -> None:
        source = self.project / rel
        info = os.lstat(source)
        if stat.S_ISLNK(info.st_mode):
            target = _resolve(source)
            if target is None:
                return  # a link loop: the loader cannot read it either
            if target != self.real and self.real not in target.parents:
                raise UsageError(f"{source}: a link to something outside the project; "
                                 "compare reads nothing outside the project (copy it into "
                                 "the project, or remove the link)")
            try:
                info = os.stat(target)
            except OSError:
                return  # a dangling link: the loader skips it too
            holder = _resolve(source.parent)
            if holder is not None and stat.S_ISDIR(info.st_mode) and \
                    (target == holder or target in holder.parents):
                return  # a link to a folder holding it (cards/loop -> ..): a loop, skipped
            source = target
        elif not self._inside(source):
            raise UsageError(f"{source}: it lies in a linked folder outside the project; "
                             "compare reads nothing outside the project")
        if stat.S_ISDIR(info.st_mode):
            self._folder(source, rel)
        elif stat.S_ISREG(info.st_mode):
            self._file(source, rel, info.st_size)
        # anything else (device, pipe, socket): skipped, as the loader skips it

    def _inside(self, path: Path) -> bool:
        real = _resolve(path)
        return real is not None and (real == self.real or self.real in real.parents)

    def _folder(self, source: Path, rel: Path) -> None:
        real = source.resolve()
        if real in self.folders:
            return
        self.folders.add(real)
        (self.dest / rel).mkdir(parents=True, exist_ok=True)
        for name in sorted(os.listdir(source)):
            self.copy(rel / name)

    def _file(self, source: Path, rel: Path, size: int) -> None:
        shown = str(self.project / rel)
        self.budget.take(size, shown)
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
        fd = os.open(source.resolve(), flags | getattr(os, "O_CLOEXEC", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return  # replaced by something else since it was listed
            copy_stream(handle, self.dest / rel, MAX_FILE_BYTES, shown)


def _resolve(path: Path) -> Path | None:
    """Where `path` leads with every link followed; None for a loop of links."""
    try:
        return path.resolve()
    except (RuntimeError, OSError):
        return None


def copy_stream(handle, target: Path, cap: int, shown: str, size: int | None = None) -> None:
    """Copy `handle` to the new file `target` in chunks: exactly `size` bytes when given
    (a git blob), else to its end; more than `cap` bytes is refused, never written."""
    left = cap + 1 if size is None else size
    written = 0
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target, "xb") as out:
        while left > 0:
            chunk = handle.read(min(CHUNK, left))
            if not chunk:
                break
            written += len(chunk)
            if written > cap:
                raise UsageError(f"{shown}: file is over the {cap} byte cap of a content file; "
                                 "compare reads no such file (split it)")
            out.write(chunk)
            left -= len(chunk)
    if size is not None and written != size:
        raise UsageError(f"{shown}: git gave {written} of its {size} bytes")
