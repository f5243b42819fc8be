"""Import a project's own rules package from its reviewed source, and only that.

A finder placed first on `sys.meta_path` answers for the package and every module under it:
it finds `name.py` or `name/__init__.py` inside the package folder and nothing else (no
`.pyc`, no `__pycache__`, no compiled extension), and its loader compiles the source it
reads after checking that file's sha256 against the hashes the trust decision was made on
(toolkit/trust.py). Nothing is written: no `__pycache__` appears in the project.

A module (not a package's `__init__.py`) whose first line is `# toolkit: compile` is played
as its compiled build when one can be made: toolkit/native/project_build.py compiles the
checked bytes of the `.py` (and of the `.pxd` beside it, which the trust covers too) into a
per-user cache, keyed by those bytes, and the finder loads it from there; when no build can
be made the `.py` plays (one note says why), and under TOOLKIT_PURE_PYTHON it always does.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from pathlib import Path


class _Loader(importlib.machinery.SourceFileLoader):
    def __init__(self, fullname: str, path: str, rel: str, files: dict[str, str]):
        super().__init__(fullname, path)
        self.rel, self.files = rel, files

    def get_code(self, fullname):
        source = self.get_data(self.path)
        if hashlib.sha256(source).hexdigest() != self.files.get(self.rel):
            raise ImportError(f"rules file {self.rel} changed while the rules were loading; "
                              "run the command again", name=fullname)
        return compile(source, self.path, "exec", dont_inherit=True)


class _Finder(importlib.abc.MetaPathFinder):
    """The modules of the project rules packages imported in this process."""

    def __init__(self):
        self.packages: dict[str, tuple[Path, dict[str, str]]] = {}

    def find_spec(self, fullname, path=None, target=None):
        top = fullname.split(".", 1)[0]
        if top not in self.packages:
            return None
        folder, files = self.packages[top]
        parts = fullname.split(".")[1:]
        for rel, package in (("/".join(parts + ["__init__.py"]), True),
                             ("/".join(parts) + ".py", False)):
            if parts == [] and not package:
                continue
            if rel in files:
                location = folder.joinpath(*rel.split("/"))
                source = _Loader(fullname, str(location), rel, files)
                built = None if package else _built(folder, rel, files, fullname)
                if built is not None:
                    from toolkit.native import project_build
                    return project_build.load(fullname, built, source, f"{folder.name}/{rel}")
                return importlib.util.spec_from_file_location(
                    fullname, location, loader=source,
                    submodule_search_locations=[str(location.parent)] if package else None)
        raise ModuleNotFoundError(f"no module named '{fullname}' (a project's rules import "
                                  "only .py files of their own package)", name=fullname)


def _checked(folder: Path, rel: str, files: dict[str, str], fullname: str) -> bytes:
    """The bytes of the package's file `rel`, when their sha256 is the trusted one."""
    try:
        data = folder.joinpath(*rel.split("/")).read_bytes()
    except OSError:
        data = None
    if data is None or hashlib.sha256(data).hexdigest() != files.get(rel):
        raise ImportError(f"rules file {rel} changed while the rules were loading; "
                          "run the command again", name=fullname)
    return data


def _built(folder: Path, rel: str, files: dict[str, str], fullname: str) -> Path | None:
    """The compiled build of module `rel` when it is marked to compile and a build of its
    checked bytes (and its .pxd's) is there or can be made; None: the .py plays."""
    from toolkit.native import project_build
    source = _checked(folder, rel, files, fullname)
    if not project_build.marked(source):
        return None
    pxd_rel = rel[:-len(".py")] + ".pxd"
    if pxd_rel not in files and folder.joinpath(*pxd_rel.split("/")).exists():
        raise ImportError(f"rules file {pxd_rel} appeared while the rules were loading; "
                          "run the command again", name=fullname)
    pxd = _checked(folder, pxd_rel, files, fullname) if pxd_rel in files else None
    return project_build.build(rel, source, pxd, f"{folder.name}/{rel}")


_FINDER = _Finder()


def import_package(folder: Path, files: dict[str, str]):
    """The rules package in `folder`, imported from the `.py` files `files` hashes."""
    folder = Path(folder).resolve()
    name = "toolkit_project_rules_" + hashlib.sha256(str(folder).encode()).hexdigest()[:16]
    for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
        del sys.modules[loaded]  # a re-import after the files changed starts afresh
    _FINDER.packages[name] = (folder, dict(files))
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
    import importlib
    return importlib.import_module(name)
