"""Fixtures of the daily-loop tests: the CLI run in-process and fresh projects."""

from __future__ import annotations

import shutil

import pytest

from toolkit import BUNDLED_PROJECT
from toolkit.new.scaffold import create


@pytest.fixture
def blank(tmp_path):
    return create(tmp_path / "five", "blank")


@pytest.fixture
def caravans_copy(tmp_path):
    """A copy of the bundled game's cards/ to edit."""
    dest = tmp_path / "caravans"
    shutil.copytree(BUNDLED_PROJECT / "cards", dest / "cards")
    return dest
