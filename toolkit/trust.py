"""Trust once: the projects whose own rules package (`rules: ./rules`) this user trusts.

`toolkit trust DIR` records the project's rules package in a per-user file, bound to the
sha256 of each of its `.py` files; the next command that plays the game imports the rules
without `--trust`. Any change to those files (one edited, added or removed) revokes the
trust: the command says which file changed and how to trust it again. Only `.py` files
count, and the `.pxd` files that type them, because only they run: the import compiles them
from source and never reads a shipped `__pycache__` (toolkit/games/project_rules.py); a
module marked to compile is built from exactly these bytes (toolkit/native/project_build.py).

The record lives in `$CARD_TOOLKIT_TRUST_FILE` when set (tests point it into a temporary
folder), else `$XDG_CONFIG_HOME/card-toolkit/trusted.json`, else
`~/.config/card-toolkit/trusted.json`. A record that cannot be read trusts nothing.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import shlex
import tempfile
import time
from pathlib import Path

from toolkit.errors import UsageError

ENV = "CARD_TOOLKIT_TRUST_FILE"


class Untrusted(UsageError):
    """A project's rules package that neither the record nor `--trust` allows to run."""


def store_path() -> Path:
    if os.environ.get(ENV):
        return Path(os.environ[ENV])
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "card-toolkit" / "trusted.json"


def rules_files(package: Path) -> dict[str, str]:
    """Relative path (with /) -> sha256 of every `.py` and `.pxd` file of the package,
    `__pycache__` folders and links leading out of the package left out: what the import
    may run (a `.pxd` types a module compiled from its `.py`)."""
    package = Path(package)
    real = package.resolve()
    out = {}
    for path in sorted([*package.rglob("*.py"), *package.rglob("*.pxd")]):
        rel = path.relative_to(package)
        if "__pycache__" in rel.parts or not path.is_file():
            continue
        if not path.resolve().is_relative_to(real):
            continue  # a link out of the package is never read, so never imported
        out[rel.as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def digest(files: dict[str, str]) -> str:
    """One digest of a package's files (their names and contents)."""
    text = "".join(f"{name}\0{sha}\n" for name, sha in sorted(files.items()))
    return hashlib.sha256(text.encode()).hexdigest()


def _read() -> dict:
    try:
        data = json.loads(store_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    projects = data.get("projects") if isinstance(data, dict) else None
    return projects if isinstance(projects, dict) else {}


def _write(projects: dict) -> None:
    path = store_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".trusted-", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump({"version": 1, "projects": projects}, fh, indent=1, sort_keys=True)
        os.replace(tmp, path)
    except OSError as exc:
        raise UsageError(f"cannot write the trust record '{path}': {exc.strerror or exc}; "
                         f"set {ENV} to a file you can write") from None


def package_of(project: Path) -> tuple[Path, str]:
    """The project's own rules package (resolved) and its `rules:` value; a usage error
    when game.yaml names no rules package inside the project."""
    from toolkit.content.yamlsafe import load_file
    from toolkit.errors import ToolkitError

    root = Path(project).resolve()
    game = root / "cards" / "game.yaml"
    try:
        data = load_file(game, root=root).data if game.is_file() else None
    except ToolkitError:
        data = None
    if not game.is_file() or not isinstance(data, dict):
        raise UsageError(f"'{project}' is not a project with a readable cards/game.yaml")
    rules = data.get("rules")
    if not isinstance(rules, str) or not rules.startswith((".", "/")):
        raise UsageError(f"'{project}' has no rules package of its own (game.yaml names "
                         f"{'no rules' if rules is None else repr(rules)}); only a "
                         "project's own rules need trust")
    package = (root / rules).resolve()
    if not package.is_relative_to(root) or not (package / "__init__.py").is_file():
        raise UsageError(f"rules '{rules}' of '{project}' is not a Python package inside "
                         "the project")
    return package, rules


@contextlib.contextmanager
def _locked():
    """Hold the record's lock while it is read, changed and written (two `toolkit new` at
    once keep both projects)."""
    path = store_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fh = open(path.with_name(path.name + ".lock"), "a")
    except OSError as exc:
        raise UsageError(f"cannot write the trust record '{path}': {exc.strerror or exc}; "
                         f"set {ENV} to a file you can write") from None
    with fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        yield


def trust(project: Path) -> tuple[Path, dict[str, str]]:
    """Record the project's rules package as trusted, as its files are now; the package and
    its trusted files (relative path -> sha256)."""
    package, _ = package_of(project)
    files = rules_files(package)
    with _locked():
        projects = _read()
        projects[str(package)] = {"digest": digest(files), "files": files,
                                  "trusted": time.strftime("%Y-%m-%d %H:%M:%S")}
        _write(projects)
    return package, files


def revoke(project: Path) -> Path | None:
    """Forget the project's trust; the package it was (None: it was not trusted)."""
    root = Path(project).resolve()
    try:
        package, _ = package_of(project)
    except UsageError:
        package = (root / "rules").resolve()  # a project whose game.yaml changed since
    with _locked():
        projects = _read()
        if str(package) not in projects:
            return None
        del projects[str(package)]
        _write(projects)
    return package


def entries() -> list[tuple[str, str, str]]:
    """(package path, when trusted, 'ok' | 'changed' | 'missing') of every record."""
    out = []
    for path, record in sorted(_read().items()):
        package = Path(path)
        if not (package / "__init__.py").is_file():
            state = "missing"
        else:
            state = "ok" if digest(rules_files(package)) == record.get("digest") else "changed"
        out.append((path, str(record.get("trusted", "?")), state))
    return out


def refusal(package: Path, files: dict[str, str], project: Path, rules: str) -> str | None:
    """None when the record trusts the package with exactly these files; else the one
    line saying why not and what to run."""
    record = _read().get(str(Path(package).resolve()))
    how = f"`toolkit trust {shlex.quote(str(project))}`"
    if not isinstance(record, dict):
        return (f"this project's rules are Python code in '{rules}'; if you trust whoever "
                f"wrote them, run {how} once (or add --trust for this run only)")
    if record.get("digest") == digest(files):
        return None
    known = record.get("files") if isinstance(record.get("files"), dict) else {}
    changed = sorted(n for n in set(known) | set(files) if known.get(n) != files.get(n))
    what = (f"{rules.rstrip('/')}/{changed[0]}" + (f" and {len(changed) - 1} more"
            if len(changed) > 1 else "")) if changed else rules
    return (f"this project's rules changed since you trusted them ({what}), so the trust "
            f"is revoked; review the change, then run {how} again (or add --trust for "
            "this run only)")


def for_workers(catalog, trust: bool) -> "bool | str":
    """What a run hands its worker processes for the project's rules: True when --trust was
    typed; else, when the project has rules of its own that this user trusts, the digest of
    their files as checked here, in the parent. A worker then imports the rules only if its
    files still have that digest: it never reads the trust record itself, because a worker
    of a long-lived pool (a fork server, a Dask cluster) may run under another environment.
    False for a project without rules of its own (Untrusted when they are not trusted)."""
    if trust:
        return True
    rules = getattr(getattr(catalog, "game", None), "rules", None)
    root = getattr(catalog, "root", None)
    if not isinstance(rules, str) or not rules.startswith((".", "/")) or root is None:
        return False
    package = (Path(root).resolve() / rules).resolve()
    files = rules_files(package)
    why = refusal(package, files, Path(root), rules)
    if why is not None:
        raise Untrusted(why)
    return digest(files)


def replay_flag(project: str) -> str:
    """' --trust' when a command on `project` needs it typed (its own rules, not trusted
    as they are now); '' otherwise. For command lines the toolkit prints to copy."""
    try:
        package, rules = package_of(Path(project))
    except UsageError:
        return ""
    return " --trust" if refusal(package, rules_files(package), Path(project), rules) else ""


def trusted_copy(copy: Path, origin: Path | None, label: str) -> bool:
    """For a copy of a project the toolkit made itself (`compare` plays on snapshots): True
    when its rules package holds exactly the `.py` files this user trusts in `origin`;
    False when it has no rules package of its own; else `Untrusted`, saying what to run."""
    try:
        package, rules = package_of(copy)
    except UsageError:
        return False
    files = rules_files(package)
    if origin is not None:
        try:
            theirs, _ = package_of(origin)
        except UsageError:
            theirs = None
        if theirs is not None and refusal(theirs, files, origin, rules) is None:
            return True
        if theirs is not None and Path(origin).resolve() == Path(label).resolve():
            raise Untrusted(refusal(theirs, files, origin, rules))
    raise Untrusted(f"the rules of {label} ('{rules}') are not ones you trusted: run "
                    f"`toolkit trust DIR` on a folder holding them, or add --trust to run "
                    "them for this comparison only")
