"""`toolkit validate` options and exit codes, and `toolkit list` tables and JSON."""

from __future__ import annotations

import json

from content_helpers import VALID

WARN_ONLY = [("races.yaml", "{en: Elves, zh: 精灵}", "{en: Elves}")]
WARNING = "cards/races.yaml:8:5: warning: missing zh translation of name [races.elves.name]"


def test_warnings_pass_unless_strict(project, run):
    root = project(WARN_ONLY)
    assert run("validate", root) == (0, [WARNING, "0 errors, 1 warning in 1 file"], "")
    code, out, _ = run("validate", root, "--strict")
    assert code == 1
    assert out == [WARNING, "0 errors, 1 warning in 1 file (--strict: warnings count as errors)"]


def test_json_format_lists_every_problem(project, run):
    root = project(WARN_ONLY + [("heroes.yaml", "influence: 3}", "influence: 5}")])
    code, out, _ = run("validate", root, "--format", "json")
    assert code == 1
    assert json.loads("\n".join(out)) == [
        {"file": "cards/heroes.yaml", "line": 7, "column": 54, "severity": "error",
         "path": "heroes.ash_sage.stats.influence",
         "message": "stat 'influence' is 5, allowed 1–4"},
        {"file": "cards/races.yaml", "line": 8, "column": 5, "severity": "warning",
         "path": "races.elves.name", "message": "missing zh translation of name"},
    ]


def test_json_format_clean_is_empty_list(run):
    code, out, _ = run("validate", VALID, "--format", "json")
    assert (code, json.loads("\n".join(out))) == (0, [])


def test_project_dir_defaults_to_current_folder(run, monkeypatch):
    monkeypatch.chdir(VALID)
    assert run("validate") == (0, ["no problems found"], "")


def test_list_counts_every_kind(run):
    code, out, _ = run("list", VALID)
    assert code == 0
    rows = {cells[0]: cells[1:] for cells in (_cells(line) for line in out) if len(cells) == 3}
    assert rows["equipment"] == ["2", "4"]
    assert rows["good"] == ["2", "6"]  # 2 goods of 3 raid cards each
    assert rows["glory_card"] == ["2", "3"]
    assert rows["total"] == ["29", "37"]


def test_list_one_kind_shows_names_and_numbers(run):
    code, out, _ = run("list", VALID, "hero")
    assert code == 0
    header = _cells(next(line for line in out if "combat" in line))
    assert header == ["id", "name", "名称", "copies", "combat", "perception", "leadership",
                      "influence"]
    assert ["ash_sage", "Ash Sage", "灰烬贤者", "1", "2", "3", "2", "3"] in map(_cells, out)


def test_list_json(run):
    code, out, _ = run("list", VALID, "good", "--format", "json")
    assert code == 0
    data = json.loads("\n".join(out))
    assert list(data) == ["good"]
    assert data["good"][0] == {"id": "silk", "name": {"en": "Silk", "zh": "丝绸"}, "copies": 3,
                               "raid": [2, 4, "ambush"], "demand_markers": 3}


def test_list_json_all_kinds(run):
    code, out, _ = run("list", VALID, "--format", "json")
    data = json.loads("\n".join(out))
    assert code == 0 and len(data) == 13
    assert data["region"][0]["id"] == "harbor" and "position.x" not in data["region"][0]


def test_list_kind_without_project_uses_current_folder(run, monkeypatch):
    monkeypatch.chdir(VALID)
    code, out, _ = run("list", "npc", "--format", "json")
    assert code == 0
    assert [row["id"] for row in json.loads("\n".join(out))["npc"]] == ["human_patrol",
                                                                         "road_bandits"]


def test_list_unknown_kind(run):
    code, out, err = run("list", VALID, "heros")
    assert code == 2 and out == []
    assert err.startswith("error: unknown kind 'heros' (did you mean 'hero'?)")


def test_list_invalid_content_lists_the_rest_and_fails(project, run):
    root = project([("heroes.yaml", "influence: 3}", "influence: 5}")])
    code, out, err = run("list", root, "hero", "--format", "json")
    assert code == 1
    assert [row["id"] for row in json.loads("\n".join(out))["hero"]] == ["leaf_archer"]
    assert "the content has 1 error(s)" in err


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.replace("┃", "│").split("│")[1:-1]]
