"""`toolkit compare` with the real engine, agents and batch runner on the small fixture
project (short 2-player games, so the suite stays fast; the buffed-hero run plays about 500
games with a 12-card event deck, long enough for a hero's stats to matter)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
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
    assert result.output.splitlines()[1].startswith("Answer: no meaningful change"), result.output
    data = json.loads((tmp_path / "report.json").read_text())
    assert data["verdict"] == "no_change" and data["games"] == 40
    for metric in data["metrics"]:
        assert metric["delta"] in (0, None)          # the same seeds give the same games


@pytest.mark.slow
def test_buffed_hero_real_games(tmp_path):
    base = longer_small_project(tmp_path / "base")
    buffed = longer_small_project(tmp_path / "buffed")
    set_stats(buffed, "ash_sage", 4)
    # the default question: the edited hero first (no --metric), game-wide ones after
    result = compare(str(base), str(buffed), "--agents", "balanced", "--max-games", "1200",
                     "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Question: does the edit of Ash Sage matter? Tested first: hero Ash Sage"
    assert lines[1].startswith("Answer: it matters. Candidate makes hero Ash Sage stronger")
    assert lines[2].startswith("Game-wide, on the same games: ")
    assert "hero ash_sage: stats.combat: 2 → 4" in result.output
    data = json.loads((tmp_path / "out" / "report.json").read_text())
    assert data["question"] == {"source": "edit", "ids": ["ash_sage"],
                                "metrics": ["hero:ash_sage"]}
    sage = data["metrics"][0]
    assert sage["metric"] == "hero:ash_sage" and sage["role"] == "question"
    assert sage["decision"] == "increase" and sage["ci95"][0] > 0
    assert data["games"] < 1200                       # the SPRT stopped before the cap
    assert {m["role"] for m in data["metrics"][1:]} == {"game-wide"}
