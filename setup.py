"""Packaging beyond pyproject.toml.

Data: a built wheel carries the bundled game (cards/), the toolkit's templates (templates/)
and the example projects (examples/) inside the package, as toolkit/bundled/, plus every
data file under toolkit/ (project templates of `toolkit new`, a game's own templates). An
editable install (`pip install -e .`) needs none of this: toolkit/__init__.py finds cards/,
templates/ and examples/ beside the package.

Compiled parts: every `toolkit/**/*.pyx`, and every `.py` whose first line is
`# toolkit: compile` (Cython's pure Python mode: the same file runs as Python), becomes an
extension module of the same dotted name (toolkit/native/mt.pyx -> toolkit.native.mt),
built by the ordinary `pip install -e .` (in place, beside the source) and `pip install .` (into the wheel): Cython translates them in
parallel processes, then gcc compiles them in parallel (TOOLKIT_BUILD_JOBS, default: the
CPUs this process may use; `build_ext -j N` too). An in-place build (`pip install -e .`,
`build_ext --inplace`) keeps each module already built beside its .pyx that is newer than
the .pyx and every .pxd it reads (toolkit/native/builds.py). They are optional: where
Cython or a C compiler is missing, or a module fails to compile, the install still succeeds,
says so in one line, and `toolkit.native.load` falls back to the Python modules at run time.
Set TOOLKIT_NATIVE_STRICT=1 to make a failed compile fail the install (for developers).
"""

import importlib.util
import os
import shutil
import sys
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def _builds():
    """toolkit/native/builds.py (standard library only), without importing toolkit."""
    spec = importlib.util.spec_from_file_location("toolkit_builds",
                                                  ROOT / "toolkit" / "native" / "builds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILDS = _builds()
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
    """One extension per .pyx under toolkit/, and one per pure-Python-mode .py (first line
    `# toolkit: compile`, see toolkit/native/builds.py), named by its dotted path. -O2 and
    no -march=native: a wheel must run on any machine of its platform tag."""
    found = []
    sources = sorted((ROOT / "toolkit").rglob("*.pyx")) + [
        ROOT.joinpath(*name.split(".")).with_suffix(".py") for name in BUILDS.pure_modules()]
    for path in sources:
        rel = path.relative_to(ROOT)
        name = ".".join(rel.with_suffix("").parts)
        found.append(Extension(name, [rel.as_posix()], extra_compile_args=["-O2", "-g0"]))
    return found


def stamp_source(ext, folder: str) -> None:
    """A pure-mode module's build carries the digests of the .py and .pxd it is made from
    (builds.pure_stamp, taken before Cython reads them): one more C file of the extension,
    whose string the import hook finds in the .so (builds.built_stamp)."""
    py = ROOT / ext.sources[0]
    if py.suffix != ".py":
        return
    stamp = BUILDS.pure_stamp(py)
    path = Path(folder) / "stamps" / f"{ext.name}.c"
    path.parent.mkdir(parents=True, exist_ok=True)
    symbol = "toolkit_source_digest_" + ext.name.replace(".", "_")
    path.write_text(f'const char {symbol}[] = "{BUILDS.STAMP.decode()}{stamp}";\n')
    ext.sources.append(str(path))


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


def build_jobs(requested=None) -> int:
    """How many Cython translations and C compiles run at once: TOOLKIT_BUILD_JOBS, else
    `build_ext -j N`, else the CPUs this process may use."""
    for value in (os.environ.get("TOOLKIT_BUILD_JOBS", "").strip(), requested):
        if value not in (None, "", True, False):
            try:
                return max(1, int(value))
            except ValueError:
                raise SystemExit(f"card-toolkit: TOOLKIT_BUILD_JOBS={value!r} is not a "
                                 "whole number; set it to how many compiles may run at once")
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def strict() -> bool:
    return os.environ.get("TOOLKIT_NATIVE_STRICT", "") not in ("", "0")


class OptionalBuildExt(build_ext):
    """Translates every .pyx (Cython, in parallel processes), then compiles the C files
    (gcc subprocesses run from a thread pool), biggest first. A module that cannot be
    built is left out (the Python fallback is used) instead of failing the install."""

    def run(self):
        self.skipped: list[tuple[str, str]] = []  # (module, why)
        self.in_place = bool(self.inplace or getattr(self, "editable_mode", False))
        self.kept: list[Extension] = []
        try:
            super().run()
        except Exception as exc:  # no Cython, no compiler at all, broken toolchain...
            self._skip(self.extensions, exc)
        self.extensions += self.kept  # copied back in place and listed as outputs
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
        jobs = build_jobs(self.parallel)
        for ext in [ext for ext in self.extensions if self._current(ext)]:
            self.extensions.remove(ext)  # built in place, nothing changed since: kept
            self.kept.append(ext)
        from Cython.Build import cythonize  # missing: run() skips every module
        options = dict(build_dir=os.path.join(self.build_temp, "cython"), quiet=True,
                       include_path=[str(ROOT)], compiler_directives={"language_level": 3},
                       force=self.force)
        for ext in self.extensions:
            stamp_source(ext, self.build_temp)
        todo, translated = [], []
        for pure, directives in ((False, {}), (True, PURE_DIRECTIVES)):
            group = sorted((ext for ext in self.extensions if _pure(ext) == pure), key=_size,
                           reverse=True)  # longest first: no tail
            copies = [[Extension(ext.name, list(ext.sources))] for ext in group]
            settings = {**options, "compiler_directives": {
                **options["compiler_directives"], **directives}}
            if pure:  # not current by its stamp (_current): translate again, whatever the
                settings["force"] = True  # times of Cython's old .c say (a restored mtime)
            todo += group
            translated += in_parallel(ProcessPoolExecutor, jobs,
                                      partial(cythonize, **settings),
                                      copies)  # Cython is Python code: processes, not threads
        for ext, (done, exc) in zip(todo, translated):
            if exc is not None:
                self._skip([ext], exc)
            else:
                self._adopt(ext, done[0])
        todo = sorted(self.extensions, key=_size, reverse=True)
        compiled = in_parallel(ThreadPoolExecutor, jobs, self._compile, todo)  # gcc is a
        for ext, (_, exc) in zip(todo, compiled):  # subprocess: threads run them at once
            if exc is not None:
                self._skip([ext], exc)

    @staticmethod
    def _adopt(ext, done):
        """ext.sources becomes Cython's .c file; the Extension keeps its settings, plus
        any `# distutils: ...` line of the .pyx."""
        ext.sources = done.sources
        for attr in DIRECTIVE_LISTS:
            mine = getattr(ext, attr)
            mine += [entry for entry in getattr(done, attr) if entry not in mine]
        ext.language = done.language or ext.language

    def _current(self, ext) -> bool:
        """Whether an in-place build (`pip install -e .`, `build_ext --inplace`) may keep
        the module built beside its .pyx: newer than the .pyx and every .pxd it reads
        (toolkit/native/builds.py, the run-time check). It is copied where the build
        puts its outputs; setuptools copies it back, times kept."""
        if not self.in_place or self.force or BUILDS.module_state(ext.name, margin=0)[0] \
                != BUILDS.COMPILED:
            return False
        target = Path(self.get_ext_fullpath(ext.name))
        built = BUILDS.extension(ext.name)
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.resolve() != built.resolve():
            shutil.copy2(built, target)
        return True

    def _compile(self, ext):
        build_ext.build_extension(self, ext)

    def _skip(self, extensions, exc: Exception):
        if strict():
            raise exc
        reason = skip_reason(exc)
        for ext in list(extensions):
            self.skipped.append((ext.name, reason))
            if ext in self.extensions:
                self.extensions.remove(ext)  # nothing to copy or record for it


def in_parallel(pool_class, jobs: int, work, items: list) -> list[tuple[object, Exception]]:
    """(result, None) or (None, exception) of work(item) for each item, `jobs` at a time
    in a pool of `pool_class` (one after another when jobs is 1 or no pool can start)."""
    def one(item):
        try:
            return work(item), None
        except Exception as exc:
            return None, exc

    if jobs < 2 or len(items) < 2:
        return [one(item) for item in items]
    try:
        with pool_class(max_workers=jobs) as pool:
            futures = [pool.submit(work, item) for item in items]
            done = [(None, future.exception()) if future.exception() is not None
                    else (future.result(), None) for future in futures]
    except (OSError, NotImplementedError):  # no processes here (sandbox, no /dev/shm)
        done = [(None, BrokenExecutor())] * len(items)
    return [one(item) if isinstance(exc, BrokenExecutor) else (result, exc)
            for item, (result, exc) in zip(items, done)]  # a dead worker: again, here


# a pure-mode .py takes its C types from its .pxd only: its annotations stay hints, never
# checks that would make the compiled module refuse what the Python one accepts
PURE_DIRECTIVES = {"annotation_typing": False}


def _pure(ext) -> bool:
    return ext.sources[0].endswith(".py")


def _size(ext) -> int:
    """Bytes of the module's source (.pyx, then .c): a guess of how long it takes."""
    try:
        return os.path.getsize(ext.sources[0])
    except OSError:
        return 0


if __name__ == "__main__":  # pip's build backend runs this file as __main__ too
    setup(ext_modules=native_extensions(),
          cmdclass={"build_py": BuildWithData, "build_ext": OptionalBuildExt})
