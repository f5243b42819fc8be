"""`toolkit simulate` on the command line: one-line errors with exit 2, and a real run."""

import json

import pytest

from toolkit.cli import main


def run(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", *argv])
    out, err = capsys.readouterr()
    return exit_.value.code, out, err


def assert_one_line_usage_error(argv, capsys, needle):
    code, out, err = run(argv, capsys)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err
    assert lines[0].startswith("error: ") and needle in lines[0]


@pytest.mark.parametrize("players", ["x", "4-2", "2..4"])
def test_bad_players_syntax(players, capsys):
    assert_one_line_usage_error(["-n", "4", "--players", players], capsys, "--players")


def test_players_outside_the_game(content_ready, agents_ready, capsys):
    assert_one_line_usage_error(["-n", "4", "--players", "2-7", "--agents", "random"], capsys,
                                "takes 2-4 players")


def test_unknown_agent(agents_ready, capsys):
    assert_one_line_usage_error(["-n", "4", "--agents", "random,wizard"], capsys,
                                "unknown agent 'wizard'")


def test_bad_counts_and_backend(agents_ready, capsys):
    assert_one_line_usage_error(["-n", "0"], capsys, "expected 1 to 1,000,000 games")
    assert_one_line_usage_error(["-n", "1000001"], capsys, "expected 1 to 1,000,000 games")
    assert_one_line_usage_error(["-n", "3", "--workers", "0"], capsys, "--workers")
    assert_one_line_usage_error(["-n", "3", "--workers", "65"], capsys, "expected 1 to 64")
    assert_one_line_usage_error(["-n", "3", "--players", "9"], capsys, "takes 2-4 players")
    assert_one_line_usage_error(["-n", "3", "--backend", "ray"], capsys, "unknown backend")
    assert_one_line_usage_error(["-n", "3", "--scheduler", "tcp://127.0.0.1:1"], capsys,
                                "needs --backend dask")


def test_a_small_run_writes_its_files(engine_ready, tmp_path, capsys):
    code, out, err = run(["-n", "4", "--players", "2-3", "--agents", "mixed", "--seed", "4",
                          "--workers", "1", "--out", str(tmp_path), "-q"], capsys)
    assert code == 0, err
    records = [json.loads(x) for x in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert [r["players"] for r in records] == [2, 3, 2, 3]
    styles = {"trader", "raider", "adventurer", "balanced"}
    assert all(set(r["agents"]) <= styles for r in records)
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["games"] == 4 and report["seed"] == 4 and report["agents"] == "mixed"
    assert report["complete"] and sum(report["end_reason"]["counts"].values()) == 4
    assert "<svg" in (tmp_path / "report.html").read_text()
    assert "wrote" in out and not list(tmp_path.glob("*.tmp"))
    assert {"agent", "seat", "hero", "party", "card"} <= set(report["adjusted"])
    assert set(report["matchups"]["agents"]) <= styles
    assert report["unused"]["effects_fired"] and report["unused"]["items"]
    assert all(r["effects_fired"] is not None and r["action_kinds"] for r in records)


def test_an_unwritable_output_folder_stops_before_any_game(engine_ready, tmp_path, capsys,
                                                          monkeypatch):
    import toolkit.sim.batch as batch
    monkeypatch.setattr(batch, "run_games", lambda *a, **k: pytest.fail("games were played"))
    blocker = tmp_path / "a_file"
    blocker.write_text("x")  # a folder cannot be made inside a file, not even by root
    code, out, err = run(["-n", "2", "--out", str(blocker / "sim"), "-q"], capsys)
    assert code == 2 and "cannot write to the output folder" in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("argv,needle", [
    (["--tolerance", "-1"], "--tolerance"), (["--tolerance", "101"], "--tolerance"),
    (["--ladder", "-3"], "--ladder"),
])
def test_bad_tolerance_and_ladder(argv, needle, capsys):
    assert_one_line_usage_error(["-n", "4", *argv], capsys, needle)


def test_fixed_line_up_is_rotated_unless_told_not_to(engine_ready, tmp_path, capsys):
    def lineups(*extra):
        code, out, err = run([str(engine_ready), "-n", "4", "--players", "2", "--agents",
                              "random,balanced", "--workers", "1", "-q",
                              "--out", str(tmp_path / "sim"), *extra], capsys)
        assert code in (0, None), err
        report = json.loads((tmp_path / "sim" / "report.json").read_text())
        games = [json.loads(line) for line in
                 (tmp_path / "sim" / "games.jsonl").read_text().splitlines()]
        return report["design"], [(g["seed"], tuple(g["agents"])) for g in games]

    design, games = lineups()
    assert design == {"rotated": True, "lineup": "fixed"}
    assert [a for _, a in games] == [("random", "balanced"), ("balanced", "random")] * 2
    assert games[0][0] == games[1][0] != games[2][0] == games[3][0]
    design, games = lineups("--no-rotate")
    assert design["rotated"] is False and {a for _, a in games} == {("random", "balanced")}
