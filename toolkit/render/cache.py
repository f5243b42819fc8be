"""Render faces once each, cached by content hash in output/.cache, over a process pool.

A face's digest hashes its HTML, the theme (templates, stylesheet, icons), the language and
the bytes of any art it uses, so a rebuild after editing one card renders only that card.
Rendered faces live in batch PDFs (one WeasyPrint document per chunk, so fonts are embedded
once per batch); index.json maps each digest to (batch, page, fit step, still overflowing).
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from toolkit.render.files import write_atomic

CHUNK_MAX = 160      # faces per WeasyPrint document (bounds a worker's memory)
MAX_BATCHES = 6      # this many batches in use: merge the small ones on the next render


@dataclass(frozen=True)
class Rendered:
    """Where a face's page is: batch PDF path and page index, and how its text fitted."""

    path: str
    index: int
    step: int
    overflow: bool


def hash_files(paths) -> str:
    digest = hashlib.sha256()
    for path in sorted(str(p) for p in paths):
        digest.update(path.encode())
        digest.update(Path(path).read_bytes())
    return digest.hexdigest()


def face_digest(face, theme: str, lang: str) -> str:
    blob = "\0".join([theme, lang, face.html, hash_files(face.assets) if face.assets else ""])
    return hashlib.sha256(blob.encode()).hexdigest()[:24]


class FaceCache:
    """The on-disk cache of one project's rendered faces."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.index_path = self.folder / "index.json"
        try:
            self.index = json.loads(self.index_path.read_text())
        except (OSError, ValueError):
            self.index = {}

    def lookup(self, digest: str) -> Rendered | None:
        entry = self.index.get(digest)
        if not entry or not (self.folder / entry[0]).is_file():
            return None
        return Rendered(str(self.folder / entry[0]), entry[1], entry[2], entry[3])

    def store(self, digests: list[str], result: dict) -> None:
        name = "b-" + hashlib.sha256("".join(digests).encode()).hexdigest()[:16] + ".pdf"
        write_atomic(self.folder / name, result["pdf"])
        for i, (digest, (step, over)) in enumerate(zip(digests, result["fits"])):
            self.index[digest] = [name, i, step, over]

    def keep_only(self, digests: set[str]) -> None:
        """Forget faces no longer in the project and delete batches nothing refers to."""
        self.index = {d: e for d, e in self.index.items() if d in digests}
        used = {e[0] for e in self.index.values()}
        for path in self.folder.glob("b-*.pdf"):
            if path.name not in used:
                path.unlink(missing_ok=True)
        write_atomic(self.index_path, json.dumps(self.index, sort_keys=True).encode())


def _chunks(items: list, workers: int) -> list[list]:
    count = max(workers if len(items) >= 8 * workers else 1, -(-len(items) // CHUNK_MAX))
    size = -(-len(items) // count)
    return [items[i:i + size] for i in range(0, len(items), size)]


def render_faces(faces, document: str, theme: str, lang: str, cache: FaceCache,
                 roots, base_url: str, workers: int = 2,
                 prune: bool = True) -> tuple[dict, list[str], int]:
    """Each distinct face rendered (or found in the cache). Returns face key -> Rendered
    for every face, the URLs the sandbox refused, and how many faces were rendered now.
    `prune` forgets cached faces this build does not use (off for partial builds)."""
    digests = {face.key: face_digest(face, theme, lang) for face in faces}
    by_digest = {}
    for face in faces:
        by_digest.setdefault(digests[face.key], face)
    found = {d: cache.lookup(d) for d in by_digest}
    missing = [d for d, r in found.items() if r is None]
    used = Counter(r.path for r in found.values() if r is not None)
    if missing and prune and len(used) >= MAX_BATCHES:
        # compact: every batch embeds its own fonts, so merge the small ones (left by
        # one-card edits) into the new batch and keep the largest (from cold builds)
        keep = {path for path, _ in used.most_common(workers)}
        missing = [d for d, r in found.items() if r is None or r.path not in keep]
    missing.sort(key=lambda d: by_digest[d].key)
    chunks = _chunks(missing, workers) if missing else []
    jobs = [{"faces": [{"key": d, "html": by_digest[d].html, "fit": by_digest[d].fit}
                       for d in chunk], "document": document, "base_url": base_url,
             "roots": [str(r) for r in roots]} for chunk in chunks]
    refused: set[str] = set()
    if jobs:
        from toolkit.render.pdf import render_batch  # imports WeasyPrint: only when needed
    for chunk, result in zip(chunks, _run(render_batch, jobs, workers) if jobs else []):
        cache.store(chunk, result)
        refused.update(result["refused"])
    cache.keep_only(set(by_digest) if prune else set(cache.index))
    rendered = {d: cache.lookup(d) for d in by_digest}
    return ({key: rendered[d] for key, d in digests.items()}, sorted(refused),
            len(missing))


def _run(func, jobs: list[dict], workers: int):
    if len(jobs) <= 1 or workers <= 1:
        return [func(job) for job in jobs]
    context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    with ProcessPoolExecutor(max_workers=min(workers, len(jobs)), mp_context=context) as pool:
        return list(pool.map(func, jobs))
