"""The verdicts' false-alarm rates on null games (bench/calibration.py): every verdict
family at 5 % within sampling error, in 2- and 4-player games and on the bundled game with
one agent in every seat. The quick test plays few runs; the slow one holds the bench."""

import importlib.util
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "calibration.py"


def _bench():
    spec = importlib.util.spec_from_file_location("calibration_bench", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_null_games_are_fair_and_quick_runs_stay_near_five_percent():
    bench = _bench()
    rows = bench.calibrate(runs=30, games=200)
    families = {(r["game"].split()[0], r["family"]) for r in rows}
    assert families == {(g, f) for g in ("coin", "lottery") for f in ("agent", "lever", "seat")}
    assert all(r["null"] and r["runs"] == 30 and r["ok"] for r in rows), rows
    records = bench.play_null(bench.LotteryGame(), 4, 400, 1)
    assert sum(len(r["winner"]) > 1 for r in records) in range(20, 61)  # shared wins happen
    assert {r["first_player"] for r in records} == {0, 1, 2, 3}


@pytest.mark.slow
def test_every_null_verdict_family_alarms_five_percent_of_runs():
    bench = _bench()
    rows = bench.calibrate(runs=300, games=300, bundled_runs=100, bundled_games=200)
    nulls = [r for r in rows if r["null"]]
    assert len(nulls) == 8  # coin and lottery: 3 families each; bundled: style and lever
    assert all(r["ok"] for r in nulls), [(r["game"], r["family"], r["rate"]) for r in nulls]
