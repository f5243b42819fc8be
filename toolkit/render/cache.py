"""Render faces once each, cached by content hash in output/.cache, over a process pool.

A face's digest hashes its HTML, the language, what every face uses (the stylesheet, theme,
fonts, document template, WeasyPrint's version: `engine_stamp`) and what this face uses (the
templates it was made from, the icons and art its HTML names), so a rebuild after editing
one card, one kind's template or one icon renders only the faces that changed. Rendered
faces live in batch PDFs (one WeasyPrint document per chunk, chunks balanced by cost, so
fonts are embedded once per batch); the small batches left by edits are merged once there
are MAX_SMALL of them (at most MAX_SMALL x SMALL_BATCH faces again, never a cold build).
index.json maps each batch's file name to the digests of its faces in page order (with how
their text fitted); the name is the hash of the PDF's bytes and of that list, so a batch
is used only after its bytes and its list check out: a swapped, truncated or foreign
entry is dropped (one warning) and its faces are rendered again. Only names
`b-<32 hex>.pdf` inside the cache folder are read or deleted, and only in a folder that
carries the toolkit's output marker. A build prunes only the faces of its own language, so
the en and zh faces are both kept and a language switch renders nothing again.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import re
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from toolkit.errors import RenderError
from toolkit.guarded_files import remove_own
from toolkit.render.files import claim_output, is_marked, write_atomic
from toolkit.worker_isolation import isolate_workers

CHUNK_MAX = 160      # faces per WeasyPrint document (bounds a worker's memory)
SMALL_BATCH = 4      # a batch of this many faces or fewer was left by a small edit
MAX_SMALL = 8        # this many small batches in use: merge them on the next render
CARD_AREA = 63.0 * 88.0  # mm²: a face of this size or smaller costs 1 in a chunk
MAX_ASSET_BYTES = 64 * 1024 * 1024   # a template, icon or art file larger is refused
BATCH_NAME = re.compile(r"b-[0-9a-f]{32}\.pdf")
OLD_BATCH = re.compile(r"b-[0-9a-f]{16}\.pdf")   # written by earlier versions
DIGEST = re.compile(r"[0-9a-f]{24}")
INDEX_VERSION = 2


@dataclass(frozen=True)
class Rendered:
    """Where a face's page is: batch PDF path and page index, and how its text fitted."""

    path: str
    index: int
    step: int
    overflow: bool


_DIGESTS: dict[str, tuple[tuple, bytes]] = {}  # path -> (its stat, its sha256), see below
SETTLED = 2.0  # s: a file modified longer ago than this keeps its digest while unchanged


def file_digest(path: Path) -> bytes:
    """sha256 of a file read in chunks; a file over MAX_ASSET_BYTES is a RenderError. A
    warm process (--watch) reads a file again only when its inode, size, mtime or ctime
    changed; a file modified in the last SETTLED seconds is always read (an edit within
    the clock's granularity could keep all four, as git's "racy" entries)."""
    path = Path(path)
    try:
        stat = path.stat()
        size = stat.st_size
        if size > MAX_ASSET_BYTES:
            raise RenderError(f"'{path}' is {size} bytes, over the {MAX_ASSET_BYTES} byte "
                              "cap for templates, icons and art", hint="remove or shrink it")
        seen = (stat.st_ino, size, stat.st_mtime_ns, stat.st_ctime_ns)
        known = _DIGESTS.get(str(path))
        if known is not None and known[0] == seen:
            return known[1]
        with open(path, "rb") as handle:
            digest = hashlib.file_digest(handle, "sha256").digest()
        if time.time() - max(stat.st_mtime, stat.st_ctime) > SETTLED:
            if len(_DIGESTS) > 10_000:
                _DIGESTS.clear()
            _DIGESTS[str(path)] = (seen, digest)
        return digest
    except OSError as exc:
        raise RenderError(f"cannot read '{path}': {exc.strerror or exc}") from None


def hash_files(paths, memo: dict | None = None) -> str:
    """A digest of the files' names and bytes; where the folder is (how the path is
    spelled) does not matter, so the same project reached two ways shares its cache.
    `memo` (path -> digest) saves reading a file again within one build."""
    memo = {} if memo is None else memo

    def read(path):
        if path not in memo:
            memo[path] = file_digest(path)
        return memo[path]

    digest = hashlib.sha256()
    for name, content in sorted((os.path.basename(os.fspath(p)), read(p)) for p in paths):
        digest.update(name.encode() + b"\0" + content)
    return digest.hexdigest()


def engine_stamp() -> str:
    """What renders a face besides its inputs: the WeasyPrint and pydyf versions and the
    renderer module (toolkit.render.pdf), so an upgrade re-renders every face."""
    from importlib.metadata import PackageNotFoundError, version

    names = []
    for package in ("weasyprint", "pydyf"):
        try:
            names.append(f"{package}={version(package)}")
        except PackageNotFoundError:
            names.append(f"{package}=?")
    return ";".join(names) + ";" + hash_files([Path(__file__).with_name(n)
                                                    for n in ("pdf.py", "layout_checks.py")])


def face_digest(face, theme: str, lang: str, memo: dict | None = None) -> str:
    assets = hash_files(face.assets, memo) if face.assets else ""
    blob = "\0".join([theme, lang, face.html, assets])
    return hashlib.sha256(blob.encode()).hexdigest()[:24]


def batch_name(pdf: bytes, faces: list) -> str:
    digest = hashlib.sha256(pdf)
    digest.update(json.dumps(faces).encode())
    return f"b-{digest.hexdigest()[:32]}.pdf"


class FaceCache:
    """The on-disk cache of one project's rendered faces (see the module docstring)."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        # a new or empty folder becomes the cache's own; an old .cache inside a claimed
        # output folder is adopted; any other folder is refused (nothing deleted there)
        claim_output(self.folder, default=is_marked(self.folder))
        self.index_path = self.folder / "index.json"
        # batches: name -> [[digest, step, over], ...] in page order, as stored (verified
        # against the name); faces: digest -> [name, page], the faces still in use
        self.batches, self.faces = _read_index(self.index_path)
        # digest -> the language it was built in: a build prunes only its own language's
        # faces, so switching between en and zh renders nothing again (both are kept)
        self.langs: dict[str, str] = _read_langs(self.index_path, self.faces)
        self.checked: dict[str, bool] = {}
        self.warnings: list[str] = []

    def lookup(self, digest: str) -> Rendered | None:
        found = self.faces.get(digest)
        if found is None:
            return None
        name, page = found
        entries = self.batches.get(name)
        if entries is None or page >= len(entries) or entries[page][0] != digest:
            self._drop(name, "records a different face on that page")
            return None
        if not self._verified(name):
            return None
        _, step, over = entries[page]
        return Rendered(str(self.folder / name), page, step, over)

    def _verified(self, name: str) -> bool:
        """Whether the batch's bytes and face list match its name (checked once)."""
        if name not in self.checked:
            path = self.folder / name
            try:
                ok = path.is_file() and not path.is_symlink() and \
                    batch_name(path.read_bytes(), self.batches[name]) == name
            except OSError:
                ok = False
            self.checked[name] = ok
            if not ok:
                self._drop(name, "is missing or does not match its record")
        return self.checked[name]

    def _drop(self, name: str, why: str) -> None:
        """Forget a bad batch and every face in it (they are rendered again)."""
        self.checked[name] = False
        if name in self.batches or any(n == name for n, _ in self.faces.values()):
            self.warnings.append(f"warning: cached batch '{name}' {why}; its faces are "
                                 "rendered again")
        self.batches.pop(name, None)
        self.faces = {d: e for d, e in self.faces.items() if e[0] != name}

    def store(self, digests: list[str], result: dict) -> None:
        entries = [[d, int(step), bool(over)] for d, (step, over) in zip(digests, result["fits"])]
        name = batch_name(result["pdf"], entries)
        write_atomic(self.folder / name, result["pdf"], root=self.folder)
        self.batches[name] = entries
        self.checked[name] = True
        for page, digest in enumerate(digests):
            self.faces[digest] = [name, page]

    def keep_only(self, digests: set[str], lang: str | None = None) -> None:
        """Forget faces not in `digests` (with `lang`: only faces of that language; the
        other language's stay) and batches no face uses, delete batch files nothing refers
        to (only b-<hex>.pdf names), and save the index."""
        self.faces = {d: e for d, e in self.faces.items() if d in digests
                      or (lang is not None and self.langs.get(d, lang) != lang)}
        self.langs = {d: g for d, g in self.langs.items() if d in self.faces}
        used = {name for name, _ in self.faces.values()}
        self.batches = {n: e for n, e in self.batches.items() if n in used}
        for path in self.folder.glob("b-*.pdf"):
            names = BATCH_NAME if BATCH_NAME.fullmatch(path.name) else OLD_BATCH
            if names.fullmatch(path.name) and path.name not in self.batches:
                remove_own(path, self.folder, names)  # only in a marked folder, no link out
        data = {"version": INDEX_VERSION, "batches": self.batches, "faces": self.faces,
                "langs": self.langs}
        write_atomic(self.index_path, json.dumps(data, sort_keys=True).encode(),
                     root=self.folder)


def _read_index(path: Path) -> tuple[dict[str, list], dict[str, list]]:
    """The batches and faces of a well-formed index; anything malformed is left out."""
    try:
        if path.stat().st_size > 64 * 1024 * 1024:
            return {}, {}
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}, {}
    if not isinstance(data, dict) or data.get("version") != INDEX_VERSION \
            or not isinstance(data.get("batches"), dict) \
            or not isinstance(data.get("faces"), dict):
        return {}, {}
    batches = {}
    for name, entries in data["batches"].items():
        if isinstance(name, str) and BATCH_NAME.fullmatch(name) and isinstance(entries, list) \
                and entries and all(_entry_ok(e) for e in entries):
            batches[name] = entries
    faces = {d: e for d, e in data["faces"].items()
             if DIGEST.fullmatch(d) and isinstance(e, list) and len(e) == 2
             and e[0] in batches and type(e[1]) is int and e[1] >= 0}
    return batches, faces


def _read_langs(path: Path, faces: dict) -> dict[str, str]:
    """The language of each face the index records (faces of an older index have none:
    they count as the language of the next build)."""
    try:
        langs = json.loads(path.read_text(encoding="utf-8")).get("langs")
    except (OSError, ValueError, AttributeError):
        return {}
    if not isinstance(langs, dict):
        return {}
    return {d: g for d, g in langs.items()
            if d in faces and isinstance(g, str) and re.fullmatch(r"[a-z]{2,3}", g)}


def _entry_ok(entry) -> bool:
    return (isinstance(entry, list) and len(entry) == 3 and isinstance(entry[0], str)
            and DIGEST.fullmatch(entry[0]) is not None and type(entry[1]) is int
            and 0 <= entry[1] < 100 and isinstance(entry[2], bool))


def face_cost(face) -> float:
    """A face's layout cost in cards: a board (50 card areas) costs about 10 cards."""
    area = getattr(face, "width", 0) * getattr(face, "height", 0)
    return max(1.0, (area / CARD_AREA) ** 0.6)


def _chunks(items: list, workers: int, cost=lambda item: 1.0) -> list[list]:
    """`items` cut into as few runs as keep the workers busy, of about equal cost (a board
    weighs ten cards). Runs keep the items' order, so similar faces share a batch and
    its fonts; the dearest run comes first."""
    count = max(workers if len(items) >= 8 * workers else 1, -(-len(items) // CHUNK_MAX))
    costs = [cost(item) for item in items]
    target = sum(costs) / count
    chunks: list[list] = [[]]
    done = 0.0  # cost of the items before the current one
    for item, weight in zip(items, costs):
        ahead = done + weight / 2 > target * len(chunks) or len(chunks[-1]) == CHUNK_MAX
        if chunks[-1] and ahead and len(chunks) < count:
            chunks.append([])
        chunks[-1].append(item)
        done += weight
    return sorted(chunks, key=lambda chunk: -sum(map(cost, chunk)))


def render_faces(faces, document: str, theme: str, lang: str, cache: FaceCache,
                 roots, base_url: str, workers: int = 2,
                 prune: bool = True) -> tuple[dict, list[str], int]:
    """Each distinct face rendered (or found in the cache). Returns face key -> Rendered
    for every face, the URLs the sandbox refused, and how many faces were rendered now.
    `prune` forgets cached faces this build does not use (off for partial builds)."""
    memo: dict = {}
    digests = {face.key: face_digest(face, theme, lang, memo) for face in faces}
    by_digest = {}
    for face in faces:
        by_digest.setdefault(digests[face.key], face)
    for digest in by_digest:  # a first pass drops bad batches, so the second is consistent
        cache.lookup(digest)
    found = {d: cache.lookup(d) for d in by_digest}
    missing = [d for d, r in found.items() if r is None]
    used = Counter(r.path for r in found.values() if r is not None)
    small = {path for path, n in used.items() if n <= SMALL_BATCH}
    if missing and prune and len(small) >= MAX_SMALL:
        # compact: every batch embeds its own fonts, so the faces of the small batches
        # (left by edits) join the new batch; the large ones (cold builds) stay, so a
        # compaction costs at most MAX_SMALL x SMALL_BATCH faces, never a cold build
        missing = [d for d, r in found.items() if r is None or r.path in small]
    missing.sort(key=lambda d: by_digest[d].key)
    chunks = _chunks(missing, workers, lambda d: face_cost(by_digest[d])) if missing else []
    jobs = [{"faces": [{"key": d, "html": by_digest[d].html, "fit": by_digest[d].fit}
                       for d in chunk], "document": document, "base_url": base_url,
             "roots": [str(r) for r in roots]} for chunk in chunks]
    refused: set[str] = set()
    if jobs:
        from toolkit.render.pdf import render_batch  # imports WeasyPrint: only when needed
    for chunk, result in zip(chunks, _run(render_batch, jobs, workers) if jobs else []):
        cache.store(chunk, result)
        refused.update(result["refused"])
    cache.langs.update({d: lang for d in by_digest})
    cache.keep_only(set(by_digest) if prune else set(cache.faces), lang)  # other langs stay
    rendered = {d: cache.lookup(d) for d in by_digest}
    return ({key: rendered[d] for key, d in digests.items()}, sorted(refused),
            len(missing))


def _run(func, jobs: list[dict], workers: int):
    if len(jobs) <= 1 or workers <= 1:
        return [func(job) for job in jobs]
    context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    if os.name != "posix":
        isolate_workers()  # spawned with `python -c`: keep the project off their path
    pool = ProcessPoolExecutor(max_workers=min(workers, len(jobs)), mp_context=context)
    try:
        results = list(pool.map(func, jobs))
    except BaseException:  # Ctrl-C, SIGTERM (raised by the CLI), a failed batch
        _stop_workers(pool)
        raise
    pool.shutdown()
    return results


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """End the pool's workers at once: an interrupted build exits 130/143 now, not after
    every running batch has been rendered (the executor has no public terminate before
    Python 3.14)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)
