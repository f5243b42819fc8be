"""Shared fixtures: the bundled game's catalog, loaded once; a copy of its cards with one
ruling file of a test's own."""

import shutil

import pytest

from toolkit import BUNDLED_PROJECT
from toolkit.content.validate import load_catalog


@pytest.fixture(scope="session")
def catalog():
    return load_catalog(BUNDLED_PROJECT)


@pytest.fixture()
def ruling_project(tmp_path):
    """make(name, text): a project in `tmp_path`, the bundled cards plus
    `cards/rulings/<name>` holding `text` (and no other ruling file)."""
    return lambda name, text: _with_rulings(tmp_path, name, text)


def _with_rulings(tmp_path, name: str, text: str):
    cards = tmp_path / "cards"
    cards.mkdir()
    for path in (BUNDLED_PROJECT / "cards").glob("*.yaml"):
        shutil.copy(path, cards / path.name)
    (cards / "rulings").mkdir()
    (cards / "rulings" / name).write_text(text, encoding="utf-8")
    return tmp_path
