"""Where the two content versions of a comparison come from: a project directory, or a git
revision of the project (`HEAD~1`, a branch, a tag) extracted with `git archive` into a
temporary directory, so the user's working tree and index are never touched.

A name that is an existing directory is a directory; anything else is a revision of the git
repository holding the project (the other argument when it is a directory, else the project
of the current directory). Only the project's content is used (`cards/` and, when present,
`agents/`); the toolkit's code is always the one running. A directory is copied too, when the
run starts, so that editing it during a long comparison cannot mix two contents in one side.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tarfile
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from toolkit.errors import UsageError
from toolkit.project import resolve_project

CONTENT_DIRS = ("cards", "agents", "rules")  # rules: a project's own ./rules package


@dataclass(frozen=True)
class Version:
    """One side of the comparison: how the user named it and where its project now is."""

    spec: str
    root: Path                      # the snapshot the games are played on
    commit: str | None = None
    source: Path | None = None      # the user's directory, when the version is one

    @property
    def label(self) -> str:
        return f"{self.spec} ({self.commit[:10]})" if self.commit else self.spec


def _git(repo: Path, *args: str, binary: bool = False) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(["git", "-C", str(repo), *args], capture_output=True,
                              text=not binary, check=False)
    except FileNotFoundError:
        raise UsageError("git is not installed; compare two project directories instead") from None


def _repository(anchor: Path, spec: str) -> tuple[Path, str]:
    """The git top-level folder holding `anchor` and the project's prefix inside it."""
    top = _git(anchor, "rev-parse", "--show-toplevel")
    if top.returncode != 0:
        raise UsageError(f"'{spec}' is neither a directory nor a git revision "
                         f"('{anchor}' is not inside a git repository)")
    prefix = _git(anchor, "rev-parse", "--show-prefix").stdout.strip()
    return Path(top.stdout.strip()), prefix


def _commit(top: Path, spec: str) -> str:
    found = _git(top, "rev-parse", "--verify", "--quiet", f"{spec}^{{commit}}")
    if found.returncode != 0 or not found.stdout.strip():
        raise UsageError(f"'{spec}' is neither a directory nor a revision of the git "
                         f"repository at '{top}'")
    return found.stdout.strip()


def extract_revision(top: Path, commit: str, prefix: str, dest: Path) -> Path:
    """Write the project's content at `commit` under `dest`; return the project root there."""
    listed = _git(top, "ls-tree", "--name-only", commit, prefix or ".")
    names = {Path(n).name for n in listed.stdout.split()} if listed.returncode == 0 else set()
    wanted = [prefix + d for d in CONTENT_DIRS if d in names]
    if not wanted:
        wanted = [prefix or "."]  # a project whose YAML sits at its top level
    archive = _git(top, "archive", "--format=tar", commit, "--", *wanted, binary=True)
    if archive.returncode != 0:
        message = archive.stderr.decode(errors="replace").strip().splitlines()
        raise UsageError(f"git archive {commit[:10]} failed: {message[-1] if message else '?'}")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        try:
            tar.extractall(dest, filter="data")
        except tarfile.FilterError as exc:  # a link or path leaving the revision's tree
            raise UsageError(f"revision {commit[:10]} holds '{exc.tarinfo.name}', a link or "
                             "path that leaves the project; compare refuses such a "
                             "revision") from None
    return dest / prefix if prefix else dest


def snapshot_directory(project: Path, dest: Path) -> Path:
    """Copy a project directory's content (cards/ and agents/, or its top-level YAML files)."""
    try:
        if (project / "cards").is_dir():
            for name in CONTENT_DIRS:
                if (project / name).is_dir():
                    shutil.copytree(project / name, dest / name)
        else:
            dest.mkdir(parents=True)
            for path in project.glob("*.y*ml"):
                shutil.copy2(path, dest / path.name)
    except OSError as exc:
        raise UsageError(f"cannot read the project '{project}': {exc.strerror or exc}") from None
    return dest


def _anchor(specs: tuple[str, str]) -> Path:
    for spec in specs:
        if Path(spec).is_dir():
            return Path(spec).resolve()
    return resolve_project(None).resolve()


@contextmanager
def open_versions(baseline: str, candidate: str) -> Iterator[tuple[Version, Version]]:
    """(baseline, candidate) as project roots; extracted revisions live until the block ends."""
    temp = Path(tempfile.mkdtemp(prefix="toolkit-compare-"))
    try:
        anchor = _anchor((baseline, candidate))
        versions = []
        for side, spec in (("baseline", baseline), ("candidate", candidate)):
            if Path(spec).is_dir():
                source = Path(spec).resolve()
                root = snapshot_directory(source, temp / side)
                versions.append(Version(spec, root, source=source))
                continue
            top, prefix = _repository(anchor, spec)
            commit = _commit(top, spec)
            root = extract_revision(top, commit, prefix, temp / side)
            versions.append(Version(spec, root, commit))
        yield versions[0], versions[1]
    finally:
        shutil.rmtree(temp, ignore_errors=True)
