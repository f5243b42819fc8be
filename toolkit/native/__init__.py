"""Compiled parts of the toolkit, each with a Python fallback that gives the same results.

`load("toolkit.games.x.fast", "toolkit.games.x.slow")` returns the compiled module when it
was built and imports, else the Python one, and records which. `TOOLKIT_PURE_PYTHON=1` in
the environment forces every fallback (the lockstep tests compare both). `status()` lists
every compiled part (the ones loaded so far and every other `.pyx` of the package, found on
disk without importing it) as (name, "compiled" | "python"); `notice()` is the one line
the CLI prints when something fell back that the user did not ask for. This module imports
no game.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import sys
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent.parent  # the toolkit package folder
COMPILED, PYTHON, STALE = "compiled", "python", "stale"
STALE_AFTER = 2.0  # seconds a .pyx may be newer than its build (unpacking order)

_loaded: dict[str, str] = {}  # compiled module name -> COMPILED | PYTHON
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
    """Whether the module's .pyx was edited after it was compiled (a stale build would
    silently run the old code; the fallback always runs the current one). A margin of
    STALE_AFTER seconds: an installer that unpacks a wheel may write the .pyx a moment
    after the .so."""
    built = Path(getattr(module, "__file__", "") or "")
    source = built.parent / (module.__name__.rsplit(".", 1)[-1] + ".pyx")
    try:
        return source.stat().st_mtime > built.stat().st_mtime + STALE_AFTER
    except OSError:
        return False


def _built(name: str) -> bool:
    """Whether an extension file of dotted `name` sits beside its .pyx (no import)."""
    base = PACKAGE.parent.joinpath(*name.split("."))
    return any(base.with_name(base.name + suffix).is_file()
               for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def declared() -> list[str]:
    """The dotted names of every compiled part of the installed package (its .pyx files)."""
    root = PACKAGE.parent
    return sorted(".".join(p.relative_to(root).with_suffix("").parts)
                  for p in PACKAGE.rglob("*.pyx"))


def status() -> list[tuple[str, str]]:
    """(name, "compiled" | "python") of every compiled part: as loaded when it was, else
    whether it is built (always "python" under TOOLKIT_PURE_PYTHON)."""
    found = dict(_loaded)
    for name in declared():
        if name not in found:
            found[name] = COMPILED if _built(name) and not pure_python() else PYTHON
    return sorted(found.items())


def notice() -> str | None:
    """One line when a compiled part is not used and pure Python was not asked for."""
    if pure_python():
        return None
    found = status()
    stale = [name for name, how in found if how == STALE]
    if stale:
        return (f"note: compiled parts older than their source ({', '.join(stale[:3])}); "
                "using the Python engine (same results, slower). Rebuild with "
                "pip install -e .")
    missing = [name for name, how in found if how == PYTHON]
    if not missing:
        return None
    shown = ", ".join(name.removeprefix("toolkit.") for name in missing[:3])
    more = f" and {len(missing) - 3} more" if len(missing) > 3 else ""
    return (f"note: compiled parts not built ({shown}{more}); using the Python engine "
            "(same results, slower). To build them: install a C compiler and Python "
            "headers (Debian: build-essential python3-dev), then rerun pip install -e .")


def announce(stream=None) -> None:
    """Print `notice()` once per process (stderr by default)."""
    global _announced
    if _announced:
        return
    _announced = True
    line = notice()
    if line:
        print(line, file=stream or sys.stderr)
