"""toolkit.native: compiled module or Python fallback, TOOLKIT_PURE_PYTHON, status and the
one-line notice that simulate/compare/check print when a compiled part is not built."""

from __future__ import annotations

import sys

import pytest
from click.testing import CliRunner

import toolkit.native as native


@pytest.fixture(autouse=True)
def fresh(monkeypatch):
    monkeypatch.setattr(native, "_loaded", {})
    monkeypatch.setattr(native, "_packages", {})
    monkeypatch.setattr(native, "_broken", {})
    monkeypatch.setattr(native, "_announced", False)
    monkeypatch.delenv("TOOLKIT_PURE_PYTHON", raising=False)


def test_a_missing_compiled_module_falls_back_and_says_so(monkeypatch):
    monkeypatch.setattr(native, "_built", lambda name: "compiled")  # every other one
    module = native.load("toolkit.native.not_built_here", "json")
    assert module is sys.modules["json"]
    assert ("toolkit.native.not_built_here", "python") in native.status()
    line = native.notice()
    assert "native.not_built_here" in line and "\n" not in line
    assert "build-essential python3-dev" in line


def test_pure_python_forces_every_fallback_and_stays_quiet(monkeypatch):
    monkeypatch.setenv("TOOLKIT_PURE_PYTHON", "1")
    assert native.load("toolkit.native.mt", "random") is sys.modules["random"]
    assert dict(native.status())["toolkit.native.mt"] == "python"
    assert native.notice() is None


def test_a_built_module_is_used():
    pytest.importorskip("toolkit.native.mt", reason="compiled parts not built")
    module = native.load("toolkit.native.mt", "random")
    assert module.__name__ == "toolkit.native.mt"
    assert dict(native.status())["toolkit.native.mt"] == "compiled"
    assert "native.mt" not in (native.notice() or "")


def test_status_lists_every_pyx_without_importing_it(monkeypatch):
    assert "toolkit.native.mt" in native.declared()
    monkeypatch.setattr(native, "_built",
                        lambda name: "python" if name == "toolkit.native.mt" else "compiled")
    assert dict(native.status())["toolkit.native.mt"] == "python"
    assert "native.mt" in native.notice()


def test_announce_prints_once(monkeypatch, capsys):
    monkeypatch.setattr(native, "_built", lambda name: "python")
    native.announce()
    native.announce()
    err = capsys.readouterr().err
    assert err.count("compiled parts not built") == 1 and err.count("\n") == 1


@pytest.mark.parametrize("command", ["check", "simulate", "compare"])
def test_the_commands_print_the_notice_on_stderr(monkeypatch, tmp_path, command):
    from toolkit.cli import cli

    monkeypatch.setattr(native, "_built", lambda name: "python")
    # a folder with no game.yaml: the command stops at once with its usual one-line error,
    # after the notice
    args = [command, str(tmp_path)] + (["-n", "1"] if command == "simulate" else [])
    result = CliRunner().invoke(cli, args)
    assert result.exit_code != 0
    assert result.stderr.count("compiled parts not built") == 1
    assert "compiled parts" not in result.stdout


def test_a_compiled_module_older_than_its_source_is_not_used(tmp_path, monkeypatch):
    """A .pyx edited after the build would run the old code: the fallback runs instead,
    and the notice says to rebuild."""
    import os
    import types
    built = tmp_path / "fast.cpython-311-x86_64-linux-gnu.so"
    built.write_bytes(b"")
    source = tmp_path / "fast.pyx"
    source.write_text("# edited\n")
    os.utime(built, (1_000_000, 1_000_000))
    fake = types.ModuleType("toolkit.native.fast")
    fake.__file__ = str(built)
    monkeypatch.setitem(sys.modules, "toolkit.native.fast", fake)
    assert native.load("toolkit.native.fast", "json") is sys.modules["json"]
    assert ("toolkit.native.fast", "stale") in native.status()
    assert "older than their source" in native.notice()
    os.utime(source, (0, 0))
    monkeypatch.setattr(native, "_loaded", {})
    assert native.load("toolkit.native.fast", "json") is fake
