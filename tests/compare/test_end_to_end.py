"""`toolkit compare` with the real engine, agents and batch runner on the small fixture
project (short 2-player games, so the suite stays fast; the buffed-hero run plays about 500
games with a 12-card event deck, long enough for a hero's stats to matter)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parent))
from projects import SMALL, longer_small_project, set_stats  # noqa: E402

from toolkit.cli import cli  # noqa: E402


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


def test_buffed_hero_real_games(tmp_path):
    base = longer_small_project(tmp_path / "base")
    buffed = longer_small_project(tmp_path / "buffed")
    set_stats(buffed, "ash_sage", 4)
    result = compare(str(base), str(buffed), "--metric", "hero:ash_sage", "--agents", "balanced",
                     "--tolerance", "win=5", "--max-games", "1200", "--batch", "50",
                     "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Candidate makes hero Ash Sage stronger"), result.output
    assert "hero ash_sage: stats.combat: 2 → 4" in result.output
    data = json.loads((tmp_path / "out" / "report.json").read_text())
    sage = data["metrics"][0]
    assert sage["decision"] == "increase" and sage["ci95"][0] > 0
    assert data["games"] < 1200                       # the SPRT stopped before the cap
