"""Validate a project in passes and build its Catalog.

Pass 1 (`load.load_project`) checks YAML and schemas; pass 2 (`rules.check`) checks the game:
ids, references, counts, the board graph, effects against the op registry, budgets and
rules text; then missing translations (`translations.check`, for every game and kind). Every problem is collected; the caller decides what aborts.
"""

from __future__ import annotations

from pathlib import Path

from toolkit.content import rules, translations
from toolkit.content.catalog import Catalog
from toolkit.content.load import load_project
from toolkit.content.problems import Report
from toolkit.errors import ContentError


def validate_project(root: Path) -> tuple[Catalog | None, Report]:
    """Run every pass; the catalog is None when an error makes it unusable."""
    loaded = load_project(Path(root))
    rules.check(loaded)
    translations.check(loaded)   # missing zh: every game, every kind
    report = loaded.report
    if report.errors or loaded.game is None:
        return None, report
    sources = {e.id: loaded.where(e) for e in loaded.entries}
    return Catalog.build(loaded.root, loaded.game, loaded.entries, sources), report


def load_catalog(root: Path, strict: bool = False) -> Catalog:
    """The project's catalog, or ContentError listing every problem."""
    catalog, report = validate_project(root)
    failing = report.problems if strict else report.errors
    if catalog is None or failing:
        lines = [str(p) for p in report.sorted() if strict or p.severity == "error"]
        raise ContentError("content is invalid:\n" + "\n".join(lines) + "\n" + report.summary())
    return catalog
