"""Names that become paths, the output folder's marker, atomic writes and the verifying
face cache, tested directly (the corpus runs the same through the command line)."""

from __future__ import annotations

import json

import pytest

from toolkit.errors import RenderError, UsageError
from toolkit.render import cache as cache_mod
from toolkit.render.files import (MARKER, claim_output, inside, safe_name, write_atomic,
                                  write_manifest)


@pytest.mark.parametrize("name", ["../x", "a/b", "/etc", "..", ".hidden", "", "a\\b",
                                  "a\x1bb", "x" * 81, "a..b"])
def test_unsafe_names_are_refused(name):
    with pytest.raises(RenderError):
        safe_name(name)


@pytest.mark.parametrize("name", ["event", "glory_card", "Deck-2.v1", "x" * 80])
def test_plain_names_pass(name):
    assert safe_name(name) == name


def test_written_paths_stay_inside_the_folder(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "link").symlink_to(tmp_path)
    with pytest.raises(RenderError, match="outside the output folder"):
        write_atomic(out / "link" / "victim.json", b"{}", root=out)
    with pytest.raises(RenderError, match="outside the output folder"):
        write_atomic(out / ".." / "victim.json", b"{}", root=out)
    assert not (tmp_path / "victim.json").exists()
    write_atomic(out / "deck" / "ok.json", b"{}", root=out)
    assert (out / "deck" / "ok.json").read_bytes() == b"{}"
    assert inside(out, out / "a" / "b") == out / "a" / "b"


def test_output_folder_marker_rules(tmp_path):
    claim_output(tmp_path / "new")
    assert (tmp_path / "new" / MARKER).is_file()
    claim_output(tmp_path / "new")  # marked: fine again
    (tmp_path / "empty").mkdir()
    claim_output(tmp_path / "empty")
    (tmp_path / "home" / ".cache").mkdir(parents=True)
    (tmp_path / "home" / ".cache" / "b-bank.pdf").write_text("precious")
    with pytest.raises(UsageError, match="not made by the toolkit"):
        claim_output(tmp_path / "home")
    with pytest.raises(UsageError, match="not made by the toolkit"):
        cache_mod.FaceCache(tmp_path / "home" / ".cache")
    assert (tmp_path / "home" / ".cache" / "b-bank.pdf").read_text() == "precious"
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "print-and-play.pdf").write_text("old build")
    claim_output(tmp_path / "old", default=True)  # the project's own output/ is adopted
    (tmp_path / "file").write_text("x")
    with pytest.raises(UsageError, match="not a folder"):
        claim_output(tmp_path / "file")


def test_interrupted_write_leaves_no_temp_file(tmp_path, monkeypatch):
    import os

    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "chmod", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(tmp_path / "a.pdf", b"data")
    assert list(tmp_path.iterdir()) == []


def test_manifest_names_every_output_with_its_digest(tmp_path):
    import hashlib
    (tmp_path / "a.pdf").write_bytes(b"A")
    (tmp_path / "b.pdf").write_bytes(b"B")
    path = write_manifest(tmp_path, {"a": tmp_path / "a.pdf", "b": tmp_path / "b.pdf",
                                     "png": tmp_path})
    data = json.loads(path.read_text())
    assert data["files"] == {"a.pdf": hashlib.sha256(b"A").hexdigest(),
                             "b.pdf": hashlib.sha256(b"B").hexdigest()}
    assert len(data["build"]) == 16


class Face:
    def __init__(self, key, html):
        self.key, self.html, self.fit, self.assets = key, html, False, ()


@pytest.fixture
def fake_render(monkeypatch):
    from toolkit.render import pdf

    def render_batch(job):
        return {"pdf": ("%PDF " + ",".join(f["key"] for f in job["faces"])).encode(),
                "fits": [(0, False)] * len(job["faces"]), "refused": []}

    monkeypatch.setattr(pdf, "render_batch", render_batch)
    monkeypatch.setattr(cache_mod, "_run", lambda func, jobs, workers: [func(j) for j in jobs])


def _render(faces, folder):
    store = cache_mod.FaceCache(folder)
    where, _, rendered = cache_mod.render_faces(faces, "{faces}", "t", "en", store, [folder],
                                                "", workers=1)
    return where, rendered, store.warnings


def test_cache_detects_a_reordered_batch_record(tmp_path, fake_render):
    faces = [Face(f"k{i}", f"<p>{i}</p>") for i in range(3)]
    _render(faces, tmp_path)
    index = json.loads((tmp_path / "index.json").read_text())
    [(name, entries)] = index["batches"].items()
    entries[0], entries[1] = entries[1], entries[0]  # pages claim each other's faces
    for page, (digest, _, _) in enumerate(entries):
        index["faces"][digest] = [name, page]
    (tmp_path / "index.json").write_text(json.dumps(index))
    where, rendered, warnings = _render(faces, tmp_path)
    assert rendered == 3 and len(warnings) == 1 and "does not match" in warnings[0]
    assert _render(faces, tmp_path)[1:] == (0, [])  # re-rendered once, then trusted


def test_cache_never_deletes_files_it_did_not_name(tmp_path, fake_render):
    (tmp_path / MARKER).write_text("")
    (tmp_path / "b-bank-statement.pdf").write_text("precious")
    (tmp_path / "notes.txt").write_text("precious")
    _render([Face("k", "<p>k</p>")], tmp_path)
    _render([Face("j", "<p>j</p>")], tmp_path)
    assert (tmp_path / "b-bank-statement.pdf").exists() and (tmp_path / "notes.txt").exists()
    assert len(list(tmp_path.glob("b-" + "?" * 32 + ".pdf"))) == 1


def test_huge_asset_is_refused_without_reading_it(tmp_path):
    big = tmp_path / "huge.bin"
    with open(big, "wb") as handle:
        handle.truncate(cache_mod.MAX_ASSET_BYTES + 1)
    with pytest.raises(RenderError, match="byte cap"):
        cache_mod.hash_files([big])


def test_theme_digest_ignores_how_the_folder_is_spelled(tmp_path, monkeypatch):
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "a.svg").write_text("<svg/>")
    monkeypatch.chdir(tmp_path)
    assert cache_mod.hash_files([tmp_path / "icons" / "a.svg"]) == \
        cache_mod.hash_files(["icons/a.svg"]) == cache_mod.hash_files(["./icons/../icons/a.svg"])
