"""setup.py builds every toolkit/**/*.pyx as an extension of the same dotted name, -O2 and
no -march=native; without a working compiler the build still succeeds and says so in one
line. (A fresh `pip install -e ".[test]"` of a copy of the tree was checked by hand: see
docs/performance.md, "Compiled parts".)"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
COMPILER = shutil.which((sysconfig.get_config_var("CC") or "cc").split()[0])


def _setup_module():
    spec = importlib.util.spec_from_file_location("toolkit_setup", REPO / "setup.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # not __main__: defines, does not run setup()
    return module


def test_every_pyx_and_marked_py_is_an_extension_of_its_dotted_name():
    extensions = {ext.name: ext for ext in _setup_module().native_extensions()}
    pyx = sorted(p.relative_to(REPO) for p in (REPO / "toolkit").rglob("*.pyx"))
    marked = sorted(p.relative_to(REPO) for p in (REPO / "toolkit").rglob("*.py")
                    if p.read_text(encoding="utf-8").startswith("# toolkit: compile\n"))
    assert marked, "no pure-Python-mode module found"
    assert sorted(extensions) == sorted(".".join(p.with_suffix("").parts)
                                        for p in pyx + marked)
    state = extensions["toolkit.games.nanhuang2.state"]
    assert state.sources == ["toolkit/games/nanhuang2/state.py"]
    mt = extensions["toolkit.native.mt"]
    assert mt.sources == ["toolkit/native/mt.pyx"]
    assert "-O2" in mt.extra_compile_args
    assert not any("march" in arg for arg in mt.extra_compile_args)


def _tree(tmp_path):
    """A minimal copy of the project: setup.py, pyproject.toml and the native package."""
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy2(REPO / name, tmp_path / name)
    (tmp_path / "toolkit").mkdir()
    shutil.copy2(REPO / "toolkit" / "__init__.py", tmp_path / "toolkit" / "__init__.py")
    shutil.copytree(REPO / "toolkit" / "native", tmp_path / "toolkit" / "native",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "*.c", "__pycache__"))
    return tmp_path


def _build(tree, **env):
    return subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
                          cwd=tree, capture_output=True, text=True, timeout=300,
                          env={**os.environ, **env})


@pytest.mark.slow
def test_without_a_compiler_the_build_succeeds_with_one_line(tmp_path):
    tree = _tree(tmp_path)
    done = _build(tree, CC="/bin/false")
    assert done.returncode == 0, done.stderr
    lines = [l for l in done.stderr.splitlines() if "compiled parts skipped" in l]
    assert len(lines) == 1 and "toolkit.native.mt" in lines[0], done.stderr
    assert "the Python engine will be used" in lines[0]
    assert not list((tree / "toolkit" / "native").glob("mt*.so"))
    strict = _build(tree, CC="/bin/false", TOOLKIT_NATIVE_STRICT="1")
    assert strict.returncode != 0


USER = """
from toolkit.native.mt cimport MT, mt_set_pystate, mt_random, mt_shuffle_int

def first_draws(state, int n):
    cdef MT m
    cdef int items[5]
    mt_set_pystate(&m, state)
    for i in range(5):
        items[i] = i
    mt_shuffle_int(&m, items, 5)
    return [items[i] for i in range(5)], [mt_random(&m) for _ in range(n)]
"""

CHECK_USER = """
import random
from toolkit.games.user import first_draws
rng = random.Random(2**70 + 1)
items = list(range(5))
got = first_draws(rng.getstate(), 3)
rng.shuffle(items)
assert got == (items, [rng.random() for _ in range(3)]), got
"""


@pytest.mark.slow
@pytest.mark.skipif(COMPILER is None, reason="no C compiler (Debian: build-essential)")
def test_a_build_places_an_importable_module_beside_the_pyx(tmp_path):
    tree = _tree(tmp_path)
    (tree / "toolkit" / "games").mkdir()  # another module cimporting the C stream
    (tree / "toolkit" / "games" / "__init__.py").write_text("")
    (tree / "toolkit" / "games" / "user.pyx").write_text(USER)
    done = _build(tree)
    assert done.returncode == 0 and "skipped" not in done.stderr, done.stderr
    check = subprocess.run(
        [sys.executable, "-c", "import random, toolkit.native.mt as m; "
         "print(m.__file__); assert m.Random(5).random() == random.Random(5).random()"],
        cwd=tree, capture_output=True, text=True, timeout=60,
        env={**os.environ, "PYTHONPATH": str(tree)})
    assert check.returncode == 0, check.stderr
    assert check.stdout.startswith(str(tree / "toolkit" / "native" / "mt."))
    user = subprocess.run([sys.executable, "-c", CHECK_USER], cwd=tree, capture_output=True,
                          text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(tree)})
    assert user.returncode == 0, user.stderr


def test_build_jobs_come_from_the_environment_or_the_cpus(monkeypatch):
    setup = _setup_module()
    monkeypatch.setenv("TOOLKIT_BUILD_JOBS", "3")
    assert setup.build_jobs(None) == 3
    monkeypatch.setenv("TOOLKIT_BUILD_JOBS", "many")
    with pytest.raises(SystemExit, match="TOOLKIT_BUILD_JOBS='many' is not a whole number"):
        setup.build_jobs(None)
    monkeypatch.delenv("TOOLKIT_BUILD_JOBS")
    assert setup.build_jobs(5) == 5  # build_ext -j 5
    assert setup.build_jobs(None) == len(os.sched_getaffinity(0))


def _halve(n):
    if n == 3:
        raise ValueError("three")
    return n // 2


@pytest.mark.parametrize("pool", ["ThreadPoolExecutor", "ProcessPoolExecutor"])
def test_in_parallel_keeps_the_order_and_each_failure_apart(pool):
    """One module failing leaves the others built: each item gets its result or its
    exception, in the items' order (processes: what Cython's translation runs in)."""
    setup = _setup_module()
    done = setup.in_parallel(getattr(setup, pool), 2, _halve, [8, 3, 6, 2])
    assert [result for result, _ in done] == [4, None, 3, 1]
    assert [type(exc).__name__ if exc else None for _, exc in done] == \
        [None, "ValueError", None, None]
    assert setup.in_parallel(getattr(setup, pool), 1, _halve, [3])[0][1].args == ("three",)


PACKAGE_CHECK = """
import toolkit.native as native
print(native.load_package("toolkit.games.pkg", "user"), native.package_state("toolkit.games.pkg"))
print(native.notice())
"""


@pytest.mark.slow
@pytest.mark.skipif(COMPILER is None, reason="no C compiler (Debian: build-essential)")
def test_a_module_cython_rejects_is_skipped_and_its_package_not_used(tmp_path):
    """Built in parallel: the good modules are built, the bad one is named in one line,
    and the package (whose other modules are built) is not used at all; strict fails."""
    tree = _tree(tmp_path)
    pkg = tree / "toolkit" / "games" / "pkg"
    pkg.mkdir(parents=True)
    (tree / "toolkit" / "games" / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "user.pyx").write_text(USER)
    (pkg / "bad.pyx").write_text("cdef int broken(:\n")
    done = _build(tree, TOOLKIT_BUILD_JOBS="2")
    assert done.returncode == 0, done.stderr
    lines = [l for l in done.stderr.splitlines() if "compiled parts skipped" in l]
    assert len(lines) == 1 and "toolkit.games.pkg.bad: Cython could not translate" in lines[0]
    assert list(pkg.glob("user*.so")) and not list(pkg.glob("bad*.so"))
    check = subprocess.run([sys.executable, "-c", PACKAGE_CHECK], cwd=tree, text=True,
                           capture_output=True, timeout=60,
                           env={**os.environ, "PYTHONPATH": str(tree)})
    assert check.returncode == 0, check.stderr
    first, notice = check.stdout.splitlines()
    assert first == "None python"
    assert "not built (games.pkg.bad)" in notice
    strict = _build(tree, TOOLKIT_BUILD_JOBS="2", TOOLKIT_NATIVE_STRICT="1")
    assert strict.returncode != 0


@pytest.mark.slow
@pytest.mark.skipif(COMPILER is None, reason="no C compiler (Debian: build-essential)")
def test_an_in_place_rebuild_keeps_what_is_current_and_redoes_what_depends_on_a_change(
        tmp_path):
    """`pip install -e .` again (or build_ext --inplace): a module built beside its .pyx
    and newer than it and every .pxd it reads is kept; a .pxd edit rebuilds its users."""
    tree = _tree(tmp_path)
    (tree / "toolkit" / "games").mkdir()
    (tree / "toolkit" / "games" / "__init__.py").write_text("")
    (tree / "toolkit" / "games" / "user.pyx").write_text(USER)
    (tree / "toolkit" / "games" / "other.pyx").write_text("def one():\n    return 1\n")
    assert _build(tree).returncode == 0
    built = {p.name.split(".")[0]: p for p in (tree / "toolkit").rglob("*.so")}
    assert sorted(built) == ["mt", "other", "user"]
    first = {name: p.stat().st_mtime_ns for name, p in built.items()}
    again = _build(tree)
    assert again.returncode == 0, again.stderr
    assert {name: p.stat().st_mtime_ns for name, p in built.items()} == first
    pxd = tree / "toolkit" / "native" / "mt.pxd"
    os.utime(pxd, (first["mt"] / 1e9 + 5, first["mt"] / 1e9 + 5))
    assert _build(tree).returncode == 0
    now = {name: p.stat().st_mtime_ns for name, p in built.items()}
    assert now["mt"] > first["mt"] and now["user"] > first["user"]  # both read mt.pxd
    assert now["other"] == first["other"]
