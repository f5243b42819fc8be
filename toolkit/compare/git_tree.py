"""A git revision's project content, read without running anything the repository names.

A `.git/` that travels with a project (a zip of someone's working copy) brings its own
config: smudge and clean filters, textconv drivers, `core.fsmonitor`, hooks, a pager. None
of it runs here. Only plumbing that applies no filter and no attribute is used (`rev-parse`,
`ls-tree`, `cat-file --batch`), with the programs git could start overridden on the command
line (`-c core.fsmonitor=false`, `core.hooksPath`, `core.pager`), the system config skipped,
optional locks off and pathspecs literal.

Each blob's size comes from `ls-tree -l` before it is read: one over the content cap
(`snapshot.MAX_FILE_BYTES`), or a revision over the total caps, is refused before any of it
is read; blobs are streamed to disk in chunks, never held whole. Links are written as links
and refused when, followed, they leave the project's copy (an absolute target, `..`, a chain
of links); submodules are ignored; a name git would refuse to check out ('..', '.git') is
refused. Every refusal is a one-line UsageError.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path, PurePosixPath

from toolkit.compare.snapshot import MAX_FILE_BYTES, MAX_FILES, Budget, content_names, copy_stream
from toolkit.errors import UsageError

MAX_LINK_BYTES = 4096  # a link's target (PATH_MAX)
SAFE_OPTIONS = ("--no-pager", "--no-replace-objects", "--literal-pathspecs",
                "-c", "core.fsmonitor=false", "-c", f"core.hooksPath={os.devnull}",
                "-c", "core.pager=cat", "-c", f"core.attributesFile={os.devnull}")
SAFE_ENV = {"GIT_CONFIG_NOSYSTEM": "1", "GIT_OPTIONAL_LOCKS": "0", "GIT_TERMINAL_PROMPT": "0",
            "GIT_LITERAL_PATHSPECS": "1", "GIT_NO_REPLACE_OBJECTS": "1"}


def git_command(repo: Path, *args: str, discover: bool = False) -> tuple[list[str], dict]:
    """The argument list and environment of a git command run with these protections, on
    the repository whose git folder is `repo` (with `discover`, the one holding `repo`)."""
    where = ["-C", str(repo)] if discover else [f"--git-dir={repo}"]
    return ["git", *SAFE_OPTIONS, *where, *args], {**os.environ, **SAFE_ENV}


def git(repo: Path, *args: str, discover: bool = False) -> subprocess.CompletedProcess:
    command, env = git_command(repo, *args, discover=discover)
    try:
        return subprocess.run(command, capture_output=True, text=True, check=False, env=env,
                              stdin=subprocess.DEVNULL)
    except FileNotFoundError:
        raise UsageError("git is not installed; compare two project directories instead") from None


def repository(anchor: Path, spec: str) -> tuple[Path, str]:
    """The git folder of the repository holding `anchor`, and the project's prefix in it.
    Later commands name that folder (`--git-dir`): a `core.worktree` in the repository's
    config cannot send them to another folder."""
    found = git(anchor, "rev-parse", "--absolute-git-dir", "--show-toplevel", "--show-prefix",
                discover=True)
    lines = found.stdout.split("\n")
    if found.returncode != 0 or len(lines) < 3:
        raise UsageError(f"'{spec}' is neither a directory nor a git revision "
                         f"('{anchor}' is not inside a git repository)")
    git_dir, top, prefix = Path(lines[0]), Path(lines[1]), lines[2].strip()
    here, top_real = anchor.resolve(), top.resolve()
    if here != top_real and top_real not in here.parents:
        raise UsageError(f"the git repository holding '{anchor}' names another work tree "
                         f"('{top}', its core.worktree); compare two directories instead")
    return git_dir, prefix


def commit_of(git_dir: Path, spec: str) -> str:
    found = git(git_dir, "rev-parse", "--verify", "--quiet", "--end-of-options",
                f"{spec}^{{commit}}")
    if found.returncode != 0 or not found.stdout.strip():
        shown = git_dir.parent if git_dir.name == ".git" else git_dir
        raise UsageError(f"'{spec}' is neither a directory nor a revision of the git "
                         f"repository at '{shown}'")
    return found.stdout.strip()


def extract_revision(git_dir: Path, commit: str, prefix: str, dest: Path) -> Path:
    """Write the project's content at `commit` of the repository whose git folder is
    `git_dir` under `dest`; return the project root there."""
    where = f"revision {commit[:10]}"
    base = PurePosixPath(prefix) if prefix else None
    listed = _list(git_dir, commit, [prefix] if prefix else [], where, recursive=False)
    names = {_relative(path, base, where).parts[0] for _m, _t, _o, _s, path in listed}
    wanted = [str(base / n) if base else n for n in content_names(names, "cards" in names)]
    entries = _list(git_dir, commit, wanted, where, recursive=True) if wanted else []
    budget, blobs, links = Budget(where), [], []
    for mode, kind, oid, size, path in entries:
        rel = _relative(path, base, where)
        if kind == "commit":
            continue                       # a submodule: not part of this repository
        if kind != "blob":
            raise UsageError(f"{where} holds '{path}' of an unknown type '{kind}'")
        if mode == "120000":
            if size > MAX_LINK_BYTES:
                raise UsageError(f"{where} holds '{path}', a link {size} bytes long")
            links.append((oid, size, rel, path))
        else:
            budget.take(size, f"{where}: '{path}'")
            blobs.append((oid, size, rel, path))
    root = dest / Path(*base.parts) if base else dest
    root.mkdir(parents=True)
    targets = {}
    with _Blobs(git_dir, where) as reader:
        for oid, size, rel, path in blobs:
            reader.copy(oid, size, root / Path(*rel.parts), f"{where}: '{path}'")
        for oid, size, rel, path in links:
            targets[rel] = reader.read(oid, size)
    for rel, target in targets.items():
        _link(root, rel, target, where)
    for rel in targets:   # all made: now each is followed through the others
        _check_link(root, rel, where)
    return root


def _list(git_dir: Path, commit: str, paths: list[str], where: str, recursive: bool) -> list:
    """(mode, type, object, size, path) of the tree entries at `paths` (or the top),
    streamed from `git ls-tree -z -l` and refused beyond MAX_FILES entries."""
    args = ["ls-tree", "-z", "-l", "--full-tree", *(["-r"] if recursive else []),
            "--end-of-options", commit]
    command, env = git_command(git_dir, *args, *paths)  # no "--" after --end-of-options
    entries = []
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                          stdin=subprocess.DEVNULL) as proc:
        pending = b""
        while True:
            chunk = proc.stdout.read(64 * 1024)
            if not chunk:
                break
            *records, pending = (pending + chunk).split(b"\0")
            for record in records:
                entries.append(_entry(record, where))
            if len(entries) > MAX_FILES or len(pending) > 2 * MAX_LINK_BYTES:
                proc.kill()
                raise UsageError(f"{where} holds over {MAX_FILES} entries in the project's "
                                 "content; compare copies no more than that")
        error = proc.stderr.read().decode(errors="replace").strip().splitlines()
        if proc.wait() != 0:
            raise UsageError(f"git ls-tree {commit[:10]} failed: {error[-1] if error else '?'}")
    return entries


def _entry(record: bytes, where: str) -> tuple[str, str, str, int, str]:
    head, _, name = record.partition(b"\t")
    fields = head.decode("ascii", errors="replace").split()
    if len(fields) != 4:
        raise UsageError(f"{where}: git ls-tree gave an unreadable line")
    mode, kind, oid, size = fields
    return mode, kind, oid, int(size) if size.isdigit() else 0, os.fsdecode(name)


def _relative(path: str, base: PurePosixPath | None, where: str) -> PurePosixPath:
    """`path` (from the repository's top) relative to the project, its parts checked."""
    full = PurePosixPath(path)
    if any(part in ("", ".", "..") or part.lower() == ".git" for part in full.parts) \
            or full.is_absolute() or "\\" in path:
        raise UsageError(f"{where} holds '{path}', a path git itself would refuse to check "
                         "out; compare refuses such a revision")
    if base is None:
        return full
    try:
        rel = full.relative_to(base)
    except ValueError:
        raise UsageError(f"{where}: git listed '{path}', outside the project") from None
    if not rel.parts:
        raise UsageError(f"{where}: the project '{base}' is not a folder there")
    return rel


def _leaves(rel: PurePosixPath, where: str) -> UsageError:
    return UsageError(f"{where} holds '{rel}', a link or path that leaves the project; "
                      "compare refuses such a revision")


def _link(root: Path, rel: PurePosixPath, target: bytes, where: str) -> None:
    """Make the link `rel` -> `target` under `root` (absolute targets refused at once)."""
    if b"\0" in target or not target or target.startswith(b"/"):
        raise _leaves(rel, where)
    place = root / Path(*rel.parts)
    try:
        place.parent.mkdir(parents=True, exist_ok=True)
        os.symlink(os.fsdecode(target), place)
    except OSError as exc:
        raise UsageError(f"{where} holds '{rel}', a link that cannot be made "
                         f"({exc.strerror or exc})") from None
    _check_link(root, rel, where)


def _check_link(root: Path, rel: PurePosixPath, where: str) -> None:
    """Refuse the link `rel` if, followed through every link, it leads out of `root`."""
    try:
        real = (root / Path(*rel.parts)).resolve()
    except RuntimeError:          # a loop of links: the loader cannot read it either
        return
    top = root.resolve()
    if real != top and top not in real.parents:
        raise _leaves(rel, where)


class _Blobs:
    """One `git cat-file --batch` process: blobs by object id, streamed, never filtered."""

    def __init__(self, git_dir: Path, where: str):
        self.git_dir, self.where, self.proc = git_dir, where, None

    def __enter__(self) -> "_Blobs":
        command, env = git_command(self.git_dir, "cat-file", "--batch")
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, env=env)
        return self

    def __exit__(self, *exc) -> None:
        self.proc.kill()
        self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                stream.close()
            except OSError:
                pass

    def _open(self, oid: str, size: int, shown: str) -> None:
        try:
            self.proc.stdin.write(oid.encode("ascii") + b"\n")
            self.proc.stdin.flush()
        except OSError:
            raise UsageError(f"{shown}: git cat-file stopped") from None
        header = self.proc.stdout.readline(256).split()
        if len(header) != 3 or header[1] != b"blob" or header[2] != str(size).encode():
            raise UsageError(f"{shown}: git cat-file gave no blob of {size} bytes for it")

    def copy(self, oid: str, size: int, target: Path, shown: str) -> None:
        self._open(oid, size, shown)
        try:
            copy_stream(self.proc.stdout, target, MAX_FILE_BYTES, shown, size=size)
        except FileExistsError:
            raise UsageError(f"{shown}: listed twice in the revision") from None
        self.proc.stdout.read(1)  # the newline after each object

    def read(self, oid: str, size: int) -> bytes:
        self._open(oid, size, f"{self.where}: a link")
        data = self.proc.stdout.read(size)
        self.proc.stdout.read(1)
        return data
