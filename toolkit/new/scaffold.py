"""Copy a project template into a new folder: the files of `templates/<name>/` (the bundled
game for `caravans`, a project of examples/ for the other games' names), a `.gitignore` that keeps build output out of git, and a
README line on what to run next."""

from __future__ import annotations

import shlex
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
    return create_project(dest, template, force=force)[0]


def create_project(dest: str | Path, template: str = "blank", *,
                   force: bool = False) -> tuple[Path, list[str]]:
    """Write a new project into `dest`; with `force` into a folder that has files, adding
    only the template's missing files. The folder and the files kept as they were."""
    if template not in CHOICES:
        raise UsageError(f"unknown template '{template}' (choose from {', '.join(CHOICES)})")
    dest = Path(dest)
    if dest.is_symlink():
        raise UsageError(f"'{dest}' is a link; give the real folder (nothing is written "
                         "through a link)")
    if dest.exists() and not dest.is_dir():
        raise UsageError(f"'{dest}' exists and is not a folder")
    if dest.is_dir() and any(dest.iterdir()) and not force:
        raise UsageError(f"'{dest}' is not empty; choose a new folder (or --force to add "
                         "the template's missing files to it: no existing file is replaced)")
    source = (BUNDLED_PROJECT if template == "caravans" else
              TEMPLATES / template if template in BASIC else EXAMPLES / template)
    files = _template_files(source, "cards" if template == "caravans" else None)
    files.append((None, ".gitignore"))
    blocked = sorted({link for _, rel in files if (link := _link_on_way(dest, rel))})
    if blocked:
        raise UsageError(f"'{blocked[0]}' is a link; nothing is written through a link "
                         "(replace it with a real folder or file, or choose a new folder)")
    skipped = []
    try:
        for src, rel in files:
            target = dest / rel
            if target.exists():
                skipped.append(rel)
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            if src is None:
                target.write_text(GITIGNORE, encoding="utf-8")
            else:
                shutil.copy2(src, target)
    except OSError as exc:
        raise UsageError(f"cannot write '{exc.filename or dest}': {exc.strerror or exc}") from None
    return dest, skipped


def _template_files(source: Path, only: str | None) -> list[tuple[Path, str]]:
    """(file, path relative to the project) of a template; no caches, builds or links."""
    top = source / only if only else source
    out = []
    for path in sorted(top.rglob("*")):
        rel = path.relative_to(source)
        if any(p in ("__pycache__", "output") for p in rel.parts) or path.suffix == ".pyc":
            continue
        if path.is_file() and not path.is_symlink():
            out.append((path, rel.as_posix()))
    return out


def _link_on_way(dest: Path, rel: str) -> Path | None:
    """The target `dest/rel`, or a folder on its way, when it is a link."""
    path = dest
    for part in rel.split("/"):
        path = path / part
        if path.is_symlink():
            return path
    return None


def next_steps(dest: Path, template: str, skipped: tuple = (), trusted: bool = False) -> list[str]:
    shown = shlex.quote(str(dest))
    lines = [f"created {dest} from the {template} template"]
    if skipped:
        files = "file" if len(skipped) == 1 else "files"
        lines.append(f"kept {len(skipped)} existing {files} as they were (the template's "
                     f"version not written): {', '.join(skipped)}")
    if trusted:
        lines.append(f"trusted its rules (rules/, written by the toolkit); undo with "
                     f"toolkit trust --revoke {shown}")
    lines += ["next:", f"  toolkit validate {shown}", f"  toolkit build {shown}",
              f"  toolkit serve {shown}      (live preview in the browser)"]
    if _has_rules(dest):
        lines.append(f"  toolkit simulate {shown} -n 100")
    return lines


def _has_rules(dest: Path) -> bool:
    import yaml

    try:
        game = yaml.safe_load((dest / "cards" / "game.yaml").read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return False
    return isinstance(game, dict) and bool(game.get("rules"))
