"""No project code runs anywhere, and compare's copies stay inside the project (issue #28).

- T03: a `multiprocessing/` folder in the project is never imported by worker processes
  (Dask's local cluster, the local fork server), with the project as the current folder.
- C06/C07: `compare` on git revisions runs no filter, fsmonitor, hook, textconv or pager
  named in the repository's own `.git/config`.
- C01/C02: `compare DIR DIR` refuses links to outside files or devices unread; C03 a
  revision's link out, even through a chain of links; C04 submodules are ignored.
- C05: a revision's blob over the cap is refused from its size, never read.
- M18/M21/M22: a `--scheduler` that is no Dask scheduler ends with one line, in bounded time.
"""

from __future__ import annotations

import http.server
import os
import shutil
import subprocess
import sys
import textwrap
import threading
import time
import tracemalloc
from pathlib import Path

import pytest

from toolkit.compare import snapshot
from toolkit.compare.versions import open_versions
from toolkit.content.validate import load_catalog
from toolkit.errors import UsageError
from toolkit.sim import dask_backend
from toolkit.worker_isolation import isolate_workers

REPO = Path(__file__).resolve().parents[2]
GAME = REPO / "examples" / "nanhuang2"
SMALL = REPO / "tests" / "fixtures" / "content" / "valid"

TRAP = textwrap.dedent('''\
    import importlib, os, sys
    with open(os.environ["TRAP_LOG"], "a") as log:
        log.write(f"project code ran in pid {os.getpid()}\\n")
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    del sys.modules["multiprocessing"]
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != here]
    sys.modules[__name__] = importlib.import_module("multiprocessing")
''')

# the toolkit's entry, from a script outside the project (so only workers could see it);
# with THREAD, a thread runs first, so local pools use the fork server (not fork)
ENTRY = textwrap.dedent('''\
    import os, sys, threading, time
    from toolkit.cli import main
    if __name__ == "__main__":
        if os.environ.get("THREAD"):
            threading.Thread(target=time.sleep, args=(60,), daemon=True).start()
        sys.argv = ["toolkit", *sys.argv[1:]]
        main()
''')


def _trapped_project(tmp_path: Path) -> tuple[Path, Path, dict]:
    project = tmp_path / "project"
    shutil.copytree(GAME / "cards", project / "cards")
    (project / "multiprocessing").mkdir()
    (project / "multiprocessing" / "__init__.py").write_text(TRAP)
    log = tmp_path / "ran.txt"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONSAFEPATH"}
    env["TRAP_LOG"] = str(log)
    return project, log, env


def _run_in(project: Path, env: dict, tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    entry = tmp_path / "entry" / "run_toolkit.py"
    entry.parent.mkdir(exist_ok=True)
    entry.write_text(ENTRY)
    return subprocess.run([sys.executable, str(entry), *args], cwd=project, env=env,
                          capture_output=True, text=True, timeout=240)


def test_t03_the_trap_is_armed(tmp_path):
    """A plain `python -c` in the project folder does import the project's module."""
    project, log, env = _trapped_project(tmp_path)
    subprocess.run([sys.executable, "-c", "import multiprocessing"], cwd=project, env=env,
                   check=True, timeout=60)
    assert "project code ran" in log.read_text()


def test_t03_dask_workers_do_not_import_the_project(tmp_path):
    project, log, env = _trapped_project(tmp_path)
    done = _run_in(project, env, tmp_path, "simulate", "-n", "2", "--backend", "dask",
                   "--workers", "1", "-q", "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out" / "report.json").is_file()
    assert not log.exists(), log.read_text()


def test_t03_fork_server_workers_do_not_import_the_project(tmp_path):
    project, log, env = _trapped_project(tmp_path)
    env["THREAD"] = "1"
    done = _run_in(project, env, tmp_path, "simulate", "-n", "4", "--workers", "2", "-q",
                   "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    assert not log.exists(), log.read_text()


def test_t03_compare_spawned_workers_do_not_import_the_project(tmp_path):
    project, log, env = _trapped_project(tmp_path)
    env["THREAD"] = "1"
    done = _run_in(project, env, tmp_path, "compare", ".", ".", "--max-games", "8",
                   "--workers", "2", "-q", "--out", str(tmp_path / "out"))
    assert done.returncode in (0, 3), done.stderr
    assert (tmp_path / "out" / "report.json").is_file()
    assert not log.exists(), log.read_text()


def test_isolate_workers_takes_the_current_folder_off_the_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", ["", str(tmp_path), *sys.path])
    monkeypatch.delenv("PYTHONSAFEPATH", raising=False)
    isolate_workers()
    assert os.environ["PYTHONSAFEPATH"] == "1"
    assert "" not in sys.path and str(tmp_path) not in sys.path
    assert any(Path(p, "toolkit").is_dir() or Path(p).name == "site-packages" for p in sys.path)


# --- git revisions -------------------------------------------------------------------------

def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c",
                           "user.email=t@example.com", "-c", "commit.gpgsign=false", *args],
                          capture_output=True, text=True, check=True).stdout


def _repo(tmp_path: Path) -> Path:
    top = tmp_path / "repo"
    shutil.copytree(SMALL / "cards", top / "cards")
    _git(top, "init", "-q")
    _git(top, "add", ".")
    _git(top, "commit", "-q", "-m", "one")
    return top


def _commit(top: Path, message: str = "next") -> None:
    _git(top, "add", "-A", ".")
    _git(top, "commit", "-q", "-m", message)


def test_c06_c07_nothing_the_repository_config_names_runs(tmp_path, monkeypatch):
    top = _repo(tmp_path)
    (top / ".gitattributes").write_text("cards/*.yaml filter=pretty diff=pretty\n")
    _commit(top)
    ran = tmp_path / "ran"
    command = f"sh -c 'echo ran >> {ran}; cat'"
    for key in ("filter.pretty.smudge", "filter.pretty.clean", "diff.pretty.textconv",
                "core.pager", "core.fsmonitor", "core.sshCommand"):
        _git(top, "config", key, command)
    hook = top / ".git" / "hooks" / "post-checkout"
    hook.write_text(f"#!/bin/sh\necho ran >> {ran}\n")
    hook.chmod(0o755)
    subprocess.run(["git", "-C", str(top), "archive", "HEAD", "cards"], capture_output=True,
                   check=True)
    assert ran.exists(), "the smudge filter should run under git archive"
    ran.unlink()
    subprocess.run(["git", "-C", str(top), "status"], capture_output=True, check=True)
    assert ran.exists(), "core.fsmonitor should run under git status"
    ran.unlink()
    monkeypatch.chdir(top)
    with open_versions("HEAD~1", "HEAD") as (base, cand):
        assert load_catalog(cand.root).heroes == load_catalog(base.root).heroes
        assert (cand.root / "cards" / "heroes.yaml").read_bytes() == \
            (SMALL / "cards" / "heroes.yaml").read_bytes()
    assert not ran.exists()


def test_c03_a_chain_of_links_out_of_a_revision_is_refused(tmp_path, monkeypatch):
    top = _repo(tmp_path)
    (tmp_path / "secret.yaml").write_text("cards: [{id: secret_from_outside}]\n")
    (top / "cards" / "up").symlink_to("..")       # inside: the project's top
    (top / "cards" / "leak.yaml").symlink_to("up/../../secret.yaml")
    _commit(top)
    monkeypatch.chdir(top)
    with pytest.raises(UsageError, match="'cards/leak.yaml', a link or path that leaves"):
        with open_versions("HEAD~1", "HEAD"):
            pass


def test_c04_inside_links_are_kept_and_submodules_ignored(tmp_path, monkeypatch):
    top = _repo(tmp_path)
    (top / "cards" / "again.yaml").symlink_to("heroes.yaml")
    head = _git(top, "rev-parse", "HEAD").strip()
    _git(top, "update-index", "--add", "--cacheinfo", f"160000,{head},cards/sub")
    _commit(top)
    monkeypatch.chdir(top)
    with open_versions("HEAD~1", "HEAD") as (_base, cand):
        assert (cand.root / "cards" / "again.yaml").is_symlink()
        assert (cand.root / "cards" / "again.yaml").read_text() == \
            (SMALL / "cards" / "heroes.yaml").read_text()
        assert not (cand.root / "cards" / "sub").exists()


def test_c05_a_blob_over_the_cap_is_refused_unread(tmp_path, monkeypatch):
    top = _repo(tmp_path)
    size = snapshot.MAX_FILE_BYTES + 1
    (top / "cards" / "huge.yaml").write_bytes(b"\0" * size)
    _commit(top)
    monkeypatch.chdir(top)
    tracemalloc.start()
    try:
        with pytest.raises(UsageError) as caught:
            with open_versions("HEAD~1", "HEAD"):
                pass
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    message = str(caught.value)
    assert f"'cards/huge.yaml': file is {size} bytes, over the" in message
    assert "\n" not in message
    assert peak < size // 2, f"{peak} bytes traced: the blob was read"


def test_c05_a_revision_over_the_total_cap_is_refused(tmp_path, monkeypatch):
    top = _repo(tmp_path)
    monkeypatch.setattr(snapshot, "MAX_TOTAL_BYTES", 4096)
    monkeypatch.chdir(top)
    with pytest.raises(UsageError, match="over 4096 bytes of content"):
        with open_versions("HEAD", "HEAD"):
            pass


# --- compare DIR DIR -----------------------------------------------------------------------

def _two_projects(tmp_path: Path) -> tuple[Path, Path]:
    a, b = tmp_path / "a", tmp_path / "b"
    shutil.copytree(SMALL / "cards", a / "cards")
    shutil.copytree(SMALL / "cards", b / "cards")
    return a, b


def test_c01_a_link_to_an_outside_file_is_refused_unread(tmp_path):
    a, b = _two_projects(tmp_path)
    secret = tmp_path / "outside.yaml"
    secret.write_text("cards:\n  - id: SECRET_TOKEN_from_outside_file_9f3a\n")
    (b / "cards" / "leak.yaml").symlink_to(secret)
    with pytest.raises(UsageError) as caught:
        with open_versions(str(a), str(b)):
            pass
    message = str(caught.value)
    assert "leak.yaml: a link to something outside the project" in message
    assert "SECRET_TOKEN" not in message and "\n" not in message


def test_c01_a_linked_folder_outside_is_refused(tmp_path):
    a, b = _two_projects(tmp_path)
    (tmp_path / "elsewhere").mkdir()
    (b / "agents").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(UsageError, match="agents: a link to something outside"):
        with open_versions(str(a), str(b)):
            pass


def test_c02_a_link_to_dev_zero_is_refused_at_once(tmp_path):
    a, b = _two_projects(tmp_path)
    (b / "cards" / "zero.yaml").symlink_to("/dev/zero")
    started = time.monotonic()
    with pytest.raises(UsageError) as caught:
        with open_versions(str(a), str(b)):
            pass
    assert time.monotonic() - started < 5
    assert "zero.yaml: a link to something outside the project" in str(caught.value)
    assert "\n" not in str(caught.value)


def test_c02_pipes_are_skipped_and_big_files_refused(tmp_path):
    a, b = _two_projects(tmp_path)
    os.mkfifo(b / "cards" / "pipe.yaml")               # would block a plain read
    (b / "cards" / "inside.yaml").symlink_to("heroes.yaml")
    with open_versions(str(a), str(b)) as (_base, cand):
        assert not (cand.root / "cards" / "pipe.yaml").exists()
        assert (cand.root / "cards" / "inside.yaml").read_text() == \
            (b / "cards" / "heroes.yaml").read_text()
        assert not (cand.root / "cards" / "inside.yaml").is_symlink()
    (b / "cards" / "big.yaml").write_bytes(b"#" * (snapshot.MAX_FILE_BYTES + 1))
    with pytest.raises(UsageError, match=r"big.yaml: file is \d+ bytes, over the \d+ byte cap"):
        with open_versions(str(a), str(b)):
            pass


def test_c04_folder_links_inside_the_project_are_followed_once(tmp_path):
    a, b = _two_projects(tmp_path)
    (b / "cards" / "loop").symlink_to("..")                 # the project's top: a loop
    (b / "notes").mkdir()
    (b / "notes" / "extra.yaml").write_text("# notes\n")
    (b / "cards" / "notes").symlink_to("../notes")
    (b / "output").mkdir()
    (b / "output" / "big.pdf").write_bytes(b"%" * (snapshot.MAX_FILE_BYTES + 1))
    with open_versions(str(a), str(b)) as (_base, cand):
        assert (cand.root / "cards" / "notes" / "extra.yaml").read_text() == "# notes\n"
        assert not (cand.root / "cards" / "loop").exists()
        assert not (cand.root / "output").exists()


# --- --scheduler ---------------------------------------------------------------------------

@pytest.mark.parametrize("address, expected", [
    ("inproc://nothing", "is not an address another process can reach"),
    ("ucx://127.0.0.1:1", "ucx:// needs the ucx-py package"),
    ("tcp://127.0.0.1", "give it as tcp://HOST:PORT"),
])
def test_m18_m21_unusable_scheduler_addresses(address, expected):
    with pytest.raises(UsageError, match=expected) as caught:
        dask_backend.shared_client(1, address)
    assert "\n" not in str(caught.value)


def test_m22_a_web_server_is_no_scheduler(monkeypatch):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    monkeypatch.setattr(dask_backend, "CONNECT_SECONDS", 1)
    address = f"tcp://127.0.0.1:{server.server_address[1]}"
    started = time.monotonic()
    try:
        with pytest.raises(UsageError, match="nothing there answered as a Dask scheduler"):
            dask_backend.shared_client(1, address)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)     # no thread left behind: later tests fork
    assert time.monotonic() - started < 10
