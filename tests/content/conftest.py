"""Fixtures of the content tests: edited copies of the valid project, and the `toolkit`
command run in-process with its exit code and output."""

from __future__ import annotations

from pathlib import Path

import pytest

from content_helpers import VALID, edit_project
from toolkit.cli import main


@pytest.fixture
def project(tmp_path):
    """project(edits) -> path of an edited copy of the valid fixture."""
    counter = iter(range(1000))

    def make(edits=(), source: Path = VALID) -> Path:
        return edit_project(tmp_path / f"p{next(counter)}", edits, source)

    return make


@pytest.fixture
def run(capsys):
    """run(*args) -> (exit code, stdout lines, stderr text) of `toolkit ARGS`."""

    def invoke(*args):
        with pytest.raises(SystemExit) as exit_info:
            main([str(a) for a in args])
        out, err = capsys.readouterr()
        return exit_info.value.code, out.splitlines(), err

    return invoke
