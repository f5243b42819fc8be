"""Streaming a run's games (toolkit.sim.stream) and `--resume` (issue #30)."""

from __future__ import annotations

import json

import pytest

from toolkit.errors import UsageError
from toolkit.sim.simulate import simulate
from toolkit.sim.stream import PARTIAL, GamesStream

FILES = ("games.jsonl", "report.json", "report.html")


def test_records_are_written_in_game_order_as_soon_as_they_are_contiguous(tmp_path):
    stream = GamesStream(tmp_path)
    partial = tmp_path / PARTIAL
    stream.add([(2, {"g": 2}), (3, {"g": 3})])
    assert partial.read_text() == ""  # game 0 is not in yet
    stream.add([(0, {"g": 0})])
    assert partial.read_text() == '{"g":0}\n'
    stream.add([(5, {"g": 5}), (1, {"g": 1})])
    assert partial.read_text().splitlines() == ['{"g":0}', '{"g":1}', '{"g":2}', '{"g":3}']
    final = stream.finish()  # a run stopped early: what finished, in order, after the gap
    assert final.read_text().splitlines()[-1] == '{"g":5}' and not partial.exists()


def _run(project, out, games, **options):
    return simulate(project, games, seed=5, workers=1, out=out, progress=False, **options)


def test_resume_after_a_kill_gives_the_files_of_one_whole_run(engine_ready, tmp_path):
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    _run(engine_ready, whole, 40)
    lines = (whole / "games.jsonl").read_text().splitlines(keepends=True)
    cut.mkdir()
    # what a parent killed mid-write leaves: some whole lines and a line cut short
    (cut / PARTIAL).write_text("".join(lines[:17]) + lines[17][:30])
    result = _run(engine_ready, cut, 40, resume=True)
    assert result.complete
    for name in FILES:
        assert (cut / name).read_bytes() == (whole / name).read_bytes(), name
    assert not (cut / PARTIAL).exists()


def test_resume_of_a_longer_run_keeps_the_shorter_runs_games(engine_ready, tmp_path):
    short, longer, whole = tmp_path / "short", tmp_path / "short", tmp_path / "whole"
    _run(engine_ready, short, 12)
    _run(engine_ready, longer, 30, resume=True)
    _run(engine_ready, whole, 30)
    for name in FILES:
        assert (longer / name).read_bytes() == (whole / name).read_bytes(), name


def test_resume_refuses_another_runs_games_in_one_line(engine_ready, tmp_path):
    _run(engine_ready, tmp_path, 6)
    with pytest.raises(UsageError) as info:
        simulate(engine_ready, 6, seed=6, workers=1, out=tmp_path, progress=False,
                 resume=True)
    text = str(info.value)
    assert "games.jsonl:1:" in text and "not one of this run's games" in text
    assert "\n" not in text


def test_resume_refuses_a_line_that_is_not_a_record(engine_ready, tmp_path):
    _run(engine_ready, tmp_path, 6)
    games = tmp_path / "games.jsonl"
    lines = games.read_text().splitlines(keepends=True)
    games.write_text(lines[0] + "not json\n" + "".join(lines[1:]))
    with pytest.raises(UsageError, match=r"games\.jsonl:2: not a JSON record"):
        _run(engine_ready, tmp_path, 6, resume=True)
    assert json.loads((tmp_path / "report.json").read_text())["games"] == 6  # left as it was
