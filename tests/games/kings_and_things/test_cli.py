"""The toolkit's commands on examples/kings-and-things through click's CliRunner (quick
sizes): validate, build, simulate, check, replay, compare and odds."""

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


def _copy(tmp_path, name="kt"):
    project = tmp_path / name
    shutil.copytree(PROJECT, project, ignore=shutil.ignore_patterns("output"))
    return project


def _edit(project, file, old, new):
    path = project / "cards" / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_validate_passes_and_catches_counter_slips(tmp_path):
    code, out = invoke("validate", PROJECT)
    assert code in (0, None) and "no problems" in out
    project = _copy(tmp_path)
    _edit(project, "creatures.yaml", "terrain: mountain, value: 1, copies: 4", "terrain: mountain, value: 1, copies: 5")
    _edit(project, "characters.yaml", "counter: 11, value: 5", "counter: 12, value: 5")
    result = CliRunner().invoke(cli, ["validate", str(project)])
    out = result.output + str(result.exception or "")
    assert result.exit_code != 0 and "Traceback" not in out
    assert "creature" in out and "186" in out                 # counts: against game.yaml
    assert "things_in_cup" in out and "235" in out            # the cup's 234 things
    assert "characters.yaml:" in out and "exactly two" in out  # a hero alone on a counter


def test_build_prints_counters_tiles_and_reference(tmp_path):
    out_dir = tmp_path / "out"
    code, out = invoke("build", PROJECT, "--only", "heroes,forts,markers,hex_tiles,reference",
                       "--out", out_dir, "--layout", "duplex")
    assert code in (0, None), out
    names = {p.name for p in out_dir.rglob("*.pdf")}
    assert {"print-cards-duplex.pdf", "print-one-sided.pdf"} <= names  # one-sided: reference


def test_simulate_and_check(tmp_path):
    project = _copy(tmp_path)
    code, out = invoke("simulate", project, "-n", "3", "--players", "4", "--workers", "1")
    assert code in (0, None), out
    assert "citadel" in out or "income" in out
    code, out = invoke("check", project, "-n", "1")
    assert code in (0, None), out
    assert "0 invariant violations" in out and "0 failed" in out


def test_replay_compare_and_odds(tmp_path):
    project = _copy(tmp_path)
    code, out = invoke("replay", project, "--seed", "2", "--players", "3", "--until", "40",
                       "--lang", "zh")
    assert code in (0, None) and "#40" in out and "六边形" in out
    other = _copy(tmp_path, "other")
    _edit(other, "game.yaml", "round_limit: 40 ", "round_limit: 6  ")
    code, out = invoke("compare", project, other, "--max-games", "4", "--players", "4",
                       "--workers", "1")
    assert "round_limit" in out, out
    code, out = invoke("odds", project, "--format", "json")
    tables = json.loads(out)
    assert tables[0]["rows"][0][1] == "45.5%"    # 1 against 1: 5/11
