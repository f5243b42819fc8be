"""`toolkit build --watch`: a warm process writes what a fresh process writes, the print
files are written by two processes at once, and the garbage collector waits for the
report."""

from __future__ import annotations

import gc
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from toolkit.errors import RenderError
from toolkit.render.html import Html
from toolkit.render.runtime import run_tasks
from toolkit.render.watch import watch_builds

from .conftest import build_with_cache, copy_project

ROOT = Path(__file__).resolve().parents[2]
ONLY = frozenset({"rumor", "board"})
FRESH_BUILD = """
import sys
from pathlib import Path
from toolkit.render.build import build
from toolkit.render.options import BuildOptions
build(Path(sys.argv[1]), BuildOptions(out=Path(sys.argv[2]), only=frozenset(sys.argv[3:]),
                                      workers=1, progress=False))
"""


def _pdfs(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.pdf"))}


def test_a_warm_edit_writes_the_bytes_a_fresh_process_writes(tmp_path):
    project, out = copy_project(tmp_path), tmp_path / "out"
    first = build_with_cache(project, out, only=ONLY)  # warms this process
    rumors = project / "cards" / "rumors.yaml"
    rumors.write_text(rumors.read_text().replace("name: {en: ", "name: {en: A ", 1))
    warm = build_with_cache(project, out, only=ONLY, workers=2)
    assert warm.rendered == 1 and warm.sizes["print-cards-duplex.pdf"]
    folder = warm.outputs["print-cards-duplex"].parent
    written = _pdfs(folder)
    assert set(written) == {"print-one-sided.pdf", "print-cards-duplex.pdf",
                            "print-cards-fold.pdf", "cards-1up.pdf"}
    assert written["cards-1up.pdf"] != b"" and first.sizes
    manifest = json.loads((folder / "build.json").read_text())  # both processes' files
    assert manifest["files"] == {n: hashlib.sha256(b).hexdigest() for n, b in written.items()}
    assert warm.sizes == {n: len(b) for n, b in written.items()}
    for name in written:  # the same content and cache, imposed anew by a fresh process
        (folder / name).unlink()
    (folder / ".print-files.json").unlink()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-c", FRESH_BUILD, str(project), str(out), *ONLY],
                   check=True, env=env, cwd=ROOT, timeout=300)
    assert _pdfs(folder) == written


def test_tasks_run_at_once_and_return_in_order():
    parent = os.getpid()
    pids = run_tasks([os.getpid, os.getpid, lambda: "third"])
    assert pids[0] == parent and pids[1] != parent and pids[2] == "third"
    assert run_tasks([os.getpid, os.getpid], parallel=False) == [parent, parent]


def test_a_task_that_cannot_fork_runs_here(monkeypatch):
    def no_fork():
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", no_fork)
    assert run_tasks([lambda: 1, os.getpid]) == [1, os.getpid()]


def test_a_process_with_other_threads_does_not_fork():
    import threading

    stop = threading.Event()
    other = threading.Thread(target=stop.wait, daemon=True)
    other.start()
    try:
        assert run_tasks([os.getpid, os.getpid]) == [os.getpid()] * 2
    finally:
        stop.set()
        other.join()


def test_a_failing_task_fails_the_build_as_it_would_in_one_process(tmp_path):
    done = tmp_path / "done"

    def fail():
        raise RenderError("cannot write 'x.pdf': disk full", file="cards/x.yaml", hint="free")

    def first():
        done.write_text("yes")  # the other tasks still run to their end
        return 1

    with pytest.raises(RenderError) as caught:
        run_tasks([first, fail])
    assert str(caught.value) == "cards/x.yaml: error: cannot write 'x.pdf': disk full (free)"
    assert done.read_text() == "yes"

    def interrupted():
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_tasks([lambda: 1, interrupted])

    with pytest.raises(RenderError, match="ended without a result"):
        run_tasks([lambda: 1, lambda: os._exit(9)])  # a child killed before it reports


def test_the_watch_collects_garbage_after_reporting_not_while_building():
    seen = []

    def build():
        seen.append(("build", gc.isenabled()))
        return "result"

    def report(result):
        seen.append(("report", gc.isenabled()))

    assert gc.isenabled()
    runs = watch_builds(build, report, lambda line: None, iter([{"change"}]))
    assert runs == 2 and seen == [("build", False), ("report", False)] * 2
    assert gc.isenabled()


def test_a_settled_file_is_read_again_only_when_it_changes(tmp_path, monkeypatch):
    from toolkit.render import cache

    path = tmp_path / "style.css"
    path.write_text("a { color: red }")
    old = path.stat().st_mtime - 60
    os.utime(path, (old, old))
    fresh = tmp_path / "icon.svg"
    fresh.write_text("<svg/>")
    cache.file_digest(fresh)
    assert str(fresh) not in cache._DIGESTS  # modified just now: never remembered
    monkeypatch.setattr(cache, "SETTLED", -60.0)  # as if both were written long ago
    first = cache.file_digest(path)
    reads = []
    real_open = open
    monkeypatch.setattr("builtins.open", lambda *a, **k: reads.append(a[0]) or real_open(*a, **k))
    assert cache.file_digest(path) == first and not reads
    monkeypatch.setattr("builtins.open", real_open)
    path.write_text("a { color: tan }")  # the same size, the same mtime set back
    os.utime(path, (old, old))
    assert cache.file_digest(path) != first  # its ctime moved on: read again


def test_a_template_edited_in_a_warm_process_renders_anew(tmp_path):
    project = tmp_path / "p"
    (project / "templates").mkdir(parents=True)
    page = project / "templates" / "page.html.j2"
    page.write_text("one {{ x }}")
    assert Html(project, "en").render("page.html.j2", "a page", x=1) == "one 1"
    page.write_text("two {{ x }}")  # same size, maybe the same mtime: the text decides
    assert Html(project, "en").render("page.html.j2", "a page", x=1) == "two 1"


def test_a_failed_watch_build_prints_its_problems_and_warnings_come_once():
    """The watch says what is wrong (every problem's file:line, as validate does), not only
    `error: content is invalid:`; a warning printed by an earlier build is counted."""
    from dataclasses import dataclass, field

    from toolkit.errors import ContentError

    @dataclass
    class Result:
        warnings: list = field(default_factory=list)

    problems = ["cards/potions.yaml:6:5: error: 'cost' is 99, allowed 0–10",
                "cards/potions.yaml:9:5: error: 'cost' is -1, allowed 0–10"]
    calls, reports, lines = [], [], []

    def build():
        calls.append(1)
        if len(calls) == 2:
            raise ContentError("content is invalid:\n" + "\n".join(problems)
                               + "\n2 errors, 0 warnings in 1 file")
        return Result(["warning: no icon 'quest'"] + (["warning: new"] if len(calls) == 3
                                                      else []))

    watch_builds(build, lambda r: reports.append(list(r.warnings)), lines.append,
                 iter([{"a"}, {"b"}]))
    assert lines[1:5] == ["error: content is invalid:", *problems,
                          "2 errors, 0 warnings in 1 file"]
    assert reports == [["warning: no icon 'quest'"], ["warning: new"]]
    assert "1 warning as before" in lines


def test_a_long_list_of_problems_is_cut_with_a_count():
    from toolkit.errors import ContentError
    from toolkit.render.watch import problem_lines

    exc = ContentError("content is invalid:\n" + "\n".join(f"cards/a.yaml:{i}: error: x"
                                                          for i in range(1, 101))
                       + "\n100 errors, 0 warnings in 1 file")
    shown = problem_lines(exc, shown=10)
    assert len(shown) == 12 and shown[-1] == "100 errors, 0 warnings in 1 file"
    assert shown[-2] == "... and 91 more lines (toolkit validate lists all)"
