"""Shared fixtures: the bundled game's catalog, loaded once."""

import pytest

from toolkit import BUNDLED_PROJECT
from toolkit.content.validate import load_catalog


@pytest.fixture(scope="session")
def catalog():
    return load_catalog(BUNDLED_PROJECT)
