"""The toolkit's commands on examples/root through click's CliRunner (quick sizes)."""

from __future__ import annotations

import json
import shutil

from click.testing import CliRunner

from toolkit.cli import cli

from .conftest import PROJECT


def invoke(*args):
    result = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False,
                                standalone_mode=False)
    code = result.return_value if isinstance(result.return_value, int) else result.exit_code
    return code, result.output


def _copy(tmp_path):
    project = tmp_path / "root"
    shutil.copytree(PROJECT, project, ignore=shutil.ignore_patterns("output"))
    return project


def test_validate_passes_and_catches_an_item_supply_slip(tmp_path):
    code, out = invoke("validate", PROJECT)
    assert code == 0 and "no problems" in out
    project = _copy(tmp_path)
    items = project / "cards" / "items.yaml"
    items.write_text(items.read_text().replace("copies: 2, supply: 2, ruin: 0, start: 0",
                                               "copies: 2, supply: 1, ruin: 0, start: 0", 1))
    code, out = invoke("validate", project)
    assert code != 0 and "items.yaml:" in out and "coin" in out and "Traceback" not in out


def test_odds_prints_the_tables_and_fails_in_one_line_without_them(tmp_path):
    code, out = invoke("odds", PROJECT)
    assert code in (0, None) and "93.8%" in out and "att\\def" in out
    code, out = invoke("odds", PROJECT, "--lang", "zh", "--format", "json")
    assert json.loads(out)[0]["rows"][2][2] == "75.0%"
    result = CliRunner().invoke(cli, ["odds", "--example"])
    assert result.exit_code != 0 and "offers no odds tables" in str(result.exception)


def test_check_runs_rulings_and_fuzzes(tmp_path):
    code, out = invoke("check", PROJECT, "-n", "2")
    assert code == 0, out
    assert "0 failed" in out and "0 invariant violations" in out


def test_simulate_writes_its_report(tmp_path):
    project = _copy(tmp_path)
    code, out = invoke("simulate", project, "-n", "4", "--players", "4")
    assert code in (0, None), out
    assert (project / "output" / "sim" / "report.json").is_file()


def test_replay_prints_the_game_in_words(tmp_path):
    code, out = invoke("replay", PROJECT, "--seed", "2", "--players", "3", "--until", "40")
    assert code in (0, None) and "#40" in out and "Clearing" in out


def test_compare_names_the_edited_setting(tmp_path):
    project = _copy(tmp_path)
    other = tmp_path / "other"
    shutil.copytree(project, other, ignore=shutil.ignore_patterns("output"))
    game_yaml = other / "cards" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("win_vp: 30 ", "win_vp: 20 "))
    code, out = invoke("compare", project, other, "--max-games", "4", "--players", "4")
    assert "win_vp" in out, out


def test_build_prints_the_map_and_faction_boards(tmp_path):
    out_dir = tmp_path / "out"
    code, out = invoke("build", PROJECT, "--only", "board,faction_board", "--out", out_dir)
    assert code in (0, None), out
    assert list(out_dir.rglob("*.pdf"))
