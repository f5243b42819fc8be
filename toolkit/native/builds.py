"""Whether each compiled part is built and current, read from the files alone (nothing is
imported, Cython is not needed).

A compiled module is current when its extension file (`name.cpython-*.so`) is newer than
every source it was made from: its `.pyx`, its own `.pxd`, and every `.pxd` it cimports,
transitively (a struct changed in a `.pxd` changes the memory layout every user of it was
compiled against: an old build would read the wrong fields). setup.py's build (Cython's
dependency tracking) rebuilds every dependent module, so a fresh build always passes.
`package_states` applies this to a package whose modules cimport each other: one module
missing or stale and none of them may be used. (`include "x.pxi"` lines are not followed:
the toolkit has none.) setup.py uses the same check to keep, in an in-place rebuild, the
modules that are current.

A pure-Python-mode module is a `.py` whose first line is `# toolkit: compile` (PURE),
optionally with an augmenting `.pxd` beside it: the same file plays as Python and, built,
as C. A build writes the digests of the .py and .pxd it was made from into the extension
file (STAMP); the build is current only while both still match (a digest, not a time: an
edit that keeps the time, or a checkout, is caught too). toolkit/native/pure.py is the
import hook that makes the .py play whenever its build is not current.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.machinery
import re
from pathlib import Path

COMPILED, PYTHON, STALE = "compiled", "python", "stale"
STALE_AFTER = 2.0  # seconds a source may be newer than its build (a wheel's unpacking order)

# `from X cimport a, b as c` (names possibly in parentheses over lines) or `cimport X as y`
CIMPORT = re.compile(r"^[ \t]*(?:from[ \t]+([.\w]+)[ \t]+cimport[ \t]+(\([^)]*\)|[^\n#]*)"
                     r"|cimport[ \t]+([^\n#]*))", re.M)


# `# mirrors: <path from the folder holding toolkit/> sha256:<16 hex>`, one per line
MIRRORS = re.compile(r"^#[ \t]*mirrors:[ \t]*(\S+)[ \t]+sha256:([0-9a-f]{16})[ \t]*$", re.M)
MIRROR = "mirror: "  # how module_state's reason for a mirror fault begins


@functools.lru_cache(maxsize=1)
def root() -> Path:
    """The folder holding the `toolkit` package (dotted names are resolved from it)."""
    return Path(__file__).resolve().parent.parent.parent


def source(name: str, suffix: str) -> Path:
    """The file of dotted `name` with `suffix` (".pyx", ".pxd"; "" for a package folder)."""
    path = root().joinpath(*name.split("."))
    return path.with_name(path.name + suffix)


def extension(name: str) -> Path | None:
    """The built extension file of dotted `name`, None when there is none."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = source(name, suffix)
        if path.is_file():
            return path
    return None


def _names(text: str) -> list[str]:
    """`a, b as c` -> [a, b]."""
    return [part.split()[0] for part in text.strip("() \t\n").replace("\n", " ").split(",")
            if part.strip()]


def cimports(path: Path, name: str) -> frozenset[str]:
    """Dotted names of the toolkit modules whose `.pxd` the file of module `name` cimports
    (C libraries such as libc or cpython are left out: they are not ours)."""
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return frozenset()
    return _cimports(str(path), stamp, name)


@functools.lru_cache(maxsize=1024)
def _cimports(path: str, stamp: int, name: str) -> frozenset[str]:
    """`cimports` of one version (`stamp`) of a file: each file is read once."""
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return frozenset()
    package = name.split(".")[:-1]
    found: set[str] = set()
    for match in CIMPORT.finditer(text):
        origin, names, plain = match.groups()
        if plain is not None:
            found.update(_names(plain))
            continue
        if origin.startswith("."):  # relative: one dot = this module's package
            dots = len(origin) - len(origin.lstrip("."))
            stem = package[:len(package) - dots + 1]
            origin = ".".join(stem + [p for p in origin.lstrip(".").split(".") if p])
        if source(origin, ".pxd").is_file():
            found.add(origin)
        else:  # `from package cimport module, other`
            found.update(f"{origin}.{item}" for item in _names(names) if item != "*")
    return frozenset(item for item in found
                     if item.split(".")[0] == "toolkit" and source(item, ".pxd").is_file())


def digest(path: Path) -> str | None:
    """The first 16 hex digits of the sha256 of a file's bytes (None if it cannot be read)."""
    try:
        info = path.stat()
    except OSError:
        return None
    # ctime too: a write changes it even when the mtime is put back (`touch -r`, a checkout)
    return _digest(str(path), (info.st_mtime_ns, info.st_ctime_ns), info.st_size)


@functools.lru_cache(maxsize=1024)
def _digest(path: str, stamp: tuple, size: int) -> str | None:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]
    except OSError:
        return None


def mirrors(path: Path) -> list[tuple[str, str]]:
    """(python file, digest when ported) of every `# mirrors:` line of a .pyx or .pxd."""
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return []
    return _mirrors(str(path), stamp)


@functools.lru_cache(maxsize=1024)
def _mirrors(path: str, stamp: int) -> list[tuple[str, str]]:
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    return MIRRORS.findall(text)


def mirror_fault(paths: list[Path]) -> str:
    """'' when every Python module that `paths` (a module's sources) mirror still has the
    digest it was ported from; else MIRROR and one line naming the first that does not."""
    for path in paths:
        for python, ported in mirrors(path):
            now = digest(root() / python)
            if now is None:
                return f"{MIRROR}{python} (mirrored by {path.name}) is missing"
            if now != ported:
                return f"{MIRROR}{python} changed since {path.name} was ported from it"
    return ""


def dependencies(name: str, folder: Path | None = None) -> dict[str, list[Path]]:
    """Every toolkit module the build of `name` reads, transitively: {dotted name: its
    source files that exist (.pyx, .pxd)}. `folder` holds `name`'s own files (default:
    where its dotted name says); the modules it cimports are the installed toolkit's."""
    leaf = name.rsplit(".", 1)[-1]
    folder = folder or source(name, "").parent
    own = [path for path in (folder / f"{leaf}.pyx", folder / f"{leaf}.pxd")
           if path.is_file()]
    found = {name: own}
    todo = [(name, path) for path in own]
    while todo:
        module, path = todo.pop()
        for other in sorted(cimports(path, module)):
            if other not in found:
                pxd = source(other, ".pxd")
                found[other] = [pxd]
                todo.append((other, pxd))
    return found


# ---- pure-Python-mode modules: one typed .py that plays as Python or compiles -----------
PURE = "# toolkit: compile"  # the first line of a .py that setup.py compiles in place
STAMP = b"toolkit-source-digest:"  # what a build writes into the .so, then the stamp, NUL


def marked(path: Path) -> bool:
    """Whether the .py file `path` asks to be compiled: its first line is PURE."""
    try:
        info = path.stat()
    except OSError:
        return False
    return _marked(str(path), info.st_mtime_ns)


@functools.lru_cache(maxsize=1024)
def _marked(path: str, stamp: int) -> bool:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.readline().strip() == PURE
    except OSError:
        return False


def pure_modules() -> list[str]:
    """Dotted names of every pure-mode module of the package (a marked .py, no .pyx)."""
    base = root()
    return sorted(".".join(path.relative_to(base).with_suffix("").parts)
                  for path in (base / "toolkit").rglob("*.py")
                  if marked(path) and not path.with_suffix(".pyx").is_file())


def pure_stamp(py: Path) -> str:
    """What a compiled pure-mode module was made from: the digests of its .py, of the
    augmenting .pxd beside it ("-" when there is none) and of every toolkit .pxd that one
    cimports, transitively (their declarations are compiled into it)."""
    name = _dotted(py)
    others = sorted(path for module, paths in dependencies(name, py.parent).items()
                    if module != name for path in paths)
    return "+".join([digest(py) or "-", digest(py.with_suffix(".pxd")) or "-"]
                    + [digest(path) or "-" for path in others])


def _dotted(py: Path) -> str:
    """The dotted name of the module file `py` (its stem when outside root())."""
    try:
        return ".".join(py.relative_to(root()).with_suffix("").parts)
    except ValueError:
        return py.stem


def built_stamp(built: Path) -> str | None:
    """The pure_stamp a build wrote into the extension file `built` (None: none found)."""
    try:
        info = built.stat()
    except OSError:
        return None
    return _built_stamp(str(built), info.st_mtime_ns, info.st_size)


@functools.lru_cache(maxsize=256)
def _built_stamp(path: str, stamp: int, size: int) -> str | None:
    try:
        data = Path(path).read_bytes()
    except OSError:
        return None
    at = data.find(STAMP)
    if at < 0:
        return None
    end = data.find(b"\0", at)
    return data[at + len(STAMP):end].decode("ascii", "replace")


def pure_state(py: Path, built: Path | None) -> tuple[str, str]:
    """(COMPILED | PYTHON | STALE, why) of the pure-mode module of `py` built as `built`:
    STALE when the .py, its .pxd or a .pxd that one cimports differs from what the build
    was made from (its stamp: digests, not times)."""
    if built is None or not built.is_file():
        return PYTHON, "not built"
    made, now = built_stamp(built), pure_stamp(py)
    if made != now:
        old, new = (made or "").split("+"), now.split("+")
        changed = (py.name if old[:1] != new[:1] else py.with_suffix(".pxd").name
                   if old[1:2] != new[1:2] else "a .pxd it cimports")
        return STALE, f"{changed} changed since it was compiled"
    return COMPILED, ""


def folder_state(folder: Path) -> tuple[str, str]:
    """(state, why) of the pure-mode modules of one package folder, used together or not
    at all (their .pxd files may declare each other's classes), with the folders of the
    modules they cimport, transitively (a compiled module needs the compiled build of what
    it cimports: a `phases/` module of a game cimports the game's `state`): COMPILED when
    every one is, else the first fault (a STALE one before a PYTHON one), why naming its
    file."""
    worst = (COMPILED, "")
    for unit in _unit_folders(folder):
        for py in _pure_in(unit):
            state, why = pure_state(py, extension_in(unit, py.stem))
            where = _shown_folder(unit)
            if state == STALE:
                return STALE, f"{where}/{why}"
            if state == PYTHON and worst[0] == COMPILED:
                worst = (PYTHON, f"{where}/{py.name} is not compiled")
    return worst


def _pure_in(folder: Path) -> list[Path]:
    """The pure-mode modules (marked, no .pyx twin) of one folder, sorted."""
    return [py for py in sorted(folder.glob("*.py"))
            if marked(py) and not py.with_suffix(".pyx").is_file()]


def _unit_folders(folder: Path) -> list[Path]:
    """`folder`, then the folders of the toolkit modules its pure-mode modules cimport,
    transitively, in the order found."""
    found, todo = [folder], [folder]
    while todo:
        for py in _pure_in(todo.pop(0)):
            for module in dependencies(_dotted(py), py.parent):
                other = source(module, "").parent
                if other not in found:
                    found.append(other)
                    todo.append(other)
    return found


def _shown_folder(folder: Path) -> str:
    """`folder` from the folder holding toolkit/ (toolkit/games/x), else its own name."""
    try:
        return folder.resolve().relative_to(root()).as_posix()
    except ValueError:
        return folder.name


def extension_in(folder: Path, leaf: str) -> Path | None:
    """The built extension file of module `leaf` in `folder`, None when there is none."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = folder / (leaf + suffix)
        if path.is_file():
            return path
    return None


def module_state(name: str, built: Path | None = None,
                 margin: float = STALE_AFTER) -> tuple[str, str]:
    """(COMPILED | PYTHON | STALE, why) of dotted `name` (or of the extension file
    `built`, e.g. an imported module's __file__): PYTHON when there is no extension file,
    STALE when one of its sources (see `dependencies`) is newer than it by > `margin` s,
    or when a Python module it mirrors changed since it was ported (`mirror_fault`)."""
    built = built or extension(name)
    py = source(name, ".py")
    if not source(name, ".pyx").is_file() and marked(py):
        return pure_state(py, built)
    try:
        made = built.stat().st_mtime
    except (OSError, AttributeError):
        return PYTHON, "not built"
    found = dependencies(name, built.parent)
    for paths in found.values():
        for path in paths:
            try:
                if path.stat().st_mtime > made + margin:
                    return STALE, f"{path.name} is newer than the build"
            except OSError:
                continue
    fault = mirror_fault([path for paths in found.values() for path in paths])
    if fault:
        return STALE, fault
    return COMPILED, ""


def package_modules(package: str) -> list[str]:
    """The compiled modules `package` needs: each `.pyx` in its folder, and every module
    with a `.pyx` that those cimport (e.g. toolkit.native.mt), sorted."""
    folder = source(package, "")
    own = sorted(f"{package}.{path.stem}" for path in folder.glob("*.pyx"))
    needed = set(own)
    for name in own:
        needed.update(other for other in dependencies(name)
                      if source(other, ".pyx").is_file())
    return sorted(needed)


def package_states(package: str) -> dict[str, tuple[str, str]]:
    """{module: module_state} of every compiled module `package` needs (`package_modules`);
    the package may be used only when all are COMPILED."""
    return {name: module_state(name) for name in package_modules(package)}
