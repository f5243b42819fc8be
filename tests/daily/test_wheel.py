"""A built wheel, installed into a fresh venv outside the checkout, runs `toolkit new`,
`validate` and `build`: templates, icons and the bundled game travel as package data.

The venv has no pip and no network: the wheel goes in with this venv's pip (`--python`,
`--no-index --no-deps`) and the dependencies come from this venv's site-packages through a
.pth file (plain paths in a .pth are not scanned for further .pth files, so the editable
install of the checkout stays out of sight)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _sh(*args, cwd, env=None, timeout=300):
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout)
    assert done.returncode == 0, f"{args}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    import wheel  # noqa: F401 - a test dependency (pyproject [test]); missing is a failure
    base = tmp_path_factory.mktemp("wheel")
    source = base / "source"  # a clean copy: no stale build/ of earlier runs in the wheel
    shutil.copytree(REPO, source, ignore=shutil.ignore_patterns(
        ".venv", "venv", ".git", "output", "build", "dist", "*.egg-info", "__pycache__",
        "tests", "bench", ".cache", ".pytest_cache", ".hypothesis"))
    dist = base / "dist"
    _sh(sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps",
        "--no-index", "-q", "-w", dist, source, cwd=base)
    wheel = next(dist.glob("card_toolkit-*.whl"))
    venv = base / "venv"
    _sh(sys.executable, "-m", "venv", "--without-pip", venv, cwd=base)
    python = venv / "bin" / "python"
    _sh(sys.executable, "-m", "pip", "--python", python, "install", "--no-index",
        "--no-deps", "-q", wheel, cwd=base)
    site = Path(_sh(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])",
                    cwd=base).strip())
    (site / "deps_from_the_test_venv.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return venv, wheel


def test_the_wheel_carries_the_data(installed):
    import zipfile

    names = set(zipfile.ZipFile(installed[1]).namelist())
    for name in ("toolkit/bundled/cards/game.yaml", "toolkit/bundled/cards/rulings/cards.yaml",
                 "toolkit/new/templates/blank/rules/__init__.py",
                 "toolkit/new/templates/blank/templates/cards/playing_card.html.j2"):
        assert name in names, name
    assert any(n.startswith("toolkit/bundled/templates/") and n.endswith(".css") for n in names)
    assert any(n.endswith(".svg") for n in names)  # icons
    assert any(n.startswith("toolkit/bundled/templates/fonts/") for n in names)
    assert "toolkit/bundled/examples/root_clearings/cards/game.yaml" in names


def test_new_validate_build_from_the_installed_wheel(installed, tmp_path):
    venv = installed[0]
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    toolkit = venv / "bin" / "toolkit"
    where = _sh(venv / "bin" / "python", "-c", "import toolkit; print(toolkit.__file__, "
                "toolkit.BUNDLED_PROJECT)", cwd=tmp_path, env=env)
    assert str(REPO) not in where and str(venv) in where
    _sh(toolkit, "new", "game", cwd=tmp_path, env=env)
    assert _sh(toolkit, "validate", "game", cwd=tmp_path, env=env).strip() == "no problems found"
    out = _sh(toolkit, "build", "game", cwd=tmp_path, env=env)  # new trusted it
    assert "cards-1up.pdf" in out
    assert max(p.stat().st_size for p in (tmp_path / "game" / "output").rglob("*.pdf")) > 10_000
    out = _sh(toolkit, "list", "--example", cwd=tmp_path, env=env)
    assert "hero" in out


@pytest.mark.parametrize("args, expected", [
    ("simulate -n 10 --seed 1", "report.html"),
    ("check -n 2", "0 failed"),
    ("replay --seed 2", "trick 5"),
    ("export --kind playing_card --format csv", "20 cards"),
    ("schema", ".schemas"),
    ("check --example --rulings-only", "OK"),
    ("build --example --only rumor", "cards-1up.pdf"),
    ("new ../other --template root_clearings", "created"),
])
def test_every_command_from_the_installed_wheel(installed, tmp_path, args, expected):
    venv = installed[0]
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    toolkit = venv / "bin" / "toolkit"
    _sh(toolkit, "new", "game", cwd=tmp_path, env=env)
    project = tmp_path if "--example" in args else tmp_path / "game"
    out = _sh(toolkit, *args.split(), cwd=project, env=env)
    assert expected in out, out
    if args.startswith("build --example"):  # never into the installed package
        assert list((tmp_path / "output").rglob("cards-1up.pdf"))
