"""Import a project's own rules package from its reviewed source, and only that.

A finder placed first on `sys.meta_path` answers for the package and every module under it:
it finds `name.py` or `name/__init__.py` inside the package folder and nothing else (no
`.pyc`, no `__pycache__`, no compiled extension), and its loader compiles the source it
reads after checking that file's sha256 against the hashes the trust decision was made on
(toolkit/trust.py). Nothing is written: no `__pycache__` appears in the project.
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
                return importlib.util.spec_from_file_location(
                    fullname, location, loader=_Loader(fullname, str(location), rel, files),
                    submodule_search_locations=[str(location.parent)] if package else None)
        raise ModuleNotFoundError(f"no module named '{fullname}' (a project's rules import "
                                  "only .py files of their own package)", name=fullname)


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
