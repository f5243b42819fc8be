"""Where the two content versions of a comparison come from: a project directory, or a git
revision of the project (`HEAD~1`, a branch, a tag) read blob by blob into a temporary
directory (git_tree: no filter, hook or program of the repository's config runs), so the
user's working tree and index are never touched.

A name that is an existing directory is a directory; anything else is a revision of the git
repository holding the project (the other argument when it is a directory, else the project
of the current directory). Only the project's content is used (`cards/` and, when present,
`agents/`); the toolkit's code is always the one running. A directory is copied too, when the
run starts, so that editing it during a long comparison cannot mix two contents in one side
(snapshot: links out of the project refused unread, devices skipped, sizes capped).
"""

from __future__ import annotations

import shutil
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from toolkit.compare.git_tree import commit_of, extract_revision, repository
from toolkit.compare.snapshot import CONTENT_DIRS, snapshot_directory
from toolkit.project import resolve_project

__all__ = ["CONTENT_DIRS", "Version", "extract_revision", "open_versions", "snapshot_directory"]


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
            git_dir, prefix = repository(anchor, spec)
            commit = commit_of(git_dir, spec)
            root = extract_revision(git_dir, commit, prefix, temp / side)
            versions.append(Version(spec, root, commit))
        yield versions[0], versions[1]
    finally:
        shutil.rmtree(temp, ignore_errors=True)
