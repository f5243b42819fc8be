"""The bundled Caravans & Brigands passes `toolkit validate --strict`, also when asked for
with --example (no PROJECT_DIR, run outside any project)."""

from __future__ import annotations

from toolkit import BUNDLED_PROJECT


def test_bundled_game_is_clean_with_strict(run):
    assert run("validate", BUNDLED_PROJECT, "--strict") == (0, ["no problems found"], "")


def test_default_project_is_the_bundled_game(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = run("list", "--example", "--format", "json")
    assert code == 0
    import json

    data = json.loads("\n".join(out))
    assert len(data["hero"]) == 16 and len(data["region"]) == 17
