"""Settings of every test: the user's trust record (toolkit/trust.py) is a file of the test
session's own, so no test reads or writes the record of whoever runs the suite
(tests/trust/ gives each of its tests a fresh record); `run` is the CLI in-process."""

from __future__ import annotations

import os
import tempfile

import pytest

ENV = "CARD_TOOLKIT_TRUST_FILE"


def pytest_configure(config):
    os.environ[ENV] = os.path.join(tempfile.mkdtemp(prefix="toolkit-trust-"), "trusted.json")


@pytest.fixture
def run(capsys):
    """run(*args) -> (exit code, stdout, stderr) of `toolkit ARGS`."""

    from toolkit.cli import main  # imported by the tests that use it, not by every test

    def invoke(*args):
        with pytest.raises(SystemExit) as info:
            main([str(a) for a in args])
        out, err = capsys.readouterr()
        return info.value.code, out, err

    return invoke
