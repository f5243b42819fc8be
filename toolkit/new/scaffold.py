"""Copy a project template into a new folder: the files of `templates/<name>/` (the bundled
game for `caravans`, a project of examples/ for the other games' names), a `.gitignore` that keeps build output out of git, and a
README line on what to run next."""

from __future__ import annotations

import shutil
from pathlib import Path

from toolkit import BUNDLED_PROJECT
from toolkit.errors import UsageError

TEMPLATES = Path(__file__).resolve().parent / "templates"
EXAMPLES = BUNDLED_PROJECT / "examples"  # other games' projects, shipped as templates too
BASIC = ("blank", "caravans", "deckbuilder")


def _examples() -> tuple[str, ...]:
    if not EXAMPLES.is_dir():
        return ()
    return tuple(sorted(p.name for p in EXAMPLES.iterdir()
                        if (p / "cards" / "game.yaml").is_file() and p.name not in BASIC))


CHOICES = BASIC + _examples()
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
        elif template not in BASIC:
            shutil.copytree(EXAMPLES / template, dest, ignore=_SKIP, dirs_exist_ok=True)
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
    if _has_rules(dest):
        lines.append(f"  toolkit simulate {dest}{trust} -n 100")
    return lines


def _has_rules(dest: Path) -> bool:
    import yaml

    try:
        game = yaml.safe_load((dest / "cards" / "game.yaml").read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return False
    return isinstance(game, dict) and bool(game.get("rules"))
