"""A trusted project's typed rules module (first line `# toolkit: compile`) is compiled into
the per-user cache (toolkit/native/project_build.py) and plays the same games as its `.py`;
an edit plays the new rule, a build that cannot be made is one note and Python, an
untrusted project compiles nothing, and nothing is written into the project.

The project is the tutorial game (`toolkit new`'s blank template) with the rules package
of tests/fixtures/five_tricks_typed: its hot paths in rules/tricks.py, typed by
rules/tricks.pxd (`typed_tutorial`). Commands run in fresh processes (`python -m
toolkit`), each with the cache and the trust record in the test's own folder."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from toolkit.native import project_build
from toolkit.new.scaffold import create, create_project
from toolkit.trust import trust

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "five_tricks_typed"
NOTE = "is marked to compile but was not compiled"


@pytest.fixture
def env(tmp_path, monkeypatch):
    """The environment of the commands: a cache and a trust record of this test's own."""
    monkeypatch.setenv("CARD_TOOLKIT_TRUST_FILE", str(tmp_path / "trusted.json"))
    monkeypatch.setenv(project_build.ENV, str(tmp_path / "cache"))
    monkeypatch.delenv("TOOLKIT_PURE_PYTHON", raising=False)
    return {k: v for k, v in os.environ.items() if k != "TOOLKIT_PURE_PYTHON"}


def typed_tutorial(folder: Path) -> Path:
    """The tutorial project in `folder` with the fixture's typed rules package: the rules
    first, then the template's other files (cards, templates, icons) around them."""
    shutil.copytree(FIXTURE / "rules", folder / "rules",
                    ignore=shutil.ignore_patterns("__pycache__"))
    create_project(folder, "blank", force=True)
    return folder


@pytest.fixture
def game(tmp_path, env) -> Path:
    """A trusted copy of the typed tutorial game."""
    folder = typed_tutorial(tmp_path / "five_tricks")
    trust(folder)
    return folder


def files_of(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file of a project but its output folder: (size, mtime) by path."""
    return {p.relative_to(folder).as_posix(): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in folder.rglob("*") if p.is_file() and "output" not in p.parts}


def builds(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache" / "rules").glob(f"*/tricks*{project_build.SUFFIX}"))


def simulate(project: Path, out: Path, env: dict, *extra: str, pure: bool = False,
             **more: str) -> tuple[list[str], str]:
    """(games.jsonl lines, stderr) of `toolkit simulate` in a fresh process."""
    command = [sys.executable, "-m", "toolkit", "simulate", str(project), "-n", "30",
               "--seed", "7", "--agents", "search:4", "--out", str(out), *extra]
    run_env = {**env, **more, **({"TOOLKIT_PURE_PYTHON": "1"} if pure else {})}
    done = subprocess.run(command, capture_output=True, text=True, env=run_env, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return (out / "games.jsonl").read_text(encoding="utf-8").splitlines(), done.stderr


def notes(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if NOTE in line]


def test_a_trusted_marked_module_compiles_and_plays_the_games_of_its_source(game, tmp_path,
                                                                             env):
    before = files_of(game)
    compiled, err = simulate(game, tmp_path / "compiled", env, "--workers", "2")
    assert notes(err) == [] and len(builds(tmp_path)) == 1
    pure, err = simulate(game, tmp_path / "pure", env, "--workers", "1", pure=True)
    assert notes(err) == [] and len(compiled) == 30
    assert compiled == pure  # the same games, compiled or as Python, on 2 workers or 1
    tutorial = create(tmp_path / "tutorial", "blank")  # the untyped rules it was typed from
    trust(tutorial)
    untyped, _ = simulate(tutorial, tmp_path / "untyped", env, "--workers", "1")
    assert untyped == compiled  # typing changed no move
    assert files_of(game) == before  # nothing written into the project (output/ aside)
    leftovers = [p.name for p in (tmp_path / "cache" / "rules").iterdir()
                 if p.name.startswith(".")]
    assert leftovers == []  # no temporary build folder or private copy is left behind


def test_the_build_is_loaded_from_the_cache_once_per_package(game, tmp_path, env):
    from toolkit.games import load_game
    first = load_game("./rules", game)
    second_project = tmp_path / "copy"
    shutil.copytree(game, second_project)
    trust(second_project)
    second = load_game("./rules", second_project)
    one, other = (sys.modules[type(g).__module__ + ".tricks"] for g in (first, second))
    assert Path(one.__file__).parent.parent == tmp_path / "cache" / "rules"
    assert len(builds(tmp_path)) == 1  # the same bytes: one build for both copies
    # two packages, two modules: each bound to its own package, though one build
    assert one is not other and other.__name__ == type(second).__module__ + ".tricks"
    shared = project_build.COMPILED_PACKAGE + "."
    assert not any(name.startswith(shared) for name in sys.modules)


def test_an_edit_after_the_build_plays_the_new_rule(game, tmp_path, env):
    old, _ = simulate(game, tmp_path / "old", env, "--workers", "1")
    tricks = game / "rules" / "tricks.py"
    text = tricks.read_text(encoding="utf-8")
    edited = text.replace('points += card["points"]', 'points += 2 * card["points"]')
    assert edited != text
    stat = tricks.stat()
    tricks.write_text(edited, encoding="utf-8")
    os.utime(tricks, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # same time: only bytes tell
    trust(game)  # reviewed again after the edit
    new, err = simulate(game, tmp_path / "new", env, "--workers", "2")
    pure, _ = simulate(game, tmp_path / "pure", env, "--workers", "1", pure=True)
    assert notes(err) == [] and len(builds(tmp_path)) == 2  # the edit compiled anew
    assert new == pure and new != old  # the new rule, never the old build
    assert '"scores":[' in new[0]


def test_no_compiler_is_one_note_and_the_python_source_plays(game, tmp_path, env):
    missing = str(tmp_path / "no-such-compiler" / "cc")
    played, err = simulate(game, tmp_path / "nocc", env, "--workers", "2", CC=missing,
                           LDSHARED=f"{missing} -shared")
    pure, _ = simulate(game, tmp_path / "pure", env, "--workers", "1", pure=True)
    assert played == pure
    assert len(notes(err)) == 1, err
    assert "rules/tricks.py" in notes(err)[0] and "no C compiler found" in notes(err)[0]
    assert builds(tmp_path) == []
    assert list((tmp_path / "cache" / "rules").glob("*.failed")) == []  # tried again later


def test_no_cython_is_one_note_and_python(game, tmp_path, env, monkeypatch, capsys):
    from toolkit.games import load_game

    def no_cython():
        raise ImportError("No module named 'Cython'")
    monkeypatch.setattr(project_build, "_cython", no_cython)
    monkeypatch.setattr(project_build, "notes", [])
    found = load_game("./rules", game)
    module = sys.modules[type(found).__module__ + ".tricks"]
    assert module.__file__ == str((game / "rules" / "tricks.py").resolve())
    assert project_build.notes == [f"note: rules/tricks.py {NOTE} (Cython is not installed); "
                                   "it plays as Python (same results, slower)"]
    assert capsys.readouterr().err.strip() == project_build.notes[0]
    assert not (tmp_path / "cache").exists()


def test_a_cython_error_is_one_note_remembered_for_those_bytes(game, tmp_path, env):
    pxd = game / "rules" / "tricks.pxd"
    pxd.write_text(pxd.read_text(encoding="utf-8").replace(
        "cpdef bint over(dict state)", "cpdef bint over(dict state, long extra)"),
        encoding="utf-8")  # the .pxd no longer matches the .py: Cython refuses it
    trust(game)
    played, err = simulate(game, tmp_path / "first", env, "--workers", "1")
    assert len(notes(err)) == 1, err
    assert "(Cython: rules/tricks.py:29:0: wrong number of arguments)" in notes(err)[0]
    assert len(list((tmp_path / "cache" / "rules").glob("*.failed"))) == 1
    again, err = simulate(game, tmp_path / "again", env, "--workers", "1")
    assert again == played and len(notes(err)) == 1  # said again, not compiled again
    pure, _ = simulate(game, tmp_path / "pure", env, "--workers", "1", pure=True)
    assert played == pure and builds(tmp_path) == []


def test_pure_python_builds_nothing(game, tmp_path, env):
    _, err = simulate(game, tmp_path / "pure", env, "--workers", "1", pure=True)
    assert notes(err) == [] and not (tmp_path / "cache").exists()


def test_an_untrusted_project_compiles_nothing(tmp_path, env):
    stranger = typed_tutorial(tmp_path / "stranger")
    done = subprocess.run([sys.executable, "-m", "toolkit", "simulate", str(stranger), "-n",
                           "5", "--out", str(tmp_path / "out")], capture_output=True,
                          text=True, env=env, check=False)
    assert done.returncode != 0 and "toolkit trust" in done.stderr
    assert not (tmp_path / "cache").exists()


def test_two_processes_building_at_once_load_one_whole_build(game, tmp_path, env):
    script = ("import sys; from toolkit.games import load_game; "
              "g = load_game('./rules', sys.argv[1]); "
              "print(sys.modules[type(g).__module__ + '.tricks'].__file__)")
    both = [subprocess.Popen([sys.executable, "-c", script, str(game)], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(2)]
    outs = [p.communicate() for p in both]
    assert all(p.returncode == 0 for p in both), outs
    files = {out.strip() for out, _ in outs}
    assert files == {str(builds(tmp_path)[0])} and all(NOTE not in err for _, err in outs)


@pytest.mark.slow  # a private Dask cluster starts: ~30 s on a loaded machine
def test_dask_workers_load_the_same_build(game, tmp_path, env):
    local, _ = simulate(game, tmp_path / "local", env, "--workers", "2")
    dask, err = simulate(game, tmp_path / "dask", env, "--workers", "2", "--backend", "dask")
    assert dask == local and notes(err) == [] and len(builds(tmp_path)) == 1


TYPED = b'''# toolkit: compile
def twice(x):
    return 2 * x
'''


def test_a_module_in_a_subfolder_is_typed_by_its_pxd(tmp_path, env, monkeypatch):
    """The .pxd is applied (the compiled function takes C longs only), in a subpackage."""
    monkeypatch.setattr(project_build, "notes", [])
    pxd = b"cpdef long twice(long x)\n"
    built = project_build.build("sub/fast.py", TYPED, pxd, "rules/sub/fast.py")
    assert built is not None and project_build.notes == []
    spec = project_build.load("toolkit_test_typed_rules.fast", built)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.twice(21) == 42
    with pytest.raises(TypeError):  # as Python, twice("a") would be "aa"
        module.twice("a")
    assert built.parent.stat().st_mode & 0o777 == 0o755


def test_a_build_others_may_write_is_never_loaded(tmp_path, env, monkeypatch):
    monkeypatch.setattr(project_build, "notes", [])
    built = project_build.build("fast.py", TYPED, None, "rules/fast.py")
    built.parent.chmod(0o777)  # anyone could have put their own file there
    assert project_build.build("fast.py", TYPED, None, "rules/fast.py") is None
    assert len(project_build.notes) == 1
    assert "is not this user's alone" in project_build.notes[0]


def test_a_damaged_build_is_one_note_and_the_source_plays(game, tmp_path, env, monkeypatch):
    from toolkit.games import load_game
    monkeypatch.setattr(project_build, "notes", [])
    source = (game / "rules" / "tricks.py").read_bytes()
    pxd = (game / "rules" / "tricks.pxd").read_bytes()
    built = project_build.build("tricks.py", source, pxd, "rules/tricks.py")
    built.write_bytes(b"\\x7fELF but not really")  # a damaged file, still this user's
    found = load_game("./rules", game)
    module = sys.modules[type(found).__module__ + ".tricks"]
    assert module.__file__ == str((game / "rules" / "tricks.py").resolve())
    assert len(project_build.notes) == 1 and "its build does not load" in project_build.notes[0]
    assert found.legal_actions(module.clone({"hands": [["a"]], "trick": [], "played": [],
                                             "history": [], "scores": [0], "tricks": [0],
                                             "void": [[]], "turn": 0, "cards": {}})) == ["a"]


def test_the_docs_excerpts_are_the_fixture():
    """docs/new-game.md's "Your own rules package" shows lines of the fixture's rules."""
    doc = (FIXTURE.parents[2] / "docs" / "new-game.md").read_text(encoding="utf-8")
    section = doc.split("### Your own rules package", 1)[1]
    blocks = re.findall(r"```(?:python|cython)\n(.*?)\n```", section, re.S)
    rules = "".join((FIXTURE / "rules" / name).read_text(encoding="utf-8")
                    for name in ("__init__.py", "tricks.pxd"))
    shown = [line.strip() for block in blocks for line in block.splitlines()
             if line.strip() and not line.startswith("#")]
    assert len(blocks) == 2 and len(shown) > 8
    assert [line for line in shown if line not in rules] == []


def test_toolkit_trust_counts_the_pxd_files_it_hashes(tmp_path, env):
    folder = typed_tutorial(tmp_path / "five_tricks")
    done = subprocess.run([sys.executable, "-m", "toolkit", "trust", str(folder)],
                          capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    py = len(list((folder / "rules").rglob("*.py")))
    assert f"({py} Python files and 1 .pxd file typing them)" in done.stdout


def test_builds_unused_for_a_month_are_pruned_and_nothing_else(tmp_path):
    root = tmp_path / "rules"
    root.mkdir()
    now = 2_000_000_000.0
    old, fresh, keep = "a" * 32, "b" * 32, "c" * 32
    for name in (old, fresh, keep):
        (root / name).mkdir()
        (root / name / "tricks.so").write_bytes(b"x")
    (root / f"{old}.lock").touch()
    (root / f"{old}.failed").write_text("Cython: ...", encoding="utf-8")
    (root / ".build-killed").mkdir()
    (root / ".load-left.so").touch()
    (root / "notes.txt").touch()  # not a name the cache makes
    month = project_build.KEEP_DAYS * 86_400
    for path in root.iterdir():
        os.utime(path, (now - month - 60, now - month - 60))
    os.utime(root / fresh, (now - month + 3_600, now - month + 3_600))
    gone = project_build.prune(root, keep=keep, now=now)
    assert gone == sorted([old, f"{old}.lock", f"{old}.failed", ".build-killed",
                           ".load-left.so"])
    assert sorted(p.name for p in root.iterdir()) == sorted([fresh, keep, "notes.txt"])


def test_loading_a_build_renews_its_time(game, tmp_path, env):
    simulate(game, tmp_path / "first", env, "--workers", "1")
    (folder,) = [p.parent for p in builds(tmp_path)]
    os.utime(folder, (1_000_000_000, 1_000_000_000))
    simulate(game, tmp_path / "second", env, "--workers", "1")
    assert folder.stat().st_mtime > 1_500_000_000  # used again: not pruned for a month
