"""Fixtures of the compiled core's tests (skipped where the core is not built)."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.content.validate import load_catalog

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def bundled():
    pytest.importorskip("toolkit.games.caravans.core.convert")
    return load_catalog(REPO)
