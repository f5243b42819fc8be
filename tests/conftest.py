"""Fixtures of every test: the user's trust record (toolkit/trust.py) is a file of the
test's own (of the session, for module-wide fixtures), so no test reads or writes the
record of whoever runs the suite."""

from __future__ import annotations

import os
import tempfile

import pytest

ENV = "CARD_TOOLKIT_TRUST_FILE"


def pytest_configure(config):
    os.environ[ENV] = os.path.join(tempfile.mkdtemp(prefix="toolkit-trust-"), "trusted.json")


@pytest.fixture(autouse=True)
def _own_trust_record(tmp_path_factory, monkeypatch):
    monkeypatch.setenv(ENV, str(tmp_path_factory.mktemp("trust") / "trusted.json"))
