"""Corpus cases about the output folder and the face cache: a first build, then the
folder, the index or a batch tampered with (or a write made to fail), then the build
again. Each takes (scene, case, run) and returns (exit code, stdout, stderr)."""

from __future__ import annotations


def _then(first, second):
    """Two runs reported as one: exit of the second, outputs of both."""
    return second[0], first[1] + second[1], first[2] + second[2]


def _index(scene):
    import json
    path = scene.out / ".cache" / "index.json"
    return path, json.loads(path.read_text())


def interrupted_between_pdfs(scene, case, run):
    """A build, then a rebuild killed (Ctrl-C) after print-and-play, before cards-1up."""
    import hashlib
    import json

    import pytest

    from toolkit.render import build as build_mod
    from toolkit.render.options import BuildOptions
    folder = BuildOptions(out=scene.out, only=frozenset({"event"})).folder
    first = run(case.run)
    assert first[0] == 0, first
    manifest = json.loads((folder / "build.json").read_text())
    for name, digest in manifest["files"].items():
        assert hashlib.sha256((folder / name).read_bytes()).hexdigest() == digest
    assert "cards-1up.pdf" in manifest["files"] and len(manifest["files"]) >= 2

    def killed(*args, **kwargs):
        raise KeyboardInterrupt

    edited = scene.project / "cards" / "events.yaml"
    edited.write_text(edited.read_text().replace("Market Day", "Market Night"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(build_mod, "_write_one_up", killed)
        second = run(case.run)
    assert not [p for p in scene.out.iterdir() if p.name.startswith(".") and "pdf." in p.name]
    return _then(first, second)


def concurrent_builds(scene, case, run):
    """A second build waits while another holds the output folder's lock."""
    import threading
    import time

    from toolkit.render.files import claim_output, output_lock
    claim_output(scene.out)
    held, release = threading.Event(), threading.Event()

    def holder():
        with output_lock(scene.out):
            held.set()
            release.wait(10)

    thread = threading.Thread(target=holder)
    thread.start()
    held.wait(10)
    timer = threading.Timer(1.0, release.set)
    timer.start()
    start = time.perf_counter()
    code, out, err = run(case.run)
    waited = time.perf_counter() - start
    thread.join()
    assert waited >= 0.9, f"the build did not wait for the lock ({waited:.2f} s)"
    assert "waiting for another build" in err
    return code, out + "waited\n", err


def read_only_output(scene, case, run):
    """Every temp file creation fails as on a read-only mount."""
    import errno
    import tempfile

    import pytest

    def refuse(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tempfile, "mkstemp", refuse)
        result = run(case.run)
    assert not [p for p in scene.out.rglob(".*pdf.*")]
    return result


def disk_full(scene, case, run):
    """Writes fail with ENOSPC once the cache is written: no temp file may stay."""
    import errno

    import pytest

    from toolkit.render import files

    real = files.os.fdopen

    class Full:
        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()

        def write(self, data):
            self.handle.write(data[:100])
            raise OSError(errno.ENOSPC, "No space left on device")

    def fdopen(fd, mode="r", *args, **kwargs):
        return Full(real(fd, mode, *args, **kwargs))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(files.os, "fdopen", fdopen)
        result = run(case.run)
    leftovers = [p.name for p in scene.out.rglob("*") if p.name.startswith(".")
                 and p.name not in (".card-toolkit-output", ".card-toolkit-lock", ".cache")]
    assert not leftovers, leftovers
    return result


def relative_then_absolute(scene, case, run):
    import os
    first = run(case.run)
    os.chdir(scene.project.parent)
    second = run([a if a != str(scene.project) else scene.project.name for a in
                  [scene.fill(x) for x in case.run]])
    return _then(first, second)


def cache_swapped(scene, case, run):
    import json
    first = run(case.run)
    path, index = _index(scene)
    faces = list(index["faces"])
    index["faces"][faces[0]], index["faces"][faces[1]] = \
        index["faces"][faces[1]], index["faces"][faces[0]]
    path.write_text(json.dumps(index))
    second = run(case.run)
    assert "(0 rendered" not in second[1], second
    return _then(first, second)


def cache_outside(scene, case, run):
    import json
    first = run(case.run)
    path, index = _index(scene)
    for face in index["faces"]:
        index["faces"][face] = ["../../outside/secret.txt", 0]
    index["batches"]["../../outside/secret.txt"] = [[f, 0, False] for f in index["faces"]]
    path.write_text(json.dumps(index))
    return _then(first, run(case.run))


def cache_truncated(scene, case, run):
    first = run(case.run)
    [batch] = list((scene.out / ".cache").glob("b-*.pdf"))
    data = batch.read_bytes()
    batch.write_bytes(data[: len(data) // 2])
    second = run(case.run)
    assert "rendered again" in second[2] or "rendered again" in second[1], second
    return _then(second, run(case.run))


def cache_garbage(scene, case, run):
    import json
    first = run(case.run)
    path, index = _index(scene)
    faces = list(index["faces"])
    index["faces"][faces[0]] = [index["faces"][faces[0]][0], 9999]
    index["faces"][faces[1]] = 5
    index["faces"][faces[2]] = "/etc/passwd"
    path.write_text(json.dumps(index))
    second = run(case.run)
    path.write_text("[1, 2, 3]")
    third = run(case.run)
    path.write_text('{"version": 2, "batches": [1], "faces": {"x": 1}}')
    return _then(_then(first, second), _then(third, run(case.run)))


def cache_not_json(scene, case, run):
    first = run(case.run)
    path, _ = _index(scene)
    path.write_text("{not json")
    return _then(first, run(case.run))
