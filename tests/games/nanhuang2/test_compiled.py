"""南荒2's typed modules play the same games compiled (their builds beside the .py files,
imported by toolkit/native/pure.py) as pure Python (TOOLKIT_PURE_PYTHON=1): the same seeds
write the same games.jsonl and report.json, and the rulings hold in both modes."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from toolkit.native import builds

ROOT = Path(__file__).resolve().parents[3]
PROJECT = ROOT / "examples/nanhuang2"
TYPED = sorted(".".join(p.relative_to(ROOT).with_suffix("").parts)
               for p in (ROOT / "toolkit/games/nanhuang2").glob("*.py") if builds.marked(p))
COMPILED = bool(TYPED) and all(builds.extension(name) for name in TYPED)
needs_build = pytest.mark.skipif(not COMPILED, reason="南荒2 not compiled here (no C "
                                 "compiler at install: pip install -e . builds it)")


def _run(args: list[str], pure: bool) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "TOOLKIT_PURE_PYTHON"}
    if pure:
        env["TOOLKIT_PURE_PYTHON"] = "1"
    return subprocess.run([sys.executable, "-m", "toolkit", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=900)


def test_the_hot_modules_are_typed():
    names = {name.rsplit(".", 1)[-1] for name in TYPED}
    assert {"state", "legal", "apply", "rules", "agents", "observe"} <= names
    for name in ("state", "legal", "agents"):  # typed by an augmenting .pxd
        assert (ROOT / "toolkit/games/nanhuang2" / f"{name}.pxd").is_file()


@needs_build
def test_compiled_and_pure_python_write_the_same_records(tmp_path):
    out = {}
    for pure in (False, True):
        folder = tmp_path / ("pure" if pure else "compiled")
        done = _run(["simulate", str(PROJECT), "-n", "60", "--workers", "1", "--seed", "11",
                     "--out", str(folder), "-q"], pure)
        assert done.returncode == 0, done.stderr
        if not pure:  # every typed module compiled and current: nothing to say of them
            assert "nanhuang2" not in done.stderr, done.stderr
        out[pure] = {name: (folder / name).read_bytes()
                     for name in ("games.jsonl", "report.json")}
    assert out[False]["games.jsonl"] == out[True]["games.jsonl"]
    assert out[False]["report.json"] == out[True]["report.json"]


@pytest.mark.slow
@needs_build
def test_the_rulings_and_invariants_hold_in_both_modes():
    lines = {}
    for pure in (False, True):
        done = _run(["check", str(PROJECT)], pure)
        assert done.returncode == 0, done.stdout + done.stderr
        summary = [line for line in done.stdout.splitlines() if "rulings:" in line]
        assert summary and "0 failed" in summary[0] and "0 invariant violations" in summary[0]
        lines[pure] = re.sub(r"[\d.]+ games/s", "", summary[0])
    assert lines[False] == lines[True]
