"""The import hook of pure-Python-mode modules (builds.PURE): a `.py` marked to compile
plays as its extension module only while that build is current; otherwise the `.py` itself.

Python's own finder prefers `x.cpython-*.so` to `x.py` in the same folder, so a build made
before an edit of the `.py` would silently play the old rules. `install()` puts a finder
first on `sys.meta_path` that, for a marked `.py` of the toolkit with an extension file
beside it, imports the extension only when every pure-mode module of that package folder
is built from the `.py` and `.pxd` as they are now (builds.folder_state: the stamps the
build wrote into each `.so`) and TOOLKIT_PURE_PYTHON is not set; else it imports the `.py`
(same results, slower) and `toolkit.native.notice()` says why in one line. A package with
such modules calls `install()` in its `__init__`, before importing them.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys
from pathlib import Path

from toolkit.native import builds
from toolkit.native.builds import COMPILED, PYTHON, STALE

played: dict[str, str] = {}  # dotted name -> COMPILED | PYTHON | STALE, as imported
faults: dict[str, str] = {}  # dotted name -> why its build was refused (one line)


class CurrentBuildFinder(importlib.abc.MetaPathFinder):
    """Finds marked `.py` modules of the toolkit: their extension when current, else the
    source file. Every other module is left to the finders after it."""

    def find_spec(self, fullname, path=None, target=None):
        if not fullname.startswith("toolkit.") or not path:
            return None
        leaf = fullname.rpartition(".")[2]
        for entry in path:
            py = Path(entry) / f"{leaf}.py"
            if py.is_file():
                break
        else:
            return None
        if not builds.marked(py) or py.with_suffix(".pyx").is_file():
            return None
        built = builds.extension_in(py.parent, leaf)
        state, why = choose(py.parent, built)
        played[fullname] = state
        if state == STALE:
            faults[fullname] = why
        origin = built if state == COMPILED else py
        return importlib.util.spec_from_file_location(fullname, origin)


def choose(folder: Path, built: Path | None) -> tuple[str, str]:
    """(state, why) for a module of `folder` whose extension file is `built` (or None)."""
    from toolkit.native import pure_python  # the one switch, read at each import
    if pure_python():
        return PYTHON, "TOOLKIT_PURE_PYTHON"
    if built is None:
        return PYTHON, "not built"
    return builds.folder_state(folder)


FINDER = CurrentBuildFinder()


def install() -> None:
    """Put the finder first on sys.meta_path (once)."""
    if FINDER not in sys.meta_path:
        sys.meta_path.insert(0, FINDER)
