"""`toolkit build --watch`: one warm process that rebuilds whenever the project's content,
templates, icons or art change. Imports, WeasyPrint and the face cache stay loaded, so an
edit costs what its changed faces cost (a one-card edit lays out one face in process)."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Callable, Iterable

from toolkit.errors import ToolkitError
from toolkit.render.runtime import no_cyclic_gc

FOLDERS = ("cards", "templates", "icons", "art")
SUFFIXES = {".yaml", ".yml", ".j2", ".html", ".css", ".svg", ".png", ".jpg", ".jpeg",
            ".webp", ".ttf", ".otf"}


def watched(project: Path) -> list[Path]:
    """The project's content folders (not the whole folder: it holds the output)."""
    found = [project / name for name in FOLDERS if (project / name).is_dir()]
    return found or [project]


def relevant(_change, path: str) -> bool:
    parts = set(Path(path).parts)
    return Path(path).suffix.lower() in SUFFIXES and not parts & {"output", ".git"}


def changes(project: Path, stop=None) -> Iterable:
    """Sets of changed files, as they come (watchfiles, debounced)."""
    from watchfiles import watch

    return watch(*watched(project), watch_filter=relevant, debounce=300, step=50,
                 stop_event=stop)


def watch_builds(build: Callable[[], object], report: Callable[[object], None],
                 say: Callable[[str], None], events: Iterable) -> int:
    """Build once, then again after every batch of changes; a failed build is reported in
    one line and the watch goes on. Returns how many builds ran."""
    runs = 0
    for _ in _first_and(events):
        runs += 1
        try:
            with no_cyclic_gc():  # the build's cycles are collected after its report
                report(build())
        except ToolkitError as exc:
            say(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
        gc.collect()  # while waiting for the next change, not during the next build
        say("watching for changes (Ctrl-C to stop)")
    return runs


def _first_and(events: Iterable):
    yield None
    yield from events
