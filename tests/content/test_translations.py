"""A missing Chinese text warns in every game and every declared kind, not only the bundled
one: one warning per entry at its file:line, and one for game.yaml (its kinds' labels)."""

from __future__ import annotations

import shutil

import pytest

from content_helpers import REPO

# (project, card file, the card's name as shipped, the same without zh)
GAMES = {
    "caravans": ("cards", "heroes.yaml",
                 'name: {en: "Aldric Vane, Guild Factor", zh: "公会代理人 奥德里克·维恩"}',
                 'name: {en: "Aldric Vane, Guild Factor"}'),
    "nanhuang2": ("examples/nanhuang2", "basics.yaml", "name: {en: Farmer, zh: 农民}",
                  "name: {en: Farmer}"),
    "root": ("examples/root", "cards.yaml", "name: {en: \"Sappers\", zh: 工兵}",
             "name: {en: \"Sappers\"}"),
    "kings_and_things": ("examples/kings-and-things", "creatures.yaml",
                         "name: {en: Sandworm, zh: 沙虫}", "name: {en: Sandworm}"),
    "declared_kinds": ("tests/fixtures/potions", "potions.yaml",   # declared kinds only
                       "name: {en: Fire Tonic, zh: 火焰药剂}", "name: {en: Fire Tonic}"),
}


def _copy(tmp_path, folder: str):
    dest = tmp_path / "game"
    source = REPO / folder
    if (source / "cards").is_dir():
        shutil.copytree(source, dest, ignore=shutil.ignore_patterns("output", ".cache"))
    else:
        shutil.copytree(source, dest / "cards")
    return dest


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_removed_zh_name_warns_in_every_game(tmp_path, run, game):
    folder, file, shipped, without = GAMES[game]
    project = _copy(tmp_path, folder)
    path = project / "cards" / file
    text = path.read_text(encoding="utf-8")
    assert text.count(shipped) == 1, f"{shipped!r} not once in {file}"
    path.write_text(text.replace(shipped, without), encoding="utf-8")
    line = text[:text.index(shipped)].count("\n") + 1
    code, out, _ = run("validate", project)
    assert code == 0, out
    [warning] = [o for o in out if "missing zh" in o]
    assert warning.startswith(f"cards/{file}:{line}:")
    assert "warning: missing zh translation of name" in warning
    assert out[-1] == "0 errors, 1 warning in 1 file"
    code, out, _ = run("validate", project, "--strict")
    assert code == 1 and any("missing zh translation of name" in o for o in out)


def test_a_kind_label_without_zh_warns_at_game_yaml(tmp_path, run):
    project = _copy(tmp_path, "examples/nanhuang2")
    game = project / "cards" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("label: {en: Soldier, zh: 士兵}", "label: {en: Soldier}"),
                    encoding="utf-8")
    code, out, _ = run("validate", project)
    assert code == 0
    [warning] = [o for o in out if "missing zh" in o]
    assert warning.startswith("cards/game.yaml:") and "kinds.soldier.label" in warning


def test_the_bundled_game_warns_once_per_entry(tmp_path, run):
    """The bundled game's own checks no longer warn too: the warning comes once."""
    project = _copy(tmp_path, "cards")
    path = project / "cards" / "heroes.yaml"
    text = path.read_text(encoding="utf-8")
    shipped = GAMES["caravans"][2]
    path.write_text(text.replace(shipped, GAMES["caravans"][3], 1), encoding="utf-8")
    code, out, _ = run("validate", project)
    assert len([o for o in out if "missing zh" in o]) == 1, out
