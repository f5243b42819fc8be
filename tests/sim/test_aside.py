"""toolkit.sim.aside: a piece of the report computed in a forked child, the same result."""

from __future__ import annotations

import os
import sys
import threading

import pytest

from toolkit.sim.aside import aside


def test_the_result_comes_from_a_child_when_forking_is_safe():
    forks = sys.platform.startswith("linux") and threading.active_count() == 1
    got = aside(lambda: (os.getpid(), sum(range(1000))))()
    assert got[1] == 499500
    assert (got[0] != os.getpid()) == forks


def test_an_error_in_the_child_is_raised_in_the_parent():
    def broken():
        raise ValueError("no fit")

    with pytest.raises(ValueError, match="no fit"):
        aside(broken)()


def test_not_worth_it_runs_in_place():
    assert aside(lambda: os.getpid(), worth=False)() == os.getpid()
