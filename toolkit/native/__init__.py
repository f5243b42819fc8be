"""Compiled parts of the toolkit, each with a Python fallback that gives the same results.

`load("toolkit.games.x.fast", "toolkit.games.x.slow")` returns the compiled module when it
was built and imports, else the Python one, and records which. `TOOLKIT_PURE_PYTHON=1` in
the environment forces every fallback (the lockstep tests compare both). `status()` lists
every compiled part (the ones loaded so far and every other `.pyx` of the package, found on
disk without importing it) as (name, "compiled" | "python"); `notice()` is the one line
the CLI prints when something fell back that the user did not ask for. This module imports
no game.

A package of compiled modules that cimport each other (the Caravans core) is used whole or
not at all: `load_package(package, module)` returns its compiled `module` only when every
`.pyx` of the package (and every compiled module they cimport) is built and newer than its
sources (`builds.py`), else None, and the notice names the modules at fault.

A pure-Python-mode module (a `.py` whose first line is `# toolkit: compile`, typed by a
`.pxd` beside it) needs no `load`: it is imported by its own name, and the import hook of
`pure.py` picks its build or the `.py` itself; `status` and `notice` include those modules.
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from types import ModuleType

from toolkit.native import builds
from toolkit.native.builds import COMPILED, PYTHON, STALE

PACKAGE = Path(__file__).resolve().parent.parent  # the toolkit package folder

_loaded: dict[str, str] = {}  # compiled module name -> COMPILED | PYTHON | STALE
_packages: dict[str, str] = {}  # package -> its package_state
_broken: dict[str, str] = {}  # built module that failed to import -> why
_mirror: dict[str, str] = {}  # compiled module whose mirrored .py changed -> builds' line
_announced = False


def pure_python() -> bool:
    """Whether the environment asks for the Python modules only (TOOLKIT_PURE_PYTHON=1)."""
    return os.environ.get("TOOLKIT_PURE_PYTHON", "").strip() not in ("", "0")


def load(compiled: str, fallback: str) -> ModuleType:
    """The compiled module if it is built and imports (and pure Python is not asked for),
    else the fallback module."""
    if not pure_python():
        try:
            module = importlib.import_module(compiled)
        except ImportError:
            pass
        else:
            if not _stale(module):
                _loaded[compiled] = COMPILED
                return module
            _loaded[compiled] = STALE
            return importlib.import_module(fallback)
    module = importlib.import_module(fallback)
    _loaded[compiled] = PYTHON
    return module


def _stale(module: ModuleType) -> bool:
    """Whether the module's .pyx, or a .pxd it reads, was edited after it was compiled (a
    stale build would silently run the old code; the fallback always runs the current
    one). See builds.module_state."""
    built = Path(getattr(module, "__file__", "") or "")
    if not built.is_file():
        return False
    state, why = builds.module_state(module.__name__, built)
    _note_mirror(module.__name__, why)
    return state == STALE


def _note_mirror(name: str, why: str) -> None:
    """Remember a mirror fault (a changed .py under a compiled twin) for `notice`."""
    if why.startswith(builds.MIRROR):
        _mirror[name] = why.removeprefix(builds.MIRROR)


def load_package(package: str, module: str) -> ModuleType | None:
    """The compiled `package.module` when the whole package may be used (every compiled
    module of it built, current, importable) and pure Python is not asked for; else None
    (the caller runs its Python engine; `notice()` says why in one line)."""
    if package_state(package) != COMPILED:
        return None
    name = f"{package}.{module}"
    try:
        found = importlib.import_module(name)
    except ImportError as exc:  # built, yet it does not load (ABI, missing symbol...)
        _loaded[name] = PYTHON
        _broken[name] = " ".join(str(exc).split())[:120]
        return None
    return found


def package_state(package: str) -> str:
    """COMPILED when every compiled module `package` needs is built and current (each is
    recorded for `status`); PYTHON or STALE (the worst fault found) otherwise, PYTHON
    under TOOLKIT_PURE_PYTHON. Checked once per process."""
    if pure_python():   # asked for at any time, also after a first check
        return PYTHON
    if package in _packages:
        return _packages[package]
    found_states = builds.package_states(package)
    for name, (_, why) in found_states.items():
        _note_mirror(name, why)
    states = {name: state for name, (state, _) in found_states.items()}
    _loaded.update(states)
    found = set(states.values())
    _packages[package] = STALE if STALE in found else PYTHON if PYTHON in found else COMPILED
    return _packages[package]


def _built(name: str) -> str:
    """COMPILED, PYTHON (no extension file) or STALE of dotted `name`, from the files (a
    pure-mode module: its package folder's, whose modules are used together)."""
    if _is_pure(name):
        return builds.folder_state(builds.source(name, "").parent)[0]
    state, why = builds.module_state(name)
    _note_mirror(name, why)
    return state


def declared() -> list[str]:
    """The dotted names of every compiled part of the installed package: its .pyx files and
    its pure-Python-mode modules (builds.PURE)."""
    root = PACKAGE.parent
    return sorted([".".join(p.relative_to(root).with_suffix("").parts)
                   for p in PACKAGE.rglob("*.pyx")] + builds.pure_modules())


def _is_pure(name: str) -> bool:
    """Whether dotted `name` is a pure-Python-mode module (a marked .py, no .pyx)."""
    return builds.marked(builds.source(name, ".py")) and not builds.source(name, ".pyx").is_file()


def _pure() -> tuple[dict[str, str], dict[str, str]]:
    """(state of each pure-mode module imported so far, why each refused build was) from
    the import hook (toolkit/native/pure.py), empty before it is installed."""
    hook = sys.modules.get("toolkit.native.pure")
    return (dict(hook.played), dict(hook.faults)) if hook else ({}, {})


def status() -> list[tuple[str, str]]:
    """(name, "compiled" | "python" | "stale") of every compiled part: as loaded when it
    was, else whether it is built and current (always "python" under TOOLKIT_PURE_PYTHON)."""
    found = {**_loaded, **_pure()[0]}
    for name in declared():
        if name not in found:
            found[name] = PYTHON if pure_python() else _built(name)
    return sorted(found.items())


def notice() -> str | None:
    """One line when a compiled part is not used and pure Python was not asked for."""
    if pure_python():
        return None
    found = status()
    if _broken:
        name, why = sorted(_broken.items())[0]
        return (f"note: compiled part {_shown([name])} does not load ({why}); using the "
                "Python engine (same results, slower). Rebuild with pip install -e .")
    refused = _pure()[1]  # a build refused by this run's imports: first, it is what played
    if not refused and _mirror:
        name, why = sorted(_mirror.items())[0]
        return (f"note: {why}, so the compiled {_shown([name])} would play the old rule; "
                "using the Python engine (same results, slower). Port the change, run "
                "scripts/stamp_mirrors.py, then pip install -e .")
    refused = refused or {name: builds.folder_state(builds.source(name, "").parent)[1]
                          for name, how in found if how == STALE and _is_pure(name)}
    if refused:
        name, why = sorted(refused.items())[0]
        return (f"note: {why}, so its compiled build would play the old code; "
                f"{_shown([name.rpartition('.')[0]])} plays as Python (same results, "
                "slower). Rebuild with pip install -e .")
    stale = [name for name, how in found if how == STALE]
    if stale:
        return (f"note: compiled parts older than their source ({_shown(stale)}); "
                "using the Python engine (same results, slower). Rebuild with "
                "pip install -e .")
    missing = [name for name, how in found if how == PYTHON]
    if not missing:
        return None
    return (f"note: compiled parts not built ({_shown(missing)}); using the Python engine "
            "(same results, slower). To build them: install a C compiler and Python "
            "headers (Debian: build-essential python3-dev), then rerun pip install -e .")


def _shown(names: list[str]) -> str:
    """Up to three dotted names without the `toolkit.` prefix, and how many more."""
    shown = ", ".join(name.removeprefix("toolkit.") for name in names[:3])
    return shown + (f" and {len(names) - 3} more" if len(names) > 3 else "")


def announce(stream=None) -> None:
    """Print `notice()` once per process (stderr by default)."""
    global _announced
    if _announced:
        return
    _announced = True
    line = notice()
    if line:
        print(line, file=stream or sys.stderr)
