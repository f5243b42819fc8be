"""Where a command's project is: the folder given, else the current one; the bundled game
only when asked for (`--example`). Commands never guess: outside a project they say so."""

from __future__ import annotations

from pathlib import Path

from toolkit import BUNDLED_PROJECT, PACKAGE_DIR
from toolkit.errors import UsageError


def is_project(folder: Path) -> bool:
    folder = Path(folder)
    return (folder / "cards" / "game.yaml").is_file() or (folder / "game.yaml").is_file()


def resolve_project(path: str | Path | None) -> Path:
    """PROJECT_DIR if given; the bundled Caravans & Brigands with --example; else the
    current directory if it holds cards/game.yaml; else a one-line usage error."""
    from toolkit.options import example_requested

    if example_requested():
        if path is not None:
            raise UsageError("give either PROJECT_DIR or --example, not both")
        return BUNDLED_PROJECT
    if path is not None:
        return Path(path)
    here = Path.cwd()
    if is_project(here):
        return here
    raise UsageError("no project here (no cards/game.yaml in the current folder): pass a "
                     "project folder, start one with `toolkit new DIR`, or add --example to "
                     "use the bundled game")


def default_output(project: str | Path) -> Path:
    """Where a command writes by default: PROJECT/output, except for the bundled game of an
    installed toolkit (inside the package), whose results go to ./output instead."""
    project = Path(project)
    if project.resolve().is_relative_to(PACKAGE_DIR):
        return Path.cwd() / "output"
    return project / "output"
