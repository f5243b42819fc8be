"""Where a command's project is: the given folder, the current one, or the bundled game."""

from __future__ import annotations

from pathlib import Path

from toolkit import BUNDLED_PROJECT


def resolve_project(path: str | Path | None) -> Path:
    """PROJECT_DIR if given; else the current directory if it has cards/game.yaml;
    else the bundled Caravans & Brigands."""
    if path is not None:
        return Path(path)
    here = Path.cwd()
    if (here / "cards" / "game.yaml").is_file() or (here / "game.yaml").is_file():
        return here
    return BUNDLED_PROJECT
