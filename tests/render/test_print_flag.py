"""A declared kind with `print: false` is data for the rules: `build` prints no card of it,
while the project's other kinds still print (examples/root_clearings, no rules)."""

from __future__ import annotations

import shutil

from toolkit import REPO_DIR
from toolkit.content.validate import load_catalog
from toolkit.render.build import collect_faces
from toolkit.render.faces import card_kinds
from toolkit.render.options import BuildOptions

ROOT = REPO_DIR / "examples" / "root_clearings"


def _faces(project, tmp_path):
    catalog = load_catalog(project)
    faces, _ = collect_faces(project, catalog, BuildOptions(out=tmp_path / "out"))
    return catalog, {f.kind for f in faces if f.side == "front"}


def test_a_print_false_kind_is_not_printed(tmp_path):
    project = tmp_path / "game"
    shutil.copytree(ROOT, project, ignore=shutil.ignore_patterns("output"))
    catalog, kinds = _faces(project, tmp_path)
    assert "clearing" in kinds and "item" in kinds          # printed by default
    game = project / "cards" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("  clearing:\n", "  clearing:\n    print: false\n", 1),
                    encoding="utf-8")
    catalog, kinds = _faces(project, tmp_path)
    assert catalog.of("clearing") and not catalog.game.kinds["clearing"].print
    assert "clearing" not in kinds and "item" in kinds and "shared_card" in kinds
    assert "clearing" not in card_kinds(catalog)
