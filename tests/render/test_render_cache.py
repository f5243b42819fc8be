"""The face cache: hits, pruning, and merging the small batches left by one-card edits
(WeasyPrint replaced by a stub that returns one fake page per face)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from toolkit.render import cache as cache_mod
from toolkit.render import pdf


@dataclass
class FakeFace:
    key: str
    html: str
    fit: bool = False
    assets: tuple = ()


@pytest.fixture
def fake_render(monkeypatch):
    calls = []

    def render_batch(job):
        calls.append(len(job["faces"]))
        return {"pdf": ("%PDF " + ",".join(f["key"] for f in job["faces"])).encode(),
                "fits": [(0, False)] * len(job["faces"]), "refused": []}

    monkeypatch.setattr(pdf, "render_batch", render_batch)
    monkeypatch.setattr(cache_mod, "_run", lambda func, jobs, workers: [func(j) for j in jobs])
    return calls


def run(faces, folder, prune=True):
    store = cache_mod.FaceCache(folder)
    return cache_mod.render_faces(faces, "{faces}", "theme", "en", store, [folder], "",
                                  workers=2, prune=prune)


def test_hits_prune_and_compaction(tmp_path, fake_render):
    faces = [FakeFace(f"k/{i}", f"<p>{i}</p>") for i in range(40)]
    _, _, rendered = run(faces, tmp_path)
    assert rendered == 40 and fake_render == [20, 20]  # two chunks for two workers
    assert run(faces, tmp_path)[2] == 0
    small = cache_mod.MAX_SMALL
    for edit in range(small):  # each one-card edit leaves a one-face batch
        faces[edit] = FakeFace(f"k/{edit}", f"<p>edited {edit}</p>")
        assert run(faces, tmp_path)[2] == 1  # no cliff: the cold batches stay
    assert len(list(tmp_path.glob("b-*.pdf"))) == 2 + small
    faces[30] = FakeFace("k/30", "<p>edited 30</p>")
    where, _, rendered = run(faces, tmp_path)
    assert rendered == 1 + small  # the new face plus the faces of the small batches
    assert len({r.path for r in where.values()}) == 3
    assert len(list(tmp_path.glob("b-*.pdf"))) == 3  # unused batches deleted


def test_a_large_project_edited_again_and_again_renders_only_its_edits(tmp_path, fake_render):
    faces = [FakeFace(f"k/{i:04d}", f"<p>{i}</p>") for i in range(1042)]
    assert run(faces, tmp_path)[2] == 1042
    assert len(fake_render) == 7  # at most CHUNK_MAX faces per WeasyPrint document
    counts = []
    for edit in range(3 * cache_mod.MAX_SMALL):
        faces[edit * 7] = FakeFace(faces[edit * 7].key, f"<p>edit {edit}</p>")
        counts.append(run(faces, tmp_path)[2])
    assert max(counts) <= 1 + cache_mod.MAX_SMALL and counts[:3] == [1, 1, 1]


def test_partial_builds_do_not_prune(tmp_path, fake_render):
    faces = [FakeFace(f"k/{i}", f"<p>{i}</p>") for i in range(5)]
    run(faces, tmp_path)
    run(faces[:1], tmp_path, prune=False)
    assert run(faces, tmp_path)[2] == 0
    run(faces[:1], tmp_path, prune=True)
    assert run(faces, tmp_path)[2] == 4
