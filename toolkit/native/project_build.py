"""Compile a trusted project's typed rules modules into a per-user cache, never the project.

A module of a project's rules package whose first line is `# toolkit: compile` (builds.PURE),
optionally typed by an augmenting `.pxd` beside it, is built with Cython and the C compiler
(Cython.Build.cythonize and setuptools' build_ext, in this process, no shell) into
`$TOOLKIT_CACHE/rules/<key>/` (default `$XDG_CACHE_HOME/card-toolkit`, else
`~/.cache/card-toolkit`). The key is the sha256 of the exact `.py` and `.pxd` bytes the
caller checked against the trust decision, of the module's place in the package, of the
Python ABI and of the Cython version: an edit of the rules is a new key, so an old build is
never found for new source. A build is made in a temporary folder and renamed into place
(another process building the same key meanwhile waits on its lock, then finds it done); a
process never loads a half-written file.

`build()` returns the extension file, or None: TOOLKIT_PURE_PYTHON is set (quietly), or the
build is impossible or failed (no Cython, no C compiler, a Cython error), which prints ONE
note line naming the file (in the main process only: workers play as it does) and the
caller plays the `.py` (same results). A Cython error is remembered for its key, so later
runs say so at once instead of compiling again; a missing compiler is not (install one and
the next run builds).

Builds no command has loaded for `KEEP_DAYS` (a load renews a build's folder's time) are
deleted when a new build is made (`prune`), with the failure notes and locks of that age and
the temporary folders a killed build left; nothing else in the cache folder is touched.

`load()` imports an extension file as a module of the given name. A Cython module keeps its
globals in the shared library, so loading the same file twice in one process would hand
back the first module (bound to the first package's other modules): a file already loaded
here is loaded from a private copy instead.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import importlib.machinery
import importlib.util
import io
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from toolkit.native.builds import PURE

ENV = "TOOLKIT_CACHE"
COMPILED_PACKAGE = "toolkit_project_rules"  # the dotted name the C code is compiled under
DIRECTIVES = {"language_level": 3, "annotation_typing": False}  # as setup.py's PURE_DIRECTIVES
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]
FAILED = ".failed"  # beside a key's folder: the note of a Cython error for that key
KEEP_DAYS = 30  # a build no command loaded for this long is deleted by the next build
STALE_WORK_S = 86_400  # a temporary build or load file this old was left by a killed process
BUILT = re.compile(r"^[0-9a-f]{32}(\.lock|\.failed)?$")  # a key's folder, lock, failure note

notes: list[str] = []  # the note lines of this process, in order (tests read them)
_loaded: set[str] = set()  # extension files loaded in this process


class BuildFailed(Exception):
    """Why a module was not built, in a few words; `lasting` when the same sources and
    Cython would fail again (a Cython error), so the failure is remembered for the key."""

    def __init__(self, why: str, lasting: bool = False):
        super().__init__(why)
        self.lasting = lasting


def cache_root() -> Path:
    """The folder holding the builds: `rules/` of $TOOLKIT_CACHE, else of
    $XDG_CACHE_HOME/card-toolkit, else of ~/.cache/card-toolkit."""
    if os.environ.get(ENV):
        return Path(os.environ[ENV]) / "rules"
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "card-toolkit" / "rules"


def marked(source: bytes) -> bool:
    """Whether the source's first line asks for it to be compiled (builds.PURE)."""
    return source.split(b"\n", 1)[0].strip() == PURE.encode()


def _cython() -> str:
    """Cython's version (its build tools are imported only to build: ~0.1 s); ImportError
    when Cython is not installed."""
    import Cython
    return Cython.__version__


def key(rel: str, py: bytes, pxd: bytes | None, cython_version: str) -> str:
    """The build's name: what it is compiled from and with."""
    parts = ["card-toolkit rules build 2", rel, hashlib.sha256(py).hexdigest(),  # 2: layout
             hashlib.sha256(pxd).hexdigest() if pxd is not None else "-",
             f"{sys.implementation.name}-{sys.version_info[0]}.{sys.version_info[1]}",
             sysconfig.get_config_var("EXT_SUFFIX") or SUFFIX, sysconfig.get_platform(),
             "Cython " + cython_version, repr(sorted(DIRECTIVES.items()))]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32]


def build(rel: str, py: bytes, pxd: bytes | None, shown: str) -> Path | None:
    """The extension file of the module at `rel` (e.g. "fast.py") of a rules package, made
    from these exact bytes; None (and one note, unless TOOLKIT_PURE_PYTHON asked for it)
    when it plays as Python. `shown` names the file in the note (e.g. rules/fast.py)."""
    from toolkit.native import pure_python
    if pure_python():
        return None
    try:
        version = _cython()
    except ImportError:
        return _note(shown, "Cython is not installed")
    name = key(rel, py, pxd, version)
    root = cache_root()
    done = root / name / (Path(rel).stem + SUFFIX)
    if done.is_file():
        return _used(_ours(done, shown))
    try:
        root.mkdir(mode=0o700, parents=True, exist_ok=True)
        with _locked(root / f"{name}.lock"):
            if done.is_file():  # built by another process while this one waited
                return _ours(done, shown)
            failed = root / (name + FAILED)
            if failed.is_file():
                return _note(shown, failed.read_text(encoding="utf-8", errors="replace"))
            try:
                _compile(rel, py, pxd, root, done, shown)
            except BuildFailed as exc:
                why = str(exc).replace("\n", " ")
                if exc.lasting:
                    failed.write_text(why, encoding="utf-8")
                return _note(shown, why)
        prune(root, keep=name)
    except OSError as exc:
        return _note(shown, f"the build cache '{root}' cannot be written "
                            f"({exc.strerror or exc}; set {ENV} to a folder you can write)")
    return done


def _used(done: Path | None) -> Path | None:
    """`done`, its folder's time renewed: the build is in use (see `prune`)."""
    if done is not None:
        with contextlib.suppress(OSError):
            os.utime(done.parent)
    return done


def prune(root: Path, keep: str = "", now: float | None = None) -> list[str]:
    """Delete from the cache folder `root` the builds (and failure notes, locks) untouched
    for KEEP_DAYS and temporary folders and files older than a day, this user's only; the
    names deleted. Only names the cache makes are looked at (BUILT, `.build-`, `.load-`)."""
    import time
    now = time.time() if now is None else now
    gone = []
    try:
        entries = list(os.scandir(root))
    except OSError:
        return gone
    for entry in entries:
        temporary = entry.name.startswith((".build-", ".load-"))
        if entry.name.startswith(keep or "\0") or not (temporary or BUILT.match(entry.name)):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        age = now - info.st_mtime
        if info.st_uid != os.getuid() or age < (STALE_WORK_S if temporary
                                                else KEEP_DAYS * 86_400):
            continue
        if entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
        gone.append(entry.name)
    return sorted(gone)


def _ours(done: Path, shown: str) -> Path | None:
    """`done`, unless it or its folder belongs to another user or others may write it (a
    build is code that runs: only one this user made may be loaded)."""
    for path in (done, done.parent):
        try:
            info = path.stat()
        except OSError as exc:
            return _note(shown, f"its build '{done}' cannot be read ({exc.strerror or exc})")
        if info.st_uid != os.getuid() or info.st_mode & 0o022:
            return _note(shown, f"its build '{done}' is not this user's alone; delete "
                                f"'{done.parent}' and run again")
    return done


def _compile(rel: str, py: bytes, pxd: bytes | None, root: Path, done: Path,
             shown: str) -> None:
    """Cython, then the C compiler, in a temporary folder of `root`, renamed into place
    (the folder of `done`) once the extension file is complete."""
    leaf = Path(rel).stem
    dotted = ".".join([COMPILED_PACKAGE, *Path(rel).with_suffix("").parts])
    work = Path(tempfile.mkdtemp(prefix=".build-", dir=root))
    try:
        # Cython finds the augmenting .pxd by the module's dotted name: the folders of the
        # name, each a package (an __init__.py), hold the .py and .pxd
        parts = dotted.split(".")
        source = work.joinpath("src", *parts).with_suffix(".py")
        source.parent.mkdir(parents=True)
        for depth in range(1, len(parts)):
            work.joinpath("src", *parts[:depth], "__init__.py").touch()
        source.write_bytes(py)
        if pxd is not None:
            source.with_suffix(".pxd").write_bytes(pxd)
        from setuptools import Distribution, Extension
        try:
            from Cython.Build import cythonize
        except ImportError as exc:
            raise BuildFailed(f"Cython does not load ({_few_words(exc)})") from None
        captured = io.StringIO()
        try:
            with contextlib.redirect_stdout(captured), contextlib.redirect_stderr(captured):
                module = Extension(dotted, [str(source)], extra_compile_args=["-O2", "-g0"])
                translated = cythonize([module], quiet=True,  # setup.py's flags
                                       build_dir=str(work / "c"), force=True,
                                       compiler_directives=dict(DIRECTIVES))
        except Exception as exc:  # Cython.Compiler.Errors.CompileError and kin
            raise BuildFailed(_cython_error(captured.getvalue(), exc, source, shown),
                              lasting=True) from None
        out = work / "out"
        command = _build_ext(Distribution({"ext_modules": translated}))
        command.build_lib, command.build_temp = str(out), str(work / "obj")
        try:
            with contextlib.redirect_stdout(io.StringIO()), \
                    contextlib.redirect_stderr(io.StringIO()):
                command.ensure_finalized()
                command.run()
        except BuildFailed:
            raise
        except Exception as exc:  # no compiler class for the platform, a link error...
            raise BuildFailed(_few_words(exc)) from None
        made = list(out.rglob(f"{leaf}*{SUFFIX[SUFFIX.rfind('.'):]}"))
        if len(made) != 1:
            raise BuildFailed("the build made no extension file")
        final = work / "final"
        final.mkdir()
        os.replace(made[0], final / done.name)
        for path in (final, final / done.name):
            os.chmod(path, 0o755)  # whatever the umask: only this user may change them
        try:
            os.rename(final, done.parent)  # atomic: the folder appears complete
        except OSError:
            if not done.is_file():
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _build_ext(dist):
    """setuptools' build_ext whose compiler runs capture their output: a failed compile
    becomes one BuildFailed line, a warning prints nothing."""
    from setuptools.command.build_ext import build_ext

    class Quiet(build_ext):
        def build_extensions(self):
            self.compiler.spawn = _spawn  # older setuptools run the compiler with spawn,
            self.compiler.call = _spawn   # newer ones with call
            super().build_extensions()

    return Quiet(dist)


def _spawn(cmd, *, env=None, **_):
    """Run a compiler or linker command, its output kept for the note when it fails."""
    try:
        result = subprocess.run(list(cmd), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, env=env)
    except OSError as exc:
        raise BuildFailed(f"no C compiler found ({cmd[0]}: {exc.strerror or exc})") from None
    if result.returncode != 0:
        text = result.stdout.decode("utf-8", "replace")
        errors = [line for line in text.splitlines() if "error" in line.lower()]
        last = (errors or text.splitlines() or ["no output"])[0].strip()
        raise BuildFailed(f"the C compiler failed ({' '.join(last.split())[:160]})")


LOCATED = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): (?P<what>.+)$", re.M)


def _cython_error(text: str, exc: Exception, source: Path, shown: str) -> str:
    """'Cython: rules/fast.py:15:11: cimport only allowed at module level' from Cython's
    output (its first located error), the temporary paths replaced by the package's."""
    found = LOCATED.search(text)
    if found is None:
        return f"Cython failed ({_few_words(exc)})"
    where = Path(found["file"]).name
    where = shown if where == source.name else Path(shown).with_name(where).as_posix()
    return f"Cython: {where}:{found['line']}:{found['col']}: {found['what'].strip()}"


def _few_words(exc: Exception) -> str:
    text = " ".join(str(exc).split())
    return type(exc).__name__ + (f": {text[:120]}" if text else "")


@contextlib.contextmanager
def _locked(path: Path):
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield


def _note(shown: str, why: str) -> None:
    line = (f"note: {shown} is marked to compile but was not compiled ({why}); it plays "
            "as Python (same results, slower)")
    if line not in notes:
        notes.append(line)
        if multiprocessing.parent_process() is None:  # workers play as their parent says
            print(line, file=sys.stderr)
    return None


def load(fullname: str, built: Path, fallback=None, shown: str = ""):
    """The module spec of extension file `built` imported as `fullname` (a private copy
    when this process already loaded that file under some name). `fallback`, a loader of
    the module's source, plays it when the build does not load (one note names `shown`)."""
    path, private = str(built), False
    if path in _loaded:
        fd, path = tempfile.mkstemp(prefix=".load-", suffix=SUFFIX, dir=built.parent.parent)
        os.close(fd)
        shutil.copyfile(built, path)
        private = True
    _loaded.add(path)
    loader = _BuildLoader(fullname, path)
    loader.private, loader.fallback, loader.shown = private, fallback, shown
    return importlib.util.spec_from_file_location(fullname, path, loader=loader)


class _BuildLoader(importlib.machinery.ExtensionFileLoader):
    """Loads a build as the module its package imports. A private copy is deleted once
    loaded (the process keeps it mapped); the entry Cython adds to sys.modules under the
    name it was compiled as is removed (that name is shared by every project). A build
    that does not load (a damaged file) leaves the module to the fallback, the source."""

    private, fallback, shown, failed = False, None, "", False

    def create_module(self, spec):
        try:
            return super().create_module(spec)
        except ImportError as exc:
            if self.fallback is None:
                raise
            self.failed = True
            _note(self.shown, f"its build does not load: {_few_words(exc)}")
            return None  # a plain module, which exec_module fills from the source
        finally:
            if self.private:
                with contextlib.suppress(OSError):
                    os.unlink(self.path)

    def exec_module(self, module):
        if self.failed:
            module.__file__ = self.fallback.path
            module.__loader__ = self.fallback
            return self.fallback.exec_module(module)
        super().exec_module(module)
        for name in [n for n, m in sys.modules.items()
                     if m is module and n.startswith(COMPILED_PACKAGE + ".")]:
            del sys.modules[name]
