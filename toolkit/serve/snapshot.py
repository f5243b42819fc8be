"""What the preview shows at one moment: every face of the project in each language, made
by the same templates and view models as `toolkit build`, and the validation problems,
each attached to the card it concerns (see `take` for content with errors)."""

from __future__ import annotations

import hashlib
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.errors import ToolkitError

LANGS = ("en", "zh")
_FILE_URL = re.compile(r"file://(/[^\"')\s]*)")


@dataclass
class Snapshot:
    version: int = 0
    cards: list[dict] = field(default_factory=list)     # one entry a face, both languages
    pages: dict[tuple[str, str], str] = field(default_factory=dict)  # (lang, key) -> HTML
    problems: list[dict] = field(default_factory=list)
    error: str | None = None                            # a render error, file:line first
    note: str | None = None                             # e.g. rules not imported (--trust)
    roots: tuple[Path, ...] = ()                        # folders /fs/ may serve from
    seconds: float = 0.0

    def state(self) -> dict:
        from toolkit.render.pdf import FIT_STEPS

        return {"version": self.version, "cards": self.cards, "problems": self.problems,
                "error": self.error, "note": self.note, "seconds": round(self.seconds, 3),
                "kinds": sorted({c["kind"] for c in self.cards}), "fit_steps": FIT_STEPS}


def take(project: Path, version: int, trust: bool, previous: Snapshot | None) -> Snapshot:
    """A new snapshot of `project`. While the content has errors, the cards that pass their
    schema are drawn all the same (a broken reference may stop that: then the last good
    faces stay), and a card that fails its schema keeps its last good face."""
    from toolkit.content.validate import validate_project

    start = time.perf_counter()
    snap = Snapshot(version=version)
    try:
        catalog, report = validate_project(project)
        if catalog is None:
            catalog = _schema_valid(project)
    except ToolkitError as exc:
        catalog, report, snap.error = None, None, str(exc)
    problems = report.sorted() if report is not None else []
    if catalog is not None:
        try:
            _faces(project, catalog, trust, snap)
        except ToolkitError as exc:
            snap.error = str(exc)
            snap.cards, snap.pages = [], {}
    _keep_previous(snap, previous, {p.path.split(".")[1] for p in problems
                                    if p.path.count(".") >= 1})
    by_id = {c["id"]: c for c in snap.cards if c["side"] == "front"}
    for problem in problems:
        item = {"where": f"{problem.file}:{problem.line}", "severity": problem.severity,
                "message": problem.message, "path": problem.path}
        parts = problem.path.split(".")
        card = by_id.get(parts[1]) if len(parts) > 1 else None
        item["card"] = card["key"] if card else None
        if card is not None:
            card["problems"].append(item)
        snap.problems.append(item)
    snap.seconds = time.perf_counter() - start
    return snap


def _schema_valid(project: Path):
    """A catalog of the entries that pass their schema (pass 1), or None."""
    from toolkit.content.catalog import Catalog
    from toolkit.content.load import load_project

    loaded = load_project(project)
    if loaded.game is None:
        return None
    sources = {e.id: loaded.where(e) for e in loaded.entries}
    return Catalog.build(loaded.root, loaded.game, loaded.entries, sources)


def _keep_previous(snap: Snapshot, previous: Snapshot | None, broken: set[str]) -> None:
    """Faces of the previous snapshot: all of them when nothing could be drawn now, else
    those of broken cards that are missing now (so that their problems show on them)."""
    if previous is None:
        return
    if not snap.cards:
        snap.cards = [dict(c, problems=[]) for c in previous.cards]
        snap.pages, snap.roots = previous.pages, previous.roots
        return
    have = {c["key"] for c in snap.cards}
    for card in previous.cards:
        if card["key"] not in have and card["id"] in broken:
            snap.cards.append(dict(card, problems=[]))
            snap.pages.update({k: v for k, v in previous.pages.items() if k[1] == card["key"]})


def _faces(project: Path, catalog, trust: bool, snap: Snapshot) -> None:
    from toolkit import TEMPLATES_DIR
    from toolkit.render.build import collect_faces
    from toolkit.render.html import Html
    from toolkit.render.options import BuildOptions
    from toolkit.errors import UsageError
    from toolkit.render.parts import GameParts, game_parts

    try:
        parts = game_parts(catalog, trust)
    except UsageError as exc:  # project rules not trusted: the cards, without the game's parts
        if trust:
            raise
        parts = GameParts()
        snap.note = f"{exc.message}; the cards are shown without the parts the rules add"
    snap.roots = (Path(project).resolve(), TEMPLATES_DIR.resolve(),
                  *(Path(p).resolve() for p in parts.templates))
    cards: dict[str, dict] = {}
    for lang in LANGS:
        opts = BuildOptions(out=Path(project) / "output", lang=lang, trust=trust)
        faces, _ = collect_faces(project, catalog, opts, parts)
        html = Html(project, lang, parts.templates)
        for face in faces:
            page = page_html(html.document({face.size}), face.html)
            snap.pages[(lang, face.key)] = page
            card = cards.setdefault(face.key, {
                "key": face.key, "kind": face.kind, "id": face.id, "side": face.side,
                "w": face.width, "h": face.height, "bleed": face.bleed, "copies": face.copies,
                "large": face.large, "fit": face.fit, "where": _where(face.source),
                "names": {}, "hash": {},
                "problems": []})
            card["names"][lang] = face.label
            card["hash"][lang] = hashlib.sha256(page.encode()).hexdigest()[:12]
    snap.cards = list(cards.values())


def page_html(document: str, fragment: str) -> str:
    """One face as a web page: the build's document wrapper, file URLs served by /fs/;
    the page shrinks rules text as the PDF build does (gallery.html, `fit_steps`)."""
    from toolkit import TEMPLATES_DIR
    from toolkit.render.pdf import FIT_SENTINEL

    page = document.replace("{faces}", fragment.replace(FIT_SENTINEL, "100"))
    base = f'<base href="/fs{TEMPLATES_DIR.resolve().as_posix()}/">'
    page = page.replace("<head>", "<head>\n" + base + "\n<style>html, body { margin: 0; "
                        "overflow: hidden }</style>", 1)
    return _FILE_URL.sub(lambda m: "/fs" + m.group(1), page)


def _where(source) -> str | None:
    if not source:
        return None
    return f"{source[0]}:{source[1]}"
