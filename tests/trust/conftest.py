"""Fixtures of the trust tests: the CLI run in-process, and a fresh tutorial project that
is not trusted (made by `create`, not by the `new` command, which trusts what it writes)."""

from __future__ import annotations

import pytest

from toolkit.new.scaffold import create


@pytest.fixture(autouse=True)
def own_trust_record(tmp_path_factory, monkeypatch):
    """Each test starts with a trust record of its own, empty."""
    monkeypatch.setenv("CARD_TOOLKIT_TRUST_FILE",
                       str(tmp_path_factory.mktemp("trust") / "trusted.json"))


@pytest.fixture
def stranger(tmp_path):
    """A project with its own rules that this user never trusted."""
    return create(tmp_path / "stranger", "blank")
