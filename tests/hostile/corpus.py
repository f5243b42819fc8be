"""The hostile-input corpus: cases kept as data in cases/*.yaml, one per attack of the
adversarial review, each a project edit (setup), a command line (run) and what must hold
(expect). Every case also checks what holds for any input: no traceback, no "unexpected"
internal error, no raw terminal escape in the output, nothing written outside the case's
scratch folder.

Setup operations (each a one-key mapping; paths are relative to the project unless they
start with a placeholder): replace {file, old, new}, append {file, text}, write {file,
text, repeat}, prefix {file, text}, copy {file, src (from the repository)}, latin1 and
utf16 {file, text}, symlink {file, to}, mkdir {file}, fifo {file}, sparse {file, size},
png and png_header {file, width, height}, remove {file}. Text may hold {rep:TEXT:N}.
Placeholders: {project}, {out}, {outside} (a folder beside the project holding
secret.txt), {tmp}.
"""

from __future__ import annotations

import os
import re
import shutil
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import yaml

HERE = Path(__file__).parent
REPO = HERE.parents[1]
PROJECTS = {"mini": REPO / "tests" / "render" / "fixtures" / "mini",
            "root_clearings": REPO / "examples" / "root_clearings"}
SECRET = "TOPSECRET-outside-the-project"
REPEAT = re.compile(r"\{rep:(.*?):(\d+)\}", re.S)   # {rep:TEXT:N}: TEXT N times
ESCAPE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


@dataclass
class Case:
    id: str
    area: str
    title: str
    run: list | None = None
    call: str | None = None
    project: str = "mini"
    setup: list = field(default_factory=list)
    expect: dict = field(default_factory=dict)
    owner: str | None = None   # the work that owns the fix ("protocol"), when not ours
    xfail: str | None = None   # a reason, for a case of other work that still fails
    slow: bool = False


def load_cases() -> list[Case]:
    cases = []
    for path in sorted((HERE / "cases").glob("*.yaml")):
        for raw in yaml.safe_load(path.read_text(encoding="utf-8")):
            cases.append(Case(**{"id": str(raw.pop("id")), **raw}))
    ids = [c.id for c in cases]
    assert len(ids) == len(set(ids)), "case ids must be unique"
    return cases


@dataclass
class Scene:
    """A case's scratch folder: the project copy, the output folder and an outside one."""

    tmp: Path
    project: Path
    out: Path
    outside: Path

    def fill(self, text: str) -> str:
        text = REPEAT.sub(lambda m: m.group(1) * int(m.group(2)), str(text))
        return (text.replace("{project}", str(self.project)).replace("{out}", str(self.out))
                .replace("{outside}", str(self.outside)).replace("{tmp}", str(self.tmp)))

    def path(self, name: str) -> Path:
        filled = self.fill(name)
        return Path(filled) if os.path.isabs(filled) else self.project / filled


def make_scene(tmp: Path, case: Case) -> Scene:
    outside = tmp / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text(SECRET + "\n")
    (outside / "settings.json").write_text('{"precious": true}\n')
    project = tmp / "case project"  # a space in the path, as designers have
    if case.project == "bundled":
        project.mkdir()
        shutil.copytree(REPO / "cards", project / "cards")
    elif case.project != "none":
        shutil.copytree(PROJECTS[case.project], project,
                        ignore=shutil.ignore_patterns("output"))
    scene = Scene(tmp, project, tmp / "out", outside)
    for step in case.setup:
        [(op, args)] = step.items()
        OPS[op](scene, **args)
    return scene


def _replace(scene, file, old, new, count=1):
    path = scene.path(file)
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, f"{old!r} not in {file}"
    path.write_text(text.replace(old, scene.fill(new), count), encoding="utf-8")


def _append(scene, file, text):
    path = scene.path(file)
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(scene.fill(text))


def _write(scene, file, text="", repeat=1):
    path = scene.path(file)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(scene.fill(text) * repeat, encoding="utf-8")


def _encoded(encoding):
    def op(scene, file, text):
        path = scene.path(file)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode(encoding))
    return op


def _symlink(scene, file, to):
    path = scene.path(file)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() or path.is_symlink():
        path.unlink()
    path.symlink_to(scene.fill(to))


def _mkdir(scene, file):
    scene.path(file).mkdir(parents=True, exist_ok=True)


def _fifo(scene, file):
    os.mkfifo(scene.path(file))


def _sparse(scene, file, size):
    path = scene.path(file)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as handle:
        handle.truncate(int(size))


def _png(scene, file, width, height):
    from PIL import Image
    path = scene.path(file)
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (width, height), "#884422").save(path)


def _png_header(scene, file, width, height):
    """A PNG whose header claims width x height (a decompression bomb, cheaply)."""
    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    idat = zlib.compress(b"\0" * 64)
    path = scene.path(file)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat)
                     + chunk(b"IEND", b""))


def _prefix(scene, file, text):
    path = scene.path(file)
    path.write_text(scene.fill(text) + path.read_text(encoding="utf-8"), encoding="utf-8")


def _copy(scene, file, src):
    path = scene.path(file)
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(REPO / src, path)


def _remove(scene, file):
    path = scene.path(file)
    shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()


OPS = {"replace": _replace, "append": _append, "write": _write, "latin1": _encoded("latin-1"),
       "utf16": _encoded("utf-16"), "symlink": _symlink, "mkdir": _mkdir, "fifo": _fifo,
       "sparse": _sparse, "png": _png, "png_header": _png_header, "remove": _remove,
       "prefix": _prefix, "copy": _copy}


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every regular file below `folder` with its bytes (links not followed)."""
    out = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            out[str(path.relative_to(folder))] = path.read_bytes()
    return out


def check_universal(code, out: str, err: str, case: Case) -> None:
    """What holds for every input: a clean exit, no traceback, no raw escapes."""
    text = out + err
    assert "Traceback" not in text, f"traceback:\n{err[-2000:]}"
    assert "error: unexpected " not in err or case.expect.get("unexpected_ok"), err
    assert not ESCAPE.search(text.replace("\n", "").replace("\t", "")), \
        f"raw control character in output: {text[:500]!r}"
    assert isinstance(code, int), code
    if code not in (0, 3, None):  # 3: a comparison without a verdict, not an error
        words = ("interrupted", "terminated") if code in (130, 143) else ("error",)
        errors = [line for line in text.lower().splitlines() if any(w in line for w in words)]
        assert errors, f"exit {code} without an error line: {err!r}"


def check_expect(code, out: str, err: str, scene: Scene, case: Case) -> None:
    expect = case.expect
    text = out + err
    want = expect.get("exit")
    if want is not None:
        allowed = want if isinstance(want, list) else [want]
        assert (code or 0) in allowed, f"exit {code}, wanted {want}: {err[-1500:]}"
    for needle in expect.get("says", []):
        assert scene.fill(needle) in text, f"{needle!r} not in output: {text[-1500:]}"
    for needle in expect.get("not_says", []):
        assert scene.fill(needle) not in text, f"{needle!r} in output"
    for name in expect.get("absent", []):
        assert not scene.path(name).exists(), f"{name} exists"
    for name in expect.get("present", []):
        assert scene.path(name).exists(), f"{name} missing"
    for name, needle in expect.get("file_lacks", {}).items():
        assert scene.fill(needle).encode() not in scene.path(name).read_bytes(), \
            f"{needle!r} in {name}"
    for name in expect.get("produced", []):  # a file of that name somewhere in {out}
        assert any(scene.out.rglob(name)), f"no {name} under the output folder"
    for name in expect.get("not_produced", []):
        assert not any(scene.out.rglob(name)), f"{name} under the output folder"
    for name in expect.get("secret_not_in", []):  # a file, or every file of a folder
        path = scene.path(name)
        for found in [path] if path.is_file() else path.rglob("*") if path.is_dir() else []:
            if found.is_file():
                assert SECRET not in _text_of(found), f"secret leaked into {found}"


def _text_of(path: Path) -> str:
    """A PDF's extracted text (its streams are compressed), else the file's bytes."""
    data = path.read_bytes()
    if path.suffix == ".pdf":
        import io

        from pypdf import PdfReader
        return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages)
    return data.decode("utf-8", errors="replace")
