"""A zh build prints the kinds, field labels and enum values a project translates (in a
kind's `label:`/`labels:` or the project's templates/theme.yaml) and warns, once per kind at
its declaration, about what it had to print in English."""

from __future__ import annotations

import shutil

from toolkit import REPO_DIR
from toolkit.content.validate import load_catalog
from toolkit.render.build import collect_faces
from toolkit.render.fields import untranslated_warnings
from toolkit.render.options import BuildOptions

ROOT = REPO_DIR / "examples" / "root_clearings"


def _faces(project, tmp_path, lang="zh"):
    catalog = load_catalog(project)
    faces, ctx = collect_faces(project, catalog, BuildOptions(out=tmp_path / "o", lang=lang))
    return {f.key: f.html for f in faces}, untranslated_warnings(ctx, project)


def test_the_shipped_declared_kinds_print_chinese_without_a_warning(tmp_path):
    html, warnings = _faces(ROOT, tmp_path)
    assert warnings == []
    card = html["clearing/c1"]
    assert "优先级" in card and "花色" in card and "狐狸" in card and "空地" in card


def test_what_has_no_translation_warns_once_per_kind_at_its_declaration(tmp_path):
    project = tmp_path / "game"
    shutil.copytree(ROOT, project, ignore=shutil.ignore_patterns("output"))
    (project / "templates" / "theme.yaml").unlink()
    html, warnings = _faces(project, tmp_path)
    assert "Priority" in html["clearing/c1"]          # printed, in English
    by_kind = {w.split("kind '")[1].split("'")[0]: w for w in warnings}
    assert sorted(by_kind) == ["clearing", "item", "shared_card"]
    clearing = by_kind["clearing"]
    assert clearing.startswith("cards/game.yaml:9:3: warning: the zh cards of kind 'clearing'")
    assert "its name" in clearing and "field labels priority, suit" in clearing
    assert "values of 'suit' fox" in clearing and "labels:" in clearing


def test_a_label_without_zh_is_named_and_an_english_build_never_warns(tmp_path):
    project = tmp_path / "game"
    shutil.copytree(ROOT, project, ignore=shutil.ignore_patterns("output"))
    game = project / "cards" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace(
        "      priority: {type: int,", "      priority: {label: {en: Rank}, type: int,"),
        encoding="utf-8")
    _, warnings = _faces(project, tmp_path)
    assert len(warnings) == 1 and "field labels priority;" in warnings[0] + ";"
    (project / "templates" / "theme.yaml").unlink()
    _, english = _faces(project, tmp_path, lang="en")
    assert english == []


def test_a_text_without_zh_printed_by_a_zh_build_is_warned(tmp_path):
    project = tmp_path / "game"
    shutil.copytree(ROOT, project, ignore=shutil.ignore_patterns("output"))
    items = project / "cards" / "items.yaml"
    text = items.read_text(encoding="utf-8")
    [line] = [x for x in text.splitlines() if "id: boots," in x]
    name = line.split("name: ")[1].split("}")[0] + "}"
    items.write_text(text.replace(name, "{en: Boots}"), encoding="utf-8")
    html, warnings = _faces(project, tmp_path)
    assert warnings == ["warning: the zh build prints 1 text in English, having no zh: "
                        "'Boots'; toolkit validate names each with its file:line"]
    assert "Boots" in html["item/boots"]
