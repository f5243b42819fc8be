"""Settings of every test: the user's trust record (toolkit/trust.py) is a file of the test
session's own, so no test reads or writes the record of whoever runs the suite
(tests/trust/ gives each of its tests a fresh record)."""

from __future__ import annotations

import os
import tempfile

ENV = "CARD_TOOLKIT_TRUST_FILE"


def pytest_configure(config):
    os.environ[ENV] = os.path.join(tempfile.mkdtemp(prefix="toolkit-trust-"), "trusted.json")
