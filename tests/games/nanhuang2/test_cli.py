"""The toolkit's commands on examples/nanhuang2, through click's CliRunner (quick sizes)."""

from __future__ import annotations

import json
import shutil

from click.testing import CliRunner

from toolkit.cli import cli

from .conftest import PROJECT


def invoke(*args):
    """(exit code, output) as `toolkit` would give them (the group returns a command's
    code, which the `toolkit` entry point turns into the exit status)."""
    result = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False,
                                standalone_mode=False)
    code = result.return_value if isinstance(result.return_value, int) else result.exit_code
    return code, result.output


def test_validate_counts_every_kind():
    code, out = invoke("validate", PROJECT)
    assert code == 0, out
    assert "no problems" in out


def test_validate_reports_a_broken_card_with_file_and_line(tmp_path):
    project = tmp_path / "nh"
    shutil.copytree(PROJECT, project, ignore=shutil.ignore_patterns("output"))
    soldiers = project / "cards" / "soldiers.yaml"
    soldiers.write_text(soldiers.read_text().replace("power: 3, economy: 0, price: 3",
                                                     "power: 99, economy: 0, price: 3", 1))
    code, out = invoke("validate", project)
    assert code != 0 and "soldiers.yaml:" in out and "Traceback" not in out


def test_check_runs_the_rulings_and_fuzzes_invariants():
    code, out = invoke("check", PROJECT, "-n", "20")
    assert code == 0, out
    assert "40 rulings: 0 failed" in out and "0 invariant violations" in out


def test_a_wrong_ruling_fails_with_its_line(tmp_path):
    project = tmp_path / "nh"
    shutil.copytree(PROJECT, project, ignore=shutil.ignore_patterns("output"))
    field = project / "cards" / "rulings" / "field.yaml"
    field.write_text(field.read_text().replace("- {seat: 1, power: 4}", "- {seat: 1, power: 6}"))
    code, out = invoke("check", project, "--rulings-only")
    assert code == 1 and "field.yaml:" in out and "power is 4, expected 6" in out, out


def test_simulate_writes_a_report(tmp_path):
    code, out = invoke("simulate", PROJECT, "-n", "20", "--workers", "1", "-q",
                       "--out", tmp_path)
    assert code == 0, out
    games = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert len(games) == 20 and all("stats" in g and "winner" in g for g in games)


def test_replay_prints_a_game_in_chinese():
    code, out = invoke("replay", PROJECT, "--seed", "3", "--players", "2",
                       "--agents", "warlord,random", "--lang", "zh")
    assert code == 0, out
    assert "初始手牌" in out and "第1轮" in out


def test_compare_sees_the_edit(tmp_path):
    candidate = tmp_path / "nh"
    shutil.copytree(PROJECT, candidate, ignore=shutil.ignore_patterns("output"))
    game_yaml = candidate / "cards" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("monster_multiplier: 1.5",
                                                       "monster_multiplier: 2"))
    code, out = invoke("compare", PROJECT, candidate, "--max-games", "40", "--batch", "20",
                       "--players", "2", "--workers", "1", "-q", "--out", tmp_path / "cmp")
    assert code in (0, 3), out
    assert "monster_multiplier" in out


def test_build_renders_the_declared_kinds(tmp_path):
    code, out = invoke("build", PROJECT, "--out", tmp_path, "--only", "monster",
                       "--layout", "fold")
    assert code == 0, out
    pdfs = list(tmp_path.rglob("print-cards-fold.pdf"))   # the folder may name lang/kinds
    assert pdfs and pdfs[0].stat().st_size > 1000


def test_build_prints_the_public_area_and_field_mats(tmp_path):
    code, out = invoke("build", PROJECT, "--out", tmp_path, "--only", "board,player_board")
    assert code == 0, out
    pdfs = list(tmp_path.rglob("print-one-sided.pdf"))
    assert pdfs and pdfs[0].stat().st_size > 1000
