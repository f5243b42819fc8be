"""A package of compiled modules that cimport each other (the Caravans core) is used whole
or not at all: one module not built, or older than its .pyx or than a .pxd it reads
(transitively), and toolkit.native.load_package answers None, with one line saying why."""

from __future__ import annotations

import importlib.machinery
import os
import sys

import pytest

import toolkit.native as native
from toolkit.native import builds

SO = importlib.machinery.EXTENSION_SUFFIXES[0]
PACKAGE = "toolkit.fake"
FILES = {
    "toolkit/fake/layout.pxd": "cdef struct S:\n    int a\n",  # structs only: no module
    "toolkit/fake/a.pxd": "from toolkit.fake.layout cimport *\ncdef int f(S* s) noexcept\n",
    "toolkit/fake/a.pyx": "from libc.string cimport memset\ncdef int f(S* s) noexcept:\n"
                          "    return s.a\n",
    "toolkit/fake/b.pxd": "from .a cimport f\n",
    "toolkit/fake/b.pyx": "from toolkit.fake cimport (a,\n    layout)\n"
                          "from toolkit.native.mt cimport MT  # the C stream\n",
    "toolkit/native/mt.pxd": "cdef struct MT:\n    int i\n",
    "toolkit/native/mt.pyx": "",
}
BUILT = ("toolkit/fake/a", "toolkit/fake/b", "toolkit/native/mt")


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """A toolkit folder with the package `toolkit.fake`, every module built after its
    sources."""
    for rel, text in FILES.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        os.utime(path, (1_000_000, 1_000_000))
    for rel in BUILT:
        (tmp_path / (rel + SO)).write_bytes(b"")
        os.utime(tmp_path / (rel + SO), (1_000_100, 1_000_100))
    monkeypatch.setattr(builds, "root", lambda: tmp_path)
    monkeypatch.setattr(native, "_loaded", {})
    monkeypatch.setattr(native, "_packages", {})
    monkeypatch.setattr(native, "_broken", {})
    monkeypatch.setattr(native, "declared", lambda: [])  # only what load_package saw
    monkeypatch.delenv("TOOLKIT_PURE_PYTHON", raising=False)
    return tmp_path


def test_cimports_are_read_in_every_form(tree):
    assert builds.cimports(tree / "toolkit/fake/b.pyx", "toolkit.fake.b") == {
        "toolkit.fake.a", "toolkit.fake.layout", "toolkit.native.mt"}
    assert builds.cimports(tree / "toolkit/fake/b.pxd", "toolkit.fake.b") == {"toolkit.fake.a"}
    assert builds.cimports(tree / "toolkit/fake/a.pyx", "toolkit.fake.a") == set()  # libc
    deps = builds.dependencies("toolkit.fake.b")
    assert sorted(deps) == ["toolkit.fake.a", "toolkit.fake.b", "toolkit.fake.layout",
                            "toolkit.native.mt"]
    # the modules the package needs: its own .pyx and the compiled ones they cimport
    assert builds.package_modules(PACKAGE) == ["toolkit.fake.a", "toolkit.fake.b",
                                               "toolkit.native.mt"]


def test_a_package_fully_built_and_current_is_used(tree):
    assert native.package_state(PACKAGE) == "compiled"
    assert native.notice() is None


def test_one_module_not_built_keeps_the_whole_package_out(tree):
    (tree / ("toolkit/fake/a" + SO)).unlink()
    assert native.load_package(PACKAGE, "b") is None
    assert "toolkit.fake.b" not in sys.modules  # nothing was imported
    states = dict(native.status())
    assert states["toolkit.fake.a"] == "python" and states["toolkit.fake.b"] == "compiled"
    line = native.notice()
    assert "not built (fake.a)" in line and "\n" not in line


def test_a_pxd_edited_after_the_build_makes_its_users_stale(tree):
    """layout.pxd has no module of its own; a.pxd cimports it and b cimports a: both
    were compiled against the old struct, so neither may run."""
    os.utime(tree / "toolkit/fake/layout.pxd", (1_000_200, 1_000_200))
    assert native.load_package(PACKAGE, "b") is None
    assert native.package_state(PACKAGE) == "stale"
    states = dict(native.status())
    assert states["toolkit.fake.a"] == states["toolkit.fake.b"] == "stale"
    assert states["toolkit.native.mt"] == "compiled"
    line = native.notice()
    assert "older than their source (fake.a, fake.b)" in line and "\n" not in line
    assert builds.module_state("toolkit.fake.b")[1] == "layout.pxd is newer than the build"


def test_a_module_the_package_cimports_from_elsewhere_counts_too(tree):
    os.utime(tree / "toolkit/native/mt.pyx", (1_000_200, 1_000_200))
    assert native.package_state(PACKAGE) == "stale"
    assert dict(native.status())["toolkit.native.mt"] == "stale"


def test_a_source_newer_by_less_than_the_margin_is_not_stale(tree):
    """A wheel's installer may write a .pyx a moment after the .so."""
    os.utime(tree / "toolkit/fake/a.pyx", (1_000_101, 1_000_101))
    assert native.package_state(PACKAGE) == "compiled"


def test_a_built_module_that_does_not_import_falls_back_with_one_line(tree):
    assert native.load_package(PACKAGE, "b") is None  # empty .so files: no such module
    line = native.notice()
    assert line.startswith("note: compiled part fake.b does not load (") and "\n" not in line


def test_pure_python_keeps_the_package_out_and_quiet(tree, monkeypatch):
    monkeypatch.setenv("TOOLKIT_PURE_PYTHON", "1")
    assert native.load_package(PACKAGE, "b") is None
    assert native.package_state(PACKAGE) == "python"
    assert native.notice() is None


def test_the_caravans_core_is_checked_whole(monkeypatch):
    """The real core: every core/*.pyx and toolkit.native.mt are required."""
    monkeypatch.setattr(native, "_packages", {})
    monkeypatch.setattr(native, "_loaded", {})
    monkeypatch.delenv("TOOLKIT_PURE_PYTHON", raising=False)
    core = "toolkit.games.caravans.core"
    needed = builds.package_modules(core)
    folder = builds.source(core, "")
    assert {f"{core}.{p.stem}" for p in folder.glob("*.pyx")} | {"toolkit.native.mt"} \
        == set(needed)
    states = builds.package_states(core)
    if all(state == "compiled" for state, _ in states.values()):
        module = native.load_package(core, "loop")
        assert module is not None and module.__name__ == f"{core}.loop"
