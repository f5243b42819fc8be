"""`toolkit compare` end to end with a stand-in for the batch runner: games whose winner is
drawn from the heroes' stat totals in the content, so an edit of a hero's stats is a real
change and identical content gives identical games."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parent))
from projects import SMALL, copy_project, edit_cards, set_stats  # noqa: E402

from toolkit.cli import cli  # noqa: E402
from toolkit.compare import run as compare_run  # noqa: E402
from toolkit.compare import stream as compare_stream  # noqa: E402
from toolkit.sim.batch import catalog_for  # noqa: E402
from toolkit.sim.plan import LineupSpec  # noqa: E402


def fake_run_games(root, seeds, lineups, workers=None, backend="local", scheduler=None,
                   progress=True, trust=False):
    catalog = catalog_for(root)
    heroes = sorted(catalog.heroes)
    out = []
    for seed, lineup in zip(seeds, lineups):
        deal = random.Random(f"deal:{seed}")
        seated = [deal.choice(heroes) for _ in lineup]
        weights = [sum(catalog.heroes[h].stats.model_dump().values()) ** 2 for h in seated]
        pick = random.Random(f"play:{seed}:{','.join(lineup)}").random() * sum(weights)
        winner = next(i for i in range(len(seated)) if pick < sum(weights[:i + 1]))
        out.append({"winner": [winner], "rounds": 10 + deal.randrange(5), "heroes": seated,
                    "parties": ["small_caravan"] * len(lineup), "players": len(lineup),
                    "glory_by_source": [{"raid": 1} for _ in lineup]})
    return out


@pytest.fixture(autouse=True)
def stand_in_runner(monkeypatch):
    monkeypatch.setattr(compare_stream, "run_games", fake_run_games)
    monkeypatch.setattr(compare_stream, "streaming", lambda options: False)
    monkeypatch.setattr(compare_run, "parse_agents",
                        lambda text, players, game, catalog: LineupSpec(tuple(text.split(",")) * players
                                                               if "," not in text else
                                                               tuple(text.split(","))))


def invoke(*args):
    return CliRunner().invoke(cli, ["compare", *args, "-q", "--agents", "random"],
                              catch_exceptions=False)


def answer(output: str) -> str:
    """The answer line of the text output (the line after the question)."""
    lines = output.splitlines()
    assert lines[0].startswith("Question"), output
    assert lines[1].startswith("Answer: "), output
    return lines[1].removeprefix("Answer: ")


def test_identical_versions_no_meaningful_change(tmp_path):
    result = invoke(str(SMALL), str(SMALL), "--max-games", "400", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert answer(result.output).startswith("no meaningful change: all 5 metrics")
    assert "identical content" in result.output.splitlines()[0]
    data = json.loads((tmp_path / "report.json").read_text())
    assert data["verdict"] == "no_change"
    decisions = {m["metric"]: m["decision"] for m in data["metrics"]}
    assert decisions.pop("party:small_war_band") == "unobserved"   # the stand-in never picks it
    assert set(decisions.values()) == {"no_change"}
    assert "Never came up in either version: party Small War Band" in result.output
    assert (tmp_path / "report.html").read_text().count("<tr class=") == len(data["metrics"])


def test_buffed_hero_is_named_stronger(tmp_path):
    buffed = copy_project(SMALL, tmp_path / "buffed")
    set_stats(buffed, "ash_sage", 4)
    out = tmp_path / "out"
    result = invoke(str(SMALL), str(buffed), "--max-games", "4000", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Question: does the edit of Ash Sage matter? Tested "
                                    "first: hero Ash Sage\n")
    first = answer(result.output)
    assert first.startswith("it matters. Candidate makes hero Ash Sage stronger:")
    assert "decided after" in first and "pp" in first
    assert "hero ash_sage: stats.combat: 2 → 4" in result.output
    data = json.loads((out / "report.json").read_text())
    sage = next(m for m in data["metrics"] if m["metric"] == "hero:ash_sage")
    assert sage["decision"] == "increase" and sage["delta"] > 0
    assert sage["ci95"][0] < sage["delta"] < sage["ci95"][1]
    assert set(sage) >= {"baseline", "candidate", "delta", "ci95", "decision", "games"}


def test_inconclusive_exits_3_with_the_estimate(tmp_path):
    buffed = copy_project(SMALL, tmp_path / "b")
    set_stats(buffed, "ash_sage", 3)
    result = invoke(str(SMALL), str(buffed), "--metric", "hero:ash_sage", "--max-games", "40",
                    "--out", str(tmp_path / "o"))
    assert result.exit_code == 3
    assert answer(result.output).startswith("undecided after 40 paired games (the cap")
    undecided = result.output.splitlines()[2]
    assert undecided.startswith("Undecided: hero Ash Sage: ") and "so far (95 % interval" in undecided
    assert "Holm" not in result.output and "p =" not in result.output
    html = (tmp_path / "o" / "report.html").read_text()
    assert "p (Holm)" not in html and "<td>undecided</td>" in html
    assert '<tr class="increase"' not in html and '<tr class="inconclusive"' in html


def test_json_format_and_single_metric(tmp_path):
    result = invoke(str(SMALL), str(SMALL), "--metric", "seat:1", "--max-games", "400",
                    "--format", "json", "--out", str(tmp_path))
    data = json.loads(result.output)
    assert [m["metric"] for m in data["metrics"]] == ["seat:1"]
    assert data["metrics"][0]["label"] == "seat 1 (first player)"
    assert "p_holm" not in data["metrics"][0]
    assert data["settings"]["metrics"] == 1


@pytest.mark.parametrize("args, message", [
    (["--metric", "hero:nobody"], "unknown metric 'hero:nobody'"),
    (["--metric", "hero:ash_sag"], "did you mean 'hero:ash_sage'?"),
    (["--players", "2-4"], "compare plays one player count"),
    (["--backend", "cloud"], "--backend: unknown backend 'cloud'"),
    (["--tolerance", "win"], "--tolerance: expected FAMILY=VALUE"),
    (["--alpha", "0.7"], "--alpha: expected a probability"),
])
def test_bad_options_are_one_line_errors(tmp_path, args, message):
    result = CliRunner().invoke(cli, ["compare", str(SMALL), str(SMALL), *args, "-q"])
    assert result.exit_code != 0
    assert message in str(result.exception) or message in result.output


def test_invalid_candidate_names_its_side(tmp_path):
    broken = copy_project(SMALL, tmp_path / "broken")
    heroes = broken / "cards" / "heroes.yaml"
    heroes.write_text(heroes.read_text().replace("combat: 2", "combat: 9", 1))
    result = CliRunner().invoke(cli, ["compare", str(SMALL), str(broken), "-q"])
    assert result.exit_code == 1
    assert str(result.exception).startswith(f"error: candidate {broken}")


def test_head_against_the_working_tree(tmp_path, monkeypatch):
    from projects import git

    top = tmp_path / "repo"
    project = copy_project(SMALL, top / "game")
    git(top, "init", "-q")
    git(top, "add", ".")
    git(top, "commit", "-q", "-m", "fixture")
    set_stats(project, "ash_sage", 4)
    before = git(top, "status", "--porcelain")
    monkeypatch.chdir(project)
    result = invoke("HEAD", ".", "--max-games", "2000")
    assert result.exit_code == 0, result.output
    assert answer(result.output).startswith("it matters. Candidate makes hero Ash Sage stronger")
    assert (project / "output" / "compare" / "report.json").is_file()
    after = [line for line in git(top, "status", "--porcelain").splitlines()
             if "output/" not in line]
    assert after == before.splitlines()
    data = json.loads((project / "output" / "compare" / "report.json").read_text())
    assert data["baseline"]["spec"] == "HEAD" and len(data["baseline"]["commit"]) == 40


def test_editing_a_directory_during_the_run_does_not_leak_in(tmp_path, monkeypatch):
    cand = copy_project(SMALL, tmp_path / "cand")
    calls = []

    def edit_then_play(root, *args, **kwargs):
        calls.append(root)
        (cand / "cards" / "heroes.yaml").write_text("kind: hero\ncards: [oops\n")
        return fake_run_games(root, *args, **kwargs)
    monkeypatch.setattr(compare_stream, "run_games", edit_then_play)
    result = invoke(str(SMALL), str(cand), "--max-games", "400", "--out", str(tmp_path / "o"))
    assert result.exit_code == 0, result.output
    assert answer(result.output).startswith("no meaningful change")
    assert all(Path(root) != cand for root in calls)         # games ran on a snapshot


def test_printed_report_fits_the_page(tmp_path):
    if str(Path(__file__).resolve().parents[1]) not in sys.path:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the sim helper
    from sim.test_report_print import _widest_table_overflow
    invoke(str(SMALL), str(SMALL), "--max-games", "400", "--out", str(tmp_path))
    tables, overflow = _widest_table_overflow((tmp_path / "report.html").read_text())
    assert tables >= 1 and overflow <= 0.5


@pytest.mark.parametrize("how,code", [("ctrl-c", 130), ("sigterm", 143)])
def test_a_stopped_compare_exits_non_zero_and_removes_its_temp_folder(monkeypatch, how, code):
    import os
    import signal
    seen = []

    def stopped(base, cand, options):
        seen.append(base.root.parent)
        assert base.root.parent.is_dir()
        if how == "sigterm":
            os.kill(os.getpid(), signal.SIGTERM)
        raise KeyboardInterrupt

    monkeypatch.setattr(compare_run, "compare_versions", stopped)
    result = invoke(str(SMALL), str(SMALL))
    assert result.exit_code == code
    assert seen and not seen[0].exists()
    assert signal.getsignal(signal.SIGTERM) is not None


def test_an_unwritable_output_folder_stops_before_any_game(monkeypatch, tmp_path):
    monkeypatch.setattr(compare_run, "compare_versions",
                        lambda *a, **k: pytest.fail("games were played"))
    blocker = tmp_path / "a_file"
    blocker.write_text("x")
    from toolkit.errors import UsageError
    with pytest.raises(UsageError, match="cannot write to the output folder"):
        invoke(str(SMALL), str(SMALL), "--out", str(blocker / "compare"))


def test_an_edit_that_never_comes_up_asks_the_whole_game(tmp_path):
    """The stand-in agents of the small fixture never pick the Small War Band: editing it
    cannot be judged by its own win rate, so the whole game is asked (and it is listed)."""
    edited = copy_project(SMALL, tmp_path / "b")

    def tougher(cards):
        for card in cards:
            if card["id"] == "small_war_band":
                card["cost"] += 1
    edit_cards(edited, "parties.yaml", tougher)
    out = tmp_path / "out"
    result = invoke(str(SMALL), str(edited), "--max-games", "400", "--out", str(out))
    lines = result.output.splitlines()
    assert lines[0].startswith("Question: does the game change? (the edited entries never "
                               "came up in these games)"), result.output
    data = json.loads((out / "report.json").read_text())
    assert data["question"]["source"] == "unseen"
    decisions = {m["metric"]: m["decision"] for m in data["metrics"]}
    assert decisions["party:small_war_band"] == "unobserved"
    assert "Never came up in either version: party Small War Band" in result.output


def test_until_all_keeps_playing_for_the_game_wide_metrics(tmp_path):
    buffed = copy_project(SMALL, tmp_path / "buffed")
    set_stats(buffed, "ash_sage", 4)
    first = invoke(str(SMALL), str(buffed), "--max-games", "4000", "--out", str(tmp_path / "q"))
    every = invoke(str(SMALL), str(buffed), "--max-games", "4000", "--until", "all",
                   "--out", str(tmp_path / "a"))
    assert first.exit_code == every.exit_code == 0, every.output
    q = json.loads((tmp_path / "q" / "report.json").read_text())
    a = json.loads((tmp_path / "a" / "report.json").read_text())
    assert a["settings"]["until"] == "all" and a["games"] >= q["games"]
    open_ = [m for m in a["metrics"] if m["decision"] == "inconclusive"]
    assert not open_ or a["games"] >= 4000 - 4


def test_named_metrics_are_the_whole_question_and_nothing_else_runs(tmp_path):
    """--metric NAME (repeatable): exactly those metrics are tested, reported and printed;
    no game-wide family runs beside them, and the run stops when they are decided."""
    buffed = copy_project(SMALL, tmp_path / "buffed")
    set_stats(buffed, "ash_sage", 4)
    out = tmp_path / "out"
    result = invoke(str(SMALL), str(buffed), "--metric", "hero:ash_sage", "--metric", "rounds",
                    "--max-games", "4000", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Question (--metric): hero Ash Sage, game length\n")
    data = json.loads((out / "report.json").read_text())
    assert [m["metric"] for m in data["metrics"]] == ["hero:ash_sage", "rounds"]
    assert {m["role"] for m in data["metrics"]} == {"question"}
    assert data["question"] == {"source": "asked", "ids": ["ash_sage"],
                                "metrics": ["hero:ash_sage", "rounds"]}
    assert all(m["decision"] != "inconclusive" for m in data["metrics"])
    assert data["games"] == max(m["games"] for m in data["metrics"])   # stopped at the last
    assert "Game-wide" not in result.output and "seat" not in result.output
    assert (out / "report.html").read_text().count("<tr class=") == 2
