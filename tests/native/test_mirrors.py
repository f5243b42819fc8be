"""The split-brain guard: a compiled module that re-states Python code names the Python
modules it mirrors with their digests (`# mirrors:` lines, toolkit/native/builds.py).
An edit to a mirrored `.py` that is not ported makes the compiled path refuse, with one line
naming the file, and the Python engine plays the edited rule."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import toolkit.native as native
from toolkit.native import builds

ROOT = Path(__file__).resolve().parents[2]
CARAVANS = ROOT / "toolkit/games/caravans"
sys.path.insert(0, str(ROOT / "scripts"))
import stamp_mirrors  # noqa: E402

# Python modules of the Caravans engine and agents that no compiled module re-states, and why.
NOT_MIRRORED = {
    "engine/__init__.py": "package marker",
    "engine/components.py": "determinize and the invariants: Python only",
    "engine/describe.py": "text of actions for people: Python only",
    "engine/replay.py": "replay runs on the Python engine",
    "agents/__init__.py": "package marker and the agent registry (Python objects)",
    "agents/styles.py": "reads styles.yaml; the core receives the weights it loads",
    "agents/goalpull.py": "mirrored by agents/goalpull_c.pyx (outside the core package)",
}
# Compiled modules of the core that re-state no Python module: the C side's own plumbing.
C_ONLY = {
    "api.pyx": "the core's Python-facing handle on a C state",
    "convert_board.pyx": "converters between engine State and C structs",
    "fight_convert.pyx": "converters between engine State and C structs",
    "agent_turns_probe.pyx": "test probe for the agent lockstep",
    "fight_probe.pyx": "test probe for the fight lockstep",
}


def test_every_stamp_matches_its_python_module():
    """Run `python scripts/stamp_mirrors.py` after porting a change to the compiled twin."""
    assert stamp_mirrors.stale() == []


def test_every_core_module_names_what_it_mirrors():
    core = CARAVANS / "core"
    unstamped = sorted(path.name for path in core.glob("*.pyx")
                       if not builds.mirrors(path) and path.name not in C_ONLY)
    assert unstamped == [], "add '# mirrors:' lines (or list the module in C_ONLY)"


def test_every_engine_and_agent_module_is_mirrored_or_explained():
    mirrored = {python for path in stamp_mirrors.sources()
                for python, _ in builds.mirrors(path)}
    missing = []
    for folder in ("engine", "agents"):
        for path in sorted((CARAVANS / folder).glob("*.py")):
            rel = f"{folder}/{path.name}"
            if str(path.relative_to(ROOT)) not in mirrored and rel not in NOT_MIRRORED:
                missing.append(rel)
    assert missing == [], "a module the compiled core may re-state has no stamp"


@pytest.fixture
def fresh(monkeypatch):
    monkeypatch.setattr(native, "_loaded", {})
    monkeypatch.setattr(native, "_packages", {})
    monkeypatch.setattr(native, "_broken", {})
    monkeypatch.setattr(native, "_mirror", {})
    monkeypatch.delenv("TOOLKIT_PURE_PYTHON", raising=False)


def test_a_changed_python_module_refuses_its_compiled_twin(fresh, monkeypatch):
    core = "toolkit.games.caravans.core"
    if builds.package_states(core) and any(state == builds.PYTHON for state, _ in
                                           builds.package_states(core).values()):
        pytest.fail("the compiled core is not built: run pip install -e .")
    armory = ROOT / "toolkit/games/caravans/engine/armory.py"
    real = builds.digest
    monkeypatch.setattr(builds, "digest",
                        lambda path: "f" * 16 if Path(path) == armory else real(path))
    state, why = builds.module_state(f"{core}.armory")
    assert state == builds.STALE
    assert why == (f"{builds.MIRROR}toolkit/games/caravans/engine/armory.py changed since "
                   "armory.pyx was ported from it")
    assert native.load_package(core, "loop") is None
    line = native.notice()
    assert line.startswith("note: toolkit/games/caravans/engine/armory.py changed since "
                           "armory.pyx was ported from it") and "Python engine" in line
    assert "\n" not in line


def test_stamping_rewrites_only_the_digest(tmp_path, monkeypatch):
    py = tmp_path / "toolkit/g/rule.py"
    pyx = tmp_path / "toolkit/g/rule_c.pyx"
    py.parent.mkdir(parents=True)
    py.write_text("PRICE = 2\n")
    pyx.write_text("# cython: language_level=3\n# mirrors: toolkit/g/rule.py "
                   "sha256:0000000000000000\ncdef int PRICE = 2\n")
    monkeypatch.setattr(stamp_mirrors, "ROOT", tmp_path)
    monkeypatch.setattr(builds, "root", lambda: tmp_path)
    assert stamp_mirrors.stale() == [(pyx, "toolkit/g/rule.py")]
    assert stamp_mirrors.stamp() == 1
    assert stamp_mirrors.stale() == []
    assert pyx.read_text().splitlines()[1] == (
        f"# mirrors: toolkit/g/rule.py sha256:{builds.digest(py)}")
    py.write_text("PRICE = 6\n")
    assert builds.mirror_fault([pyx]) == (f"{builds.MIRROR}toolkit/g/rule.py changed since "
                                          "rule_c.pyx was ported from it")


def _simulate(tree: Path, out: Path, pure: bool) -> tuple[list, str]:
    env = {k: v for k, v in os.environ.items() if k != "TOOLKIT_PURE_PYTHON"}
    env["PYTHONPATH"] = str(tree)
    if pure:
        env["TOOLKIT_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, "-m", "toolkit", "simulate", str(tree / "cards"), "-n", "24",
         "--players", "4", "--workers", "1", "--seed", "7", "--out", str(out), "-q"],
        cwd=tree, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    games = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    return [(g.get("winner"), g.get("scores"), g.get("actions"), g.get("rounds"))
            for g in games], done.stderr


def test_the_repair_price_experiment_plays_the_edited_rule(tmp_path):
    """The review's experiment: triple the repair price in engine/armory.py of a copy;
    simulate must play the new rule (games identical to the Python engine's) and say so."""
    tree = tmp_path / "copy"
    shutil.copytree(ROOT / "toolkit", tree / "toolkit",
                    ignore=shutil.ignore_patterns("__pycache__", "*.c"))
    shutil.copytree(ROOT / "cards", tree / "cards")
    shutil.copytree(ROOT / "templates", tree / "templates")
    before, _ = _simulate(tree, tmp_path / "before", pure=False)
    armory = tree / "toolkit/games/caravans/engine/armory.py"
    text = armory.read_text()
    edited = text.replace("* state.rules.game.armory.repair",
                          "* state.rules.game.armory.repair * 3")
    assert edited != text
    armory.write_text(edited)
    after, note = _simulate(tree, tmp_path / "after", pure=False)
    pure, _ = _simulate(tree, tmp_path / "pure", pure=True)
    assert "engine/armory.py changed since armory.pyx was ported from it" in note
    assert after == pure
    assert after != before
