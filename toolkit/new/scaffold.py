"""Copy a project template into a new folder: the files of `templates/<name>/` (or the
bundled game for `caravans`), a `.gitignore` that keeps build output out of git, and a
README line on what to run next."""

from __future__ import annotations

import shutil
from pathlib import Path

from toolkit import BUNDLED_PROJECT
from toolkit.errors import UsageError

TEMPLATES = Path(__file__).resolve().parent / "templates"
CHOICES = ("blank", "caravans", "deckbuilder")
GITIGNORE = "# written by toolkit new\noutput/\n__pycache__/\n.schemas/\n"
_SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", "output")


def create(dest: str | Path, template: str = "blank", *, force: bool = False) -> Path:
    """Write a new project into `dest` (which must be missing or empty unless `force`)."""
    if template not in CHOICES:
        raise UsageError(f"unknown template '{template}' (choose from {', '.join(CHOICES)})")
    dest = Path(dest)
    if dest.exists() and not dest.is_dir():
        raise UsageError(f"'{dest}' exists and is not a folder")
    if dest.is_dir() and any(dest.iterdir()) and not force:
        raise UsageError(f"'{dest}' is not empty; choose a new folder (or --force to add "
                         "the template's files to it)")
    try:
        if template == "caravans":
            shutil.copytree(BUNDLED_PROJECT / "cards", dest / "cards", ignore=_SKIP,
                            dirs_exist_ok=True)
        else:
            shutil.copytree(TEMPLATES / template, dest, ignore=_SKIP, dirs_exist_ok=True)
        ignore = dest / ".gitignore"
        if not ignore.exists():
            ignore.write_text(GITIGNORE, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"cannot write '{exc.filename or dest}': {exc.strerror or exc}") from None
    return dest


def next_steps(dest: Path, template: str) -> list[str]:
    trust = " --trust" if (dest / "rules" / "__init__.py").is_file() else ""
    lines = [f"created {dest} from the {template} template", "next:",
             f"  toolkit validate {dest}", f"  toolkit build {dest}{trust}",
             f"  toolkit serve {dest}      (live preview in the browser)"]
    if template in ("blank", "caravans"):
        lines.append(f"  toolkit simulate {dest}{trust} -n 100")
    return lines
