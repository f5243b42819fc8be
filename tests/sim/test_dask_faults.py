"""A Dask run that loses its workers or its scheduler (issue #30): one line on stderr, the
finished games saved (games.jsonl, a report marked partial), and `--resume` ends with the
same files as an uninterrupted run. The cluster is real: `dask scheduler` and `dask worker`
processes on loopback, killed mid-run."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

DASK = str(Path(sys.executable).parent / "dask")
FILES = ("games.jsonl", "report.json", "report.html")


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """A scheduler and worker processes started (and killed) by the test."""

    def __init__(self, folder: Path):
        self.folder, self.procs = folder, []
        self.address = f"tcp://127.0.0.1:{_port()}"

    def _start(self, *args) -> subprocess.Popen:
        proc = subprocess.Popen([DASK, *args], cwd=self.folder, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)
        self.procs.append(proc)
        return proc

    def scheduler(self) -> subprocess.Popen:
        port = self.address.rsplit(":", 1)[1]
        proc = self._start("scheduler", "--host", "127.0.0.1", "--port", port,
                           "--no-dashboard")
        _until(lambda: _answers(int(port)), 30, "the scheduler did not start")
        return proc

    def worker(self) -> subprocess.Popen:
        return self._start("worker", self.address, "--nthreads", "1", "--nworkers", "1",
                           "--no-dashboard")

    @staticmethod
    def kill(proc: subprocess.Popen) -> None:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)  # its nanny and worker with it
        proc.wait(30)

    def close(self) -> None:
        for proc in self.procs:
            self.kill(proc)


def _answers(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def _until(ready, seconds: float, what: str) -> None:
    end = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > end:
            pytest.fail(what)
        time.sleep(0.2)


def _simulate(project, out, *extra, games=3000) -> list[str]:
    return [sys.executable, "-m", "toolkit", "simulate", str(project), "-n", str(games),
            "-q", "--seed", "7", "--out", str(out), *extra]


def _lines(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


def _interrupt(project, out: Path, cluster: Cluster, kill) -> subprocess.CompletedProcess:
    """Runs on the cluster, calls `kill()` once 100 games are streamed, returns the run."""
    run = subprocess.Popen(_simulate(project, out, "--backend", "dask", "--scheduler",
                                     cluster.address, "--wait-workers", "3"),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _until(lambda: _lines(out / "games.partial.jsonl") >= 100 or run.poll() is not None, 240,
           "no game was streamed")
    assert run.poll() is None, "the run finished before it could be interrupted"
    kill()
    stdout, stderr = run.communicate(timeout=600)
    return subprocess.CompletedProcess(run.args, run.returncode, stdout, stderr)


def _check_partial(out: Path, result, words: str, games=3000) -> int:
    assert result.returncode == 1, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr  # one line, no traceback, no Dask log
    assert words in lines[0] and "--resume" in lines[0], lines[0]
    report = json.loads((out / "report.json").read_text())
    saved = _lines(out / "games.jsonl")
    assert report["complete"] is False and words in report["stopped"]
    assert 100 <= saved == report["games"] < games
    assert f"{saved:,} of {games:,} games saved" in lines[0]
    assert not (out / "games.partial.jsonl").exists()
    return saved


@pytest.fixture
def reference(engine_ready, tmp_path_factory):
    out = tmp_path_factory.mktemp("whole")
    subprocess.run(_simulate(engine_ready, out, "--workers", "2"), check=True,
                   capture_output=True)
    return out


def _same_files(out: Path, reference: Path) -> None:
    for name in FILES:
        assert (out / name).read_bytes() == (reference / name).read_bytes(), name


@pytest.mark.slow
def test_every_worker_killed_mid_run_then_resume(engine_ready, reference, tmp_path):
    cluster = Cluster(tmp_path)
    out = tmp_path / "sim"
    try:
        cluster.scheduler()
        workers = [cluster.worker(), cluster.worker()]
        result = _interrupt(engine_ready, out, cluster,
                            lambda: [cluster.kill(w) for w in workers])
        _check_partial(out, result, "no Dask worker")
        cluster.worker()
        again = subprocess.run(_simulate(engine_ready, out, "--backend", "dask", "--scheduler",
                                         cluster.address, "--resume"),
                               capture_output=True, text=True, timeout=600)
        assert again.returncode == 0, again.stderr
    finally:
        cluster.close()
    _same_files(out, reference)


@pytest.mark.slow
def test_scheduler_killed_mid_run_then_resume(engine_ready, reference, tmp_path):
    cluster = Cluster(tmp_path)
    out = tmp_path / "sim"
    try:
        scheduler = cluster.scheduler()
        cluster.worker()
        result = _interrupt(engine_ready, out, cluster, lambda: cluster.kill(scheduler))
        _check_partial(out, result, "lost the Dask scheduler")
    finally:
        cluster.close()
    again = subprocess.run(_simulate(engine_ready, out, "--workers", "2", "--resume"),
                           capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr
    _same_files(out, reference)


def test_a_cluster_without_workers_stops_with_one_line(engine_ready, tmp_path):
    cluster = Cluster(tmp_path)
    out = tmp_path / "sim"
    try:
        cluster.scheduler()
        result = subprocess.run(_simulate(engine_ready, out, "--backend", "dask",
                                          "--scheduler", cluster.address, "--wait-workers",
                                          "2", games=20),
                                capture_output=True, text=True, timeout=120)
    finally:
        cluster.close()
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        f"error: no Dask worker at {cluster.address} for 2 s (all lost or none started); "
        f"stopped: 0 of 20 games saved in {out}; run again with --resume to play the rest"]
    assert json.loads((out / "report.json").read_text())["games"] == 0
    assert (out / "games.jsonl").read_bytes() == b""
