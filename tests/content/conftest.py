"""Fixtures of the content tests: edited copies of the valid project, and the `toolkit`
command run in-process with its exit code and output."""

from __future__ import annotations

from pathlib import Path

import pytest

from content_helpers import VALID, edit_project


@pytest.fixture
def project(tmp_path):
    """project(edits) -> path of an edited copy of the valid fixture."""
    counter = iter(range(1000))

    def make(edits=(), source: Path = VALID) -> Path:
        return edit_project(tmp_path / f"p{next(counter)}", edits, source)

    return make


@pytest.fixture
def run(run):
    """run(*args) -> (exit code, stdout lines, stderr text) of `toolkit ARGS` (tests/conftest.py's
    `run`, its output split in lines)."""

    def invoke(*args):
        code, out, err = run(*args)
        return code, out.splitlines(), err

    return invoke
