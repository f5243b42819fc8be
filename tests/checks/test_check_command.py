"""`toolkit check` and `toolkit replay` from the command line: exit codes and output."""

import json

import pytest

from toolkit import BUNDLED_PROJECT
from toolkit.cli import main


def _run(capsys, *args):
    with pytest.raises(SystemExit) as done:
        main(list(args))
    out, err = capsys.readouterr()
    return done.value.code, out, err


def test_check_passes_on_the_bundled_game(capsys):
    code, out, err = _run(capsys, "check", str(BUNDLED_PROJECT), "-n", "2", "--seed", "3")
    assert out.strip().endswith("OK"), out
    assert code == 0
    assert "2 games" in out and "rulings: 0 failed" in out


def test_check_json(capsys):
    code, out, _ = _run(capsys, "check", str(BUNDLED_PROJECT), "--rulings-only",
                        "--format", "json")
    data = json.loads(out)
    assert data["rulings"] >= 25 and data["games"] == 0
    assert data["ok"] == (code == 0)


def test_replay_prints_a_readable_game(capsys):
    code, out, _ = _run(capsys, "replay", str(BUNDLED_PROJECT), "--seed", "5", "--players",
                        "2", "--agents", "random,random", "--until", "40")
    lines = out.splitlines()
    assert code == 0
    assert any(line.strip().startswith("Round 1 — event: ") for line in lines)
    assert sum(1 for line in lines if line.lstrip().startswith("#")) == 40
    assert lines[-1] == "stopped after action 40"


def test_replay_in_chinese_to_the_end(capsys):
    code, out, _ = _run(capsys, "replay", str(BUNDLED_PROJECT), "--seed", "5", "--players",
                        "2", "--agents", "random", "--lang", "zh")
    assert code == 0
    assert "第1轮" in out and out.splitlines()[-1].startswith("胜者：")


def test_replay_bad_players_is_one_line(capsys):
    code, out, err = _run(capsys, "replay", str(BUNDLED_PROJECT), "--seed", "1",
                          "--players", "9")
    assert code == 2
    assert err.strip().count("\n") == 0 and "players" in err


def test_replay_in_chinese_names_dice_and_sources_in_chinese(capsys):
    code, out, _ = _run(capsys, "replay", str(BUNDLED_PROJECT), "--seed", "5", "--players",
                        "2", "--agents", "random", "--lang", "zh", "--until", "60")
    details = [line for line in out.splitlines() if line.startswith("      ")]
    assert code == 0 and any("检定" in line for line in details)
    assert [line for line in details if any("a" <= c <= "z" for c in line)] == []


def test_replay_zero_players_is_refused_in_one_line(capsys):
    code, out, err = _run(capsys, "replay", str(BUNDLED_PROJECT), "--seed", "1",
                          "--players", "0")
    assert code == 2 and "Traceback" not in err and "--players" in err and not out
