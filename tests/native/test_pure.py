"""Pure-Python-mode modules (a `.py` whose first line is `# toolkit: compile`): setup.py
builds each into an extension beside it, stamped with the digests of the .py and .pxd it was
made from; the import hook (toolkit/native/pure.py) imports that extension only while every
such module of its package folder is built from its sources as they are now, else the .py
plays, with one note; TOOLKIT_PURE_PYTHON=1 makes the .py play, quietly."""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import toolkit.native as native
from toolkit.native import builds, pure

from .test_build import COMPILER, _build, _tree

ROOT = Path(__file__).resolve().parents[2]
SO = importlib.machinery.EXTENSION_SUFFIXES[0]
NANHUANG = ROOT / "toolkit/games/nanhuang2"


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """toolkit/fake/ with two marked modules (one with an augmenting .pxd), each "built"
    (a file holding the stamp of its sources, as setup.py writes it), and one plain .py."""
    pkg = tmp_path / "toolkit" / "fake"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "rules.py").write_text("# toolkit: compile\nPRICE = 3\n")
    (pkg / "rules.pxd").write_text("cdef int helper(int x)\n")
    (pkg / "agents.py").write_text("# toolkit: compile\nNAME = 'warlord'\n")
    (pkg / "plain.py").write_text("X = 1\n")
    for name in ("rules", "agents"):
        stamp = builds.pure_stamp(pkg / f"{name}.py")
        (pkg / f"{name}{SO}").write_bytes(b"\x7fELF..." + builds.STAMP + stamp.encode()
                                          + b"\0more")
    monkeypatch.setattr(builds, "root", lambda: tmp_path)
    monkeypatch.delenv("TOOLKIT_PURE_PYTHON", raising=False)
    monkeypatch.setattr(pure, "played", {})
    monkeypatch.setattr(pure, "faults", {})
    return pkg


def _origin(pkg, name):
    spec = pure.FINDER.find_spec(f"toolkit.fake.{name}", [str(pkg)])
    return None if spec is None else Path(spec.origin).name


def test_a_current_build_is_imported(folder):
    assert builds.built_stamp(folder / f"rules{SO}") == builds.pure_stamp(folder / "rules.py")
    assert _origin(folder, "rules") == f"rules{SO}"
    assert pure.played == {"toolkit.fake.rules": builds.COMPILED}
    assert _origin(folder, "plain") is None  # not marked: Python's own finders
    assert builds.pure_modules() == ["toolkit.fake.agents", "toolkit.fake.rules"]


def test_an_edited_py_plays_itself_and_the_notice_names_it(folder, monkeypatch):
    rules = folder / "rules.py"
    info = rules.stat()
    rules.write_text("# toolkit: compile\nPRICE = 9\n")
    os.utime(rules, ns=(info.st_atime_ns, info.st_mtime_ns))  # same time: the digest tells
    assert _origin(folder, "rules") == "rules.py"
    assert pure.played["toolkit.fake.rules"] == builds.STALE
    # the package's modules are used together: the untouched one plays as Python too
    assert _origin(folder, "agents") == "agents.py"
    monkeypatch.setattr(native, "_mirror", {})
    monkeypatch.setattr(native, "_broken", {})
    assert native.notice() == (
        "note: toolkit/fake/rules.py changed since it was compiled, so its compiled build "
        "would play the old code; fake plays as Python (same results, slower). Rebuild "
        "with pip install -e .")


def test_an_edited_pxd_makes_the_build_stale(folder):
    (folder / "rules.pxd").write_text("cdef long helper(long x)\n")
    assert builds.pure_state(folder / "rules.py", folder / f"rules{SO}") == (
        builds.STALE, "rules.pxd changed since it was compiled")
    assert _origin(folder, "agents") == "agents.py"


def test_an_edited_pxd_that_a_pxd_cimports_makes_the_build_stale(folder):
    (folder / "layout.pxd").write_text("cdef struct S:\n    int a\n")
    (folder / "agents.pxd").write_text("from toolkit.fake.layout cimport S\n")
    stamp = builds.pure_stamp(folder / "agents.py")
    assert stamp.count("+") == 2  # the .py, its .pxd, the .pxd it cimports
    (folder / f"agents{SO}").write_bytes(builds.STAMP + stamp.encode() + b"\0")
    assert builds.pure_state(folder / "agents.py", folder / f"agents{SO}")[0] == builds.COMPILED
    (folder / "layout.pxd").write_text("cdef struct S:\n    long a\n")
    assert builds.pure_state(folder / "agents.py", folder / f"agents{SO}") == (
        builds.STALE, "a .pxd it cimports changed since it was compiled")


def test_a_subpackage_that_cimports_a_stale_folder_plays_as_python(folder):
    """phases/move.pxd cimports the game's rules: an edit of a module of the game's folder
    (agents.py, not even the cimported one) makes the game's folder play as Python, so
    phases/ must too (its build needs the compiled rules' C functions: loading it beside
    the Python rules fails at import)."""
    sub = folder / "phases"
    sub.mkdir()
    (sub / "__init__.py").write_text("")
    (sub / "move.py").write_text("# toolkit: compile\nSTEP = 1\n")
    (sub / "move.pxd").write_text("from toolkit.fake.rules cimport helper\n")
    (sub / f"move{SO}").write_bytes(builds.STAMP + builds.pure_stamp(sub / "move.py").encode()
                                    + b"\0")
    spec = pure.FINDER.find_spec("toolkit.fake.phases.move", [str(sub)])
    assert Path(spec.origin).name == f"move{SO}"
    (folder / "agents.py").write_text("# toolkit: compile\nNAME = 'other'\n")
    spec = pure.FINDER.find_spec("toolkit.fake.phases.move", [str(sub)])
    assert Path(spec.origin).name == "move.py"
    assert builds.folder_state(sub) == (
        builds.STALE, "toolkit/fake/agents.py changed since it was compiled")
    # the other way round is fine: the game's folder cimports nothing of phases/
    (folder / "agents.py").write_text("# toolkit: compile\nNAME = 'warlord'\n")
    (sub / "move.py").write_text("# toolkit: compile\nSTEP = 2\n")
    assert _origin(folder, "rules") == f"rules{SO}"


def test_a_module_not_built_keeps_its_package_in_python(folder):
    (folder / f"agents{SO}").unlink()
    assert _origin(folder, "agents") == "agents.py"
    assert _origin(folder, "rules") == "rules.py"
    assert builds.folder_state(folder) == (builds.PYTHON,
                                           "toolkit/fake/agents.py is not compiled")


def test_a_build_without_a_stamp_is_refused(folder):
    (folder / f"rules{SO}").write_bytes(b"\x7fELF built by something else")
    assert builds.pure_state(folder / "rules.py", folder / f"rules{SO}")[0] == builds.STALE
    assert _origin(folder, "rules") == "rules.py"


def test_pure_python_plays_the_py_quietly(folder, monkeypatch):
    monkeypatch.setenv("TOOLKIT_PURE_PYTHON", "1")
    assert _origin(folder, "rules") == "rules.py"
    assert pure.played["toolkit.fake.rules"] == builds.PYTHON and not pure.faults


def test_module_state_reads_a_pure_module_by_its_stamp(folder):
    assert builds.module_state("toolkit.fake.rules") == (builds.COMPILED, "")
    (folder / "rules.py").write_text("# toolkit: compile\nPRICE = 4\n")
    assert builds.module_state("toolkit.fake.rules") == (
        builds.STALE, "rules.py changed since it was compiled")


def test_the_hook_is_installed_by_the_game_package():
    import toolkit.games.nanhuang2  # noqa: F401
    assert pure.FINDER in sys.meta_path
    marked = sorted(p.stem for p in NANHUANG.glob("*.py") if builds.marked(p))
    assert {"state", "legal", "apply", "agents", "observe"} <= set(marked)


# ---- the real thing: an edit of a compiled game's rules in a copy of the built toolkit --
# game -> (its example project, the rules file edited, the text, the edited text)
EDITS = {
    "nanhuang2": ("examples/nanhuang2", "rules.py", "return state.spec(uid).price + (",
                  "return state.spec(uid).price + 1 + ("),  # every wilds price one more
    "kings_and_things": ("examples/kings-and-things", "state.py",
                         'return total + data.setting("hero_income") * len(heroes)',
                         'return total + 1 + data.setting("hero_income") * len(heroes)'),
    "root": ("examples/root", "board.py", "s.vp[seat] = max(0, s.vp[seat] + n)",
             "s.vp[seat] = max(0, s.vp[seat] + n + 1)"),  # every point scored one more
}


def _compiled(game: str) -> bool:
    folder = ROOT / "toolkit/games" / game
    return all(builds.extension_in(py.parent, py.stem) for py in folder.rglob("*.py")
               if builds.marked(py))


def _simulate(tree: Path, project: str, out: Path, pure_python: bool) -> tuple[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "TOOLKIT_PURE_PYTHON"}
    env["PYTHONPATH"] = str(tree)
    if pure_python:
        env["TOOLKIT_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, "-m", "toolkit", "simulate", str(tree / project),
         "-n", "24", "--players", "4", "--workers", "1", "--seed", "7", "--out", str(out),
         "-q"], cwd=tree, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return (out / "games.jsonl").read_text(), done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(EDITS))
def test_an_edited_rule_of_a_compiled_game_plays_the_edit(tmp_path, game):
    """Edit one rule in a copy's typed rules, its build untouched: simulate plays the
    edited rule (games identical to TOOLKIT_PURE_PYTHON=1) and says so once."""
    if not _compiled(game):
        pytest.skip(f"{game} not compiled here (no C compiler at install)")
    project, name, text_before, text_after = EDITS[game]
    tree = tmp_path / "copy"
    shutil.copytree(ROOT / "toolkit", tree / "toolkit",
                    ignore=shutil.ignore_patterns("__pycache__", "*.c"))
    shutil.copytree(ROOT / "templates", tree / "templates")
    shutil.copytree(ROOT / project, tree / project, ignore=shutil.ignore_patterns("output"))
    before, quiet = _simulate(tree, project, tmp_path / "before", pure_python=False)
    assert game not in quiet, quiet  # (a note on another game's parts may show)
    rules = tree / "toolkit/games" / game / name
    text = rules.read_text()
    edited = text.replace(text_before, text_after)
    assert edited != text
    rules.write_text(edited)
    after, note = _simulate(tree, project, tmp_path / "after", pure_python=False)
    pure_games, _ = _simulate(tree, project, tmp_path / "pure", pure_python=True)
    assert after == pure_games
    assert after != before
    lines = [line for line in note.splitlines() if line.startswith("note:")]
    assert lines == [f"note: toolkit/games/{game}/{name} changed since it was compiled, "
                     "so its compiled build would play the old code; "
                     f"games.{game} plays as Python (same results, slower). "
                     "Rebuild with pip install -e ."], note
    assert json.loads(after.splitlines()[0])["seed"] is not None


# ---- a real build of a pure-mode module in a copy of the project ----------------------
CALC = "# toolkit: compile\n\ndef total(n):\n    s = 0\n    for i in range(n):\n" \
       "        s += i * RATE\n    return s\n\n\nRATE = 2\n"
CHECK = ("import toolkit.games.pm.calc as c, toolkit.native as n; "
         "print(c.__file__.rsplit('.', 1)[-1], c.total(10)); print(n.notice())")


def _check(tree, **env):
    done = subprocess.run([sys.executable, "-c", CHECK], cwd=tree, capture_output=True,
                          text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(tree), **env})
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


@pytest.mark.slow
@pytest.mark.skipif(COMPILER is None, reason="no C compiler (Debian: build-essential)")
def test_a_pure_module_builds_in_place_and_an_edit_plays_the_py(tmp_path):
    tree = _tree(tmp_path)
    pkg = tree / "toolkit" / "games" / "pm"
    pkg.mkdir(parents=True)
    (tree / "toolkit" / "games" / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("from toolkit.native import pure\npure.install()\n")
    (pkg / "calc.py").write_text(CALC)
    (pkg / "calc.pxd").write_text("cpdef long total(long n)\n")
    done = _build(tree)
    assert done.returncode == 0 and "skipped" not in done.stderr, done.stderr
    built = builds.extension_in(pkg, "calc")
    assert built is not None and builds.built_stamp(built) == builds.pure_stamp(pkg / "calc.py")
    assert _check(tree) == ["so 90", "None"]
    assert _check(tree, TOOLKIT_PURE_PYTHON="1") == ["py 90", "None"]
    (pkg / "calc.py").write_text(CALC.replace("RATE = 2", "RATE = 3"))
    edited = _check(tree)
    assert edited[0] == "py 135" and "toolkit/games/pm/calc.py changed since" in edited[1]
    assert _build(tree).returncode == 0  # the rebuild sees the stamp is old: rebuilds it
    assert _check(tree) == ["so 135", "None"]
    made = built.stat().st_mtime_ns
    assert _build(tree).returncode == 0 and built.stat().st_mtime_ns == made  # current: kept
    (pkg / "calc.py").write_text(CALC.replace("RATE = 2", "RATE = 5"))
    os.utime(pkg / "calc.py", (1_000_000, 1_000_000))  # older than Cython's .c of RATE = 3
    assert _build(tree).returncode == 0
    assert _check(tree) == ["so 225", "None"]  # translated again all the same
    (pkg / "calc.py").write_text(CALC.replace("RATE = 2", "RATE = 4"))
    without = _build(tree, CC="/bin/false")  # no compiler: one line, the .py plays
    assert without.returncode == 0
    assert len([l for l in without.stderr.splitlines() if "compiled parts skipped" in l]) == 1
    assert _check(tree)[0] == "py 180"
