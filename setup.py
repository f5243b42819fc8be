"""Packaging beyond pyproject.toml: a built wheel carries the bundled game (cards/), the
toolkit's templates (templates/) and the example projects (examples/) inside the package,
as toolkit/bundled/, plus every data file under toolkit/ (project templates of `toolkit
new`, a game's own templates). An editable install (`pip install -e .`) needs none of this:
toolkit/__init__.py finds cards/, templates/ and examples/ beside the package."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
BUNDLED = ("cards", "templates", "examples")
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", "output", ".schemas")


class BuildWithData(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        dest = Path(self.build_lib) / "toolkit"
        package = ROOT / "toolkit"
        for path in package.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts \
                    and path.suffix not in (".pyc", ".so", ".pyd", ".c"):
                target = dest / path.relative_to(package)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, target)
        shutil.rmtree(dest / "bundled", ignore_errors=True)  # no stale files of a past build
        for name in BUNDLED:
            shutil.copytree(ROOT / name, dest / "bundled" / name, ignore=SKIP,
                            dirs_exist_ok=True)


setup(cmdclass={"build_py": BuildWithData})
