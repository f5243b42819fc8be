"""Packaging beyond pyproject.toml.

Data: a built wheel carries the bundled game (cards/), the toolkit's templates (templates/)
and the example projects (examples/) inside the package, as toolkit/bundled/, plus every
data file under toolkit/ (project templates of `toolkit new`, a game's own templates). An
editable install (`pip install -e .`) needs none of this: toolkit/__init__.py finds cards/,
templates/ and examples/ beside the package.

Compiled parts: every `toolkit/**/*.pyx` becomes an extension module of the same dotted name
(toolkit/native/mt.pyx -> toolkit.native.mt), built by the ordinary `pip install -e .`
(in place, beside the .pyx) and `pip install .` (into the wheel). They are optional: where
Cython or a C compiler is missing, or a module fails to compile, the install still succeeds,
says so in one line, and `toolkit.native.load` falls back to the Python modules at run time.
Set TOOLKIT_NATIVE_STRICT=1 to make a failed compile fail the install (for developers).
"""

import os
import shutil
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
BUNDLED = ("cards", "templates", "examples")
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", "output", ".schemas")
COMPILED_SUFFIXES = (".pyc", ".so", ".pyd", ".c", ".html")  # build products, never data


class BuildWithData(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        dest = Path(self.build_lib) / "toolkit"
        package = ROOT / "toolkit"
        for path in package.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts \
                    and path.suffix not in COMPILED_SUFFIXES:
                target = dest / path.relative_to(package)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, target)
        shutil.rmtree(dest / "bundled", ignore_errors=True)  # no stale files of a past build
        for name in BUNDLED:
            shutil.copytree(ROOT / name, dest / "bundled" / name, ignore=SKIP,
                            dirs_exist_ok=True)


def native_extensions() -> list[Extension]:
    """One extension per .pyx under toolkit/, named by its dotted path. -O2 and no
    -march=native: a wheel must run on any machine of its platform tag."""
    found = []
    for pyx in sorted((ROOT / "toolkit").rglob("*.pyx")):
        rel = pyx.relative_to(ROOT)
        name = ".".join(rel.with_suffix("").parts)
        found.append(Extension(name, [rel.as_posix()], extra_compile_args=["-O2", "-g0"]))
    return found


DIRECTIVE_LISTS = ("libraries", "library_dirs", "include_dirs", "define_macros",
                   "extra_compile_args", "extra_link_args")


def skip_reason(exc: Exception) -> str:
    """Why a compiled part was not built, in a few words."""
    kind, source = type(exc).__name__, type(exc).__module__
    if isinstance(exc, ImportError) and "Cython" in str(exc):
        return "Cython is not installed"
    if source.startswith("Cython"):
        return "Cython could not translate it (errors above)"
    if kind in ("CompileError", "LinkError"):
        return "the C compiler failed" if kind == "CompileError" else "linking failed"
    if "Platform" in kind or isinstance(exc, FileNotFoundError):
        return "no C compiler found"
    text = " ".join(str(exc).split())
    return kind + (f": {text[:80]}" if text else "")


class OptionalBuildExt(build_ext):
    """Cythonizes and compiles each extension on its own; one that cannot be built is
    left out (the Python fallback is used) instead of failing the install."""

    def run(self):
        self.skipped: list[tuple[str, str]] = []  # (module, why)
        try:
            super().run()
        except Exception as exc:  # no compiler at all, broken toolchain...
            self._skip(self.extensions, exc)
        if self.skipped:
            by_reason: dict[str, list[str]] = {}
            for name, reason in self.skipped:
                by_reason.setdefault(reason, []).append(name)
            what = "; ".join(f"{', '.join(names)}: {reason}"
                             for reason, names in by_reason.items())
            print(f"card-toolkit: compiled parts skipped ({what}); "
                  "the Python engine will be used (same results, slower). To build them, "
                  "install a C compiler and Python headers (Debian: build-essential "
                  "python3-dev) and reinstall.", file=sys.stderr, flush=True)

    def build_extensions(self):
        self.check_extensions_list(self.extensions)
        for ext in list(self.extensions):  # a skipped one leaves self.extensions
            self.build_extension(ext)

    def build_extension(self, ext):
        try:
            from Cython.Build import cythonize
            build_dir = os.path.join(self.build_temp, "cython")
            (done,) = cythonize([Extension(ext.name, list(ext.sources))],
                                build_dir=build_dir, include_path=[str(ROOT)],
                                compiler_directives={"language_level": 3}, quiet=True,
                                force=self.force)
            ext.sources = done.sources  # the .c file; the Extension keeps its settings,
            for attr in DIRECTIVE_LISTS:  # plus any `# distutils: ...` line of the .pyx
                mine = getattr(ext, attr)
                mine += [item for item in getattr(done, attr) if item not in mine]
            ext.language = done.language or ext.language
            super().build_extension(ext)
        except Exception as exc:
            self._skip([ext], exc)

    def _skip(self, extensions, exc):
        if os.environ.get("TOOLKIT_NATIVE_STRICT", "") not in ("", "0"):
            raise
        reason = skip_reason(exc)
        for ext in list(extensions):
            self.skipped.append((ext.name, reason))
            if ext in self.extensions:
                self.extensions.remove(ext)  # nothing to copy or record for it


if __name__ == "__main__":  # pip's build backend runs this file as __main__ too
    setup(ext_modules=native_extensions(),
          cmdclass={"build_py": BuildWithData, "build_ext": OptionalBuildExt})
