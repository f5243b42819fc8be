"""Fixtures of the daily-loop tests: the CLI run in-process and fresh projects."""

from __future__ import annotations

import shutil

import pytest

from toolkit import BUNDLED_PROJECT
from toolkit.cli import main
from toolkit.new.scaffold import create


@pytest.fixture
def run(capsys):
    """run(*args) -> (exit code, stdout, stderr) of `toolkit ARGS`."""

    def invoke(*args):
        with pytest.raises(SystemExit) as info:
            main([str(a) for a in args])
        out, err = capsys.readouterr()
        return info.value.code, out, err

    return invoke


@pytest.fixture
def blank(tmp_path):
    return create(tmp_path / "five", "blank")


@pytest.fixture
def caravans_copy(tmp_path):
    """A copy of the bundled game's cards/ to edit."""
    dest = tmp_path / "caravans"
    shutil.copytree(BUNDLED_PROJECT / "cards", dest / "cards")
    return dest
