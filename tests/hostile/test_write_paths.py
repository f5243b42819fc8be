"""Every write and delete of the toolkit goes through `toolkit.guarded_files` (links never
lead out, writes are atomic, nothing is deleted that the toolkit did not write). This test
reads every module of `toolkit/` and fails on any call that writes or deletes files
elsewhere, unless it is in the short allowlist below with the reason it is safe."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "toolkit"
GUARDED = "toolkit/guarded_files.py"

# shutil functions that only read or ask
SHUTIL_READS = {"which", "ignore_patterns", "get_terminal_size", "disk_usage"}
# methods that write or delete whatever object they are called on
WRITE_METHODS = {"write_text", "write_bytes", "unlink", "rmdir", "touch", "symlink_to",
                 "hardlink_to", "truncate"}
# os functions that write, delete, move or create
OS_WRITES = {"remove", "unlink", "rmdir", "removedirs", "replace", "rename", "renames",
             "open", "symlink", "link", "truncate", "mkfifo"}
OS_WRITE_FLAGS = ("O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC", "O_APPEND")  # os.open that writes

# (module, call) -> why it is safe outside the guarded module
ALLOWED = {
    ("toolkit/compare/versions.py", "shutil.rmtree"):
        "removes compare's own temporary folder (tempfile.mkdtemp) when the block ends",
    ("toolkit/compare/snapshot.py", "open('xb')"):
        "copy_stream writes a new file (never an existing one) into compare's own "
        "temporary folder, size-capped",
    ("toolkit/compare/git_tree.py", "os.symlink"):
        "recreates a revision's relative link inside compare's own temporary folder, "
        "then checks that it stays inside",
    ("toolkit/new/scaffold.py", "shutil.copy2"):
        "new copies template files into the folder the user named, missing files only, "
        "after refusing any link on the way (scaffold._link_on_way)",
    ("toolkit/new/scaffold.py", ".write_text"):
        "new writes .gitignore into the folder the user named, under the same checks",
    ("toolkit/sheets/files.py", "open('w')"):
        "write_sheets writes a CSV only into export's own staging folder "
        "(sheets.command._write_sheet_file), which is then written by guarded_files",
    ("toolkit/trust.py", "os.replace"):
        "the trust record in the user's own config folder (not a project's), written "
        "through a temp file and a rename",
    ("toolkit/balance/command.py", "shutil.rmtree"):
        "removes balance's own temporary folder of candidates (tempfile.mkdtemp)",
    ("toolkit/balance/search.py", "shutil.copytree"):
        "copies the project's own rules package (links kept as links) into balance's own "
        "temporary candidate folder",
    ("toolkit/trust.py", "open('a')"):
        "the lock file beside the trust record in the user's own config folder",
    # a trusted project's compiled rules: the user's own build cache (TOOLKIT_CACHE or
    # ~/.cache/card-toolkit/rules), never the project (tests/native/test_project_build.py)
    ("toolkit/native/project_build.py", ".write_bytes"):
        "the checked .py/.pxd bytes, into the build's own temporary folder (mkdtemp)",
    ("toolkit/native/project_build.py", ".touch"):
        "the empty __init__.py files of that temporary folder",
    ("toolkit/native/project_build.py", "os.replace"):
        "moves the finished extension file within that temporary folder",
    ("toolkit/native/project_build.py", "os.rename"):
        "renames the complete build folder into the cache (atomic; never over another)",
    ("toolkit/native/project_build.py", "shutil.rmtree"):
        "removes the build's own temporary folder when the build ends",
    ("toolkit/native/project_build.py", ".write_text"):
        "the one-line note of a Cython error, beside its build's folder in the cache",
    ("toolkit/native/project_build.py", "open('a')"):
        "the lock file of one build, in the cache",
    ("toolkit/native/project_build.py", "shutil.copyfile"):
        "a private copy of a build (a new mkstemp file in the cache) for a second load",
    ("toolkit/native/project_build.py", "os.unlink"):
        "deletes that private copy once it is loaded",
}


def _mode(call: ast.Call, first: int) -> str | None:
    for keyword in call.keywords:
        if keyword.arg == "mode" and isinstance(keyword.value, ast.Constant):
            return keyword.value.value
    if len(call.args) > first and isinstance(call.args[first], ast.Constant):
        value = call.args[first].value
        return value if isinstance(value, str) else None
    return None


def writes_in(source: str, name: str) -> list[tuple[int, str]]:
    """(line, call) of every file-system write or delete in a module's source."""
    found = []
    for node in ast.walk(ast.parse(source, name)):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id == "shutil" and node.attr not in SHUTIL_READS:
            found.append((node.lineno, f"shutil.{node.attr}"))
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        owner = func.value.id if isinstance(func, ast.Attribute) and \
            isinstance(func.value, ast.Name) else None
        if isinstance(func, ast.Name) and func.id == "open" or \
                isinstance(func, ast.Attribute) and func.attr == "open" and owner != "os":
            mode = _mode(node, 1 if isinstance(func, ast.Name) or owner in ("io", "gzip",
                                                                            "codecs") else 0)
            if mode and any(c in mode for c in "wax+"):
                found.append((node.lineno, f"open({mode!r})"))
        elif isinstance(func, ast.Attribute) and owner == "os" and func.attr in OS_WRITES:
            flags = ast.unparse(node.args[1]) if len(node.args) > 1 else ""
            if func.attr != "open" or any(f in flags for f in OS_WRITE_FLAGS):
                found.append((node.lineno, f"os.{func.attr}"))
        elif isinstance(func, ast.Attribute) and func.attr in WRITE_METHODS \
                and owner not in ("guarded_files", "os"):
            found.append((node.lineno, f".{func.attr}"))
    return sorted(found)


def test_the_walker_finds_each_kind_of_write():
    source = ("import os, shutil\nopen(p, 'w')\nopen(p)\nPath(p).open('ab')\n"
              "p.write_text('x')\np.unlink()\nos.remove(p)\nos.replace(a, b)\n"
              "shutil.rmtree(p)\nshutil.which('x')\nguarded_files.write_text(p, 'x')\n"
              "with open(p, mode='r+b') as f: pass\n"
              "os.open(p, os.O_RDONLY)\nos.open(p, os.O_RDWR | os.O_CREAT)\n")
    assert [call for _, call in writes_in(source, "sample.py")] == [
        "open('w')", "open('ab')", ".write_text", ".unlink", "os.remove", "os.replace",
        "shutil.rmtree", "open('r+b')", "os.open"]


def test_every_write_goes_through_the_guarded_module():
    offenders, seen = [], set()
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE.parent).as_posix()
        if name == GUARDED:
            continue
        for line, call in writes_in(path.read_text(encoding="utf-8"), name):
            seen.add((name, call))
            if (name, call) not in ALLOWED:
                offenders.append(f"{name}:{line}: {call}")
    assert not offenders, ("write or delete outside toolkit/guarded_files.py (use its "
                           "write_bytes/write_text/remove_own/prune, or add a justified "
                           "entry to ALLOWED):\n" + "\n".join(offenders))
    stale = sorted(set(ALLOWED) - seen)
    assert not stale, f"ALLOWED names calls that are gone (remove them): {stale}"
