"""Worker processes never import a project's Python. A process started with `python -c …`
(multiprocessing's spawn and fork server, Dask's local workers) puts the current folder first
on `sys.path`, so a `multiprocessing/` or `numpy/` folder in the project being simulated would
be imported in place of the real one, without `--trust`. `isolate_workers()` is called before
any such process starts: `PYTHONSAFEPATH=1` in the environment they inherit keeps the current
folder off their path (Python 3.11+), and the parent's own path, which spawn hands over to its
children, loses '' and the current folder too. A project's own rules are loaded by file with
`--trust` (toolkit.games), never through `sys.path`, so nothing the toolkit needs is lost."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import toolkit

_TOOLKIT_HOME = Path(toolkit.__file__).resolve().parent.parent  # a source checkout's top


def isolate_workers() -> None:
    """Keep the current folder off the `sys.path` of every process started from now on."""
    os.environ["PYTHONSAFEPATH"] = "1"
    try:
        here = Path.cwd().resolve()
    except OSError:  # the current folder was removed: nothing there to import
        here = None
    sys.path[:] = [entry for entry in sys.path if not _is_current_folder(entry, here)]


def _is_current_folder(entry: str, here: Path | None) -> bool:
    """'' or the current folder, unless that is the toolkit's own source checkout."""
    if here is None:
        return entry == ""
    try:
        resolved = here if entry == "" else Path(entry).resolve()
    except OSError:
        return False
    return resolved == here and resolved != _TOOLKIT_HOME
