"""`toolkit compare` with the real engine, agents and batch runner on the small fixture
project (short 2-player games, so the suite stays fast). The buffed-hero run plays a few
hundred games and is opt-in: TOOLKIT_SLOW_TESTS=1."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parent))
from projects import SMALL, longer_small_project, set_stats  # noqa: E402

from toolkit.cli import cli  # noqa: E402

slow = pytest.mark.skipif(not os.environ.get("TOOLKIT_SLOW_TESTS"),
                          reason="plays hundreds of games; set TOOLKIT_SLOW_TESTS=1")


def compare(*args):
    return CliRunner().invoke(cli, ["compare", *args, "-q", "--players", "2", "--workers", "1"],
                              catch_exceptions=False)


def test_identical_versions_real_games(tmp_path):
    result = compare(str(SMALL), str(SMALL), "--agents", "random", "--max-games", "80",
                     "--batch", "40", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("No meaningful change"), result.output
    data = json.loads((tmp_path / "report.json").read_text())
    assert data["verdict"] == "no_change" and data["games"] == 40
    for metric in data["metrics"]:
        assert metric["delta"] in (0, None)          # the same seeds give the same games


@slow
def test_buffed_hero_real_games(tmp_path):
    base = longer_small_project(tmp_path / "base")
    buffed = longer_small_project(tmp_path / "buffed")
    set_stats(buffed, "ash_sage", 4)
    result = compare(str(base), str(buffed), "--metric", "hero:ash_sage", "--agents", "balanced",
                     "--tolerance", "win=5", "--max-games", "1200", "--batch", "50",
                     "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Candidate makes hero Ash Sage stronger"), result.output
