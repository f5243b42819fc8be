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


SHOWN = 40  # problem lines of a failed build printed; the rest are counted


def watch_builds(build: Callable[[], object], report: Callable[[object], None],
                 say: Callable[[str], None], events: Iterable) -> int:
    """Build once, then again after every batch of changes; a failed build prints its
    problems (each file:line, as `validate` does) and the watch goes on. A warning already
    printed by an earlier build is counted, not repeated. Returns how many builds ran."""
    runs, seen = 0, set()
    for _ in _first_and(events):
        runs += 1
        try:
            with no_cyclic_gc():  # the build's cycles are collected after its report
                result = build()
                seen = _new_warnings(result, seen, say)
                report(result)
        except ToolkitError as exc:
            for line in problem_lines(exc):
                say(line)
        gc.collect()  # while waiting for the next change, not during the next build
        say("watching for changes (Ctrl-C to stop)")
    return runs


def problem_lines(exc: ToolkitError, shown: int = SHOWN) -> list[str]:
    """The lines of a failed build to print: all of its problems up to `shown`."""
    lines = [line for line in str(exc).splitlines() if line.strip()] or [type(exc).__name__]
    if len(lines) > shown + 1:
        more = len(lines) - shown - 1
        lines = lines[:shown] + [f"... and {more} more lines (toolkit validate lists all)",
                                 lines[-1]]
    return lines


def _new_warnings(result, seen: set, say: Callable[[str], None]) -> set:
    """Drop from `result` the warnings an earlier build printed; say how many."""
    warnings = list(getattr(result, "warnings", None) or [])
    if not warnings:
        return set()
    again = [w for w in warnings if w in seen]
    if again:
        result.warnings = [w for w in warnings if w not in seen]
        say(f"{len(again)} warning{'s' * (len(again) != 1)} as before")
    return set(warnings)


def _first_and(events: Iterable):
    yield None
    yield from events
