"""A planned run (issue #30): the workers derive their games from the run's plan, batches are
made as they are sent (a window in flight), their size follows the measured play, and the
parent writes a batch's lines in one write. None of it changes a byte of the results."""

from __future__ import annotations

import gc
import pickle
import tracemalloc

import pytest

from toolkit.sim import batch
from toolkit.sim.plan import LineupSpec, RunPlan, Todo, plan_games
from toolkit.sim.simulate import simulate
from toolkit.sim.stream import PARTIAL, GamesStream

FILES = ("games.jsonl", "report.json", "report.html")
MIXED = LineupSpec((), ("adventurer", "balanced", "raider", "trader"))


def test_a_planned_batch_is_the_same_games_as_the_plan_list():
    for spec in (MIXED, LineupSpec(("trader", "raider", "balanced")), LineupSpec(("a",) * 3)):
        listed = plan_games(9, 120, [2, 3], spec)
        plan = RunPlan(9, (2, 3), spec)
        assert list(plan.games(range(120))) == listed
        assert batch.Planned(plan, (3, 4, 70)).items() == [
            (g.index, g.seed, g.agents) for g in (listed[3], listed[4], listed[70])]


def test_todo_hands_out_ranges_and_the_gaps_of_a_resumed_run():
    assert [Todo(10).take(4), len(Todo(10))] == [range(0, 4), 10]
    todo = Todo(12, saved={2, 3, 7, 40})
    assert len(todo) == 9
    assert [todo.take(3), todo.take(3), todo.take(5)] == [(0, 1, 4), (5, 6, 8), range(9, 12)]
    assert len(todo) == 0


def test_planning_a_million_game_run_costs_the_parent_under_2_mb():
    """The plan, the todo and a window of queued batches (pickled, as they go to a worker),
    then every batch of the run handed out: nothing grows with -n."""
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        plan = RunPlan(1, (2, 3, 4), MIXED)
        todo = Todo(1_000_000)
        batches = batch.Batches(len(todo), 2, lambda n: batch.Planned(plan, todo.take(n)),
                                grow=True)
        running: dict = {}
        batch._fill(running, batches, lambda work: pickle.dumps(work), batch.WINDOW * 2)
        queued, window = tracemalloc.get_traced_memory()[0] - base, len(running)
        sizes = [len(pickle.loads(sent).indices) for sent in running]
        batches.warming = 0
        while running:  # each batch "comes back" timed as a fast compiled one
            running.pop(next(iter(running)))
            batches.timed(50, 50 * 0.0005)
            batch._fill(running, batches, lambda work: pickle.dumps(work), batch.WINDOW * 2)
            sizes.append(len(pickle.loads(next(reversed(running))).indices) if running else 0)
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert window == batch.WINDOW * 2 and queued < 2_000_000, queued
    assert sizes[0] == batch.MAX_BATCH and max(sizes) == batch.MAX_GROWN
    assert len(pickle.dumps(batch.Planned(plan, range(0, 400)))) < 1_000  # any -n
    assert len(todo) == 0 and held - base < 2_000_000 and peak - base < 2_000_000, (held, peak)


def test_batches_grow_to_the_target_and_shrink_at_the_tail():
    given = []
    batches = batch.Batches(100_000, 2, lambda n: given.append(n) or n, grow=True)
    assert batches.next() == batch.MAX_BATCH
    batches.timed(50, 50 * 0.01)  # a worker's first batch (its start-up): not counted
    batches.timed(50, 50 * 0.01)
    assert batches.next() == batch.MAX_BATCH
    batches.timed(50, 50 * 0.0005)  # 0.5 ms a game: 800 would be 0.4 s, capped
    assert batches.next() == batch.MAX_GROWN
    batches.timed(10, 10 * 0.1)  # slow games now (0.1 s a game): the average moves halfway
    assert batches.size == int(batch.TARGET_SECONDS / ((0.0005 + 0.1) / 2)) == 7
    while batches.next() is not None:
        pass
    assert sum(given) == 100_000 and given[-1] <= batch.MAX_BATCH // 4
    small = batch.Batches(1_000, 2, lambda n: n, grow=True)
    small.warming = 0
    small.timed(50, 0.001)
    assert small.size == 125  # a small run keeps about four batches a worker
    cluster = batch.Batches(10_000, 2, lambda n: n, grow=True)
    cluster.spread(64)  # a Dask cluster of 64 worker threads: four batches each still
    cluster.warming = 0
    cluster.timed(50, 0.001)
    assert cluster.next() == cluster.size == 40


def test_a_batch_blob_is_one_write_and_a_resumed_batch_fills_its_gaps(tmp_path):
    stream = GamesStream(tmp_path, {2: '{"g":2}\n', 6: '{"g":6}\n'})
    writes = []
    real = stream.out.write
    stream.out.write = lambda data: writes.append(data) or real(data)
    stream.add_lines(range(3, 6), b'{"g":3}\n{"g":4}\n{"g":5}\n')
    assert writes == [] and (tmp_path / PARTIAL).read_bytes() == b""
    stream.add_lines((0, 1, 7), b'{"g":0}\n{"g":1}\n{"g":7}\n')
    assert len(writes) == 1  # games 0 to 7: one write
    text = (tmp_path / PARTIAL).read_text()
    assert text == "".join(f'{{"g":{i}}}\n' for i in range(8))
    with pytest.raises(ValueError):
        stream.add_lines((8, 9), b'{"g":8}\n')
    stream.finish()


def _run(project, out, **options):
    return simulate(project, 60, "2-4", "mixed", seed=3, out=out, progress=False, **options)


def test_two_batch_sizes_give_identical_files(engine_ready, tmp_path, monkeypatch):
    """One game a batch against batches grown to the whole run (the tallies are exact)."""
    monkeypatch.setattr(batch, "batch_size", lambda games, workers: 1)
    monkeypatch.setattr(batch.Batches, "timed", lambda self, games, seconds: None)
    _run(engine_ready, tmp_path / "small", workers=1)
    monkeypatch.undo()
    monkeypatch.setattr(batch, "batch_size", lambda games, workers: games)
    _run(engine_ready, tmp_path / "large", workers=1)
    monkeypatch.undo()
    _run(engine_ready, tmp_path / "grown", workers=2)  # the real sizes, on two workers
    for name in FILES:
        small = (tmp_path / "small" / name).read_bytes()
        assert small == (tmp_path / "large" / name).read_bytes(), name
        assert small == (tmp_path / "grown" / name).read_bytes(), name


def test_a_resumed_run_with_scattered_saved_games_matches_a_whole_run(engine_ready,
                                                                      tmp_path):
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    _run(engine_ready, whole, workers=1)
    lines = (whole / "games.jsonl").read_text().splitlines(keepends=True)
    cut.mkdir()  # every third game saved, out of order: the batches are tuples of gaps
    (cut / PARTIAL).write_text("".join(reversed(lines[::3])))
    _run(engine_ready, cut, workers=2, resume=True)
    for name in FILES:
        assert (cut / name).read_bytes() == (whole / name).read_bytes(), name


@pytest.mark.slow
def test_ctrl_c_on_two_workers_keeps_the_finished_games(engine_ready, tmp_path):
    """With a window of batches in flight: the running ones finish, the rest are dropped,
    exit 130, and games.jsonl is whole lines of the finished games."""
    import json
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "sim"
    run = subprocess.Popen([sys.executable, "-m", "toolkit", "simulate", str(engine_ready),
                            "-n", "200000", "-q", "--workers", "2", "--out", str(out)],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    partial = out / PARTIAL
    end = time.monotonic() + 240
    while run.poll() is None and time.monotonic() < end and (
            not partial.exists() or partial.read_bytes().count(b"\n") < 500):
        time.sleep(0.2)
    assert run.poll() is None, run.stderr.read()
    run.send_signal(signal.SIGINT)
    stdout, stderr = run.communicate(timeout=240)
    assert run.returncode == 130, stderr
    assert "interrupted" in stdout + stderr
    lines = (out / "games.jsonl").read_text().splitlines()
    report = json.loads((out / "report.json").read_text())
    assert report["complete"] is False and 500 <= len(lines) == report["games"] < 200_000
    assert all(json.loads(text)["seed"] for text in lines)
