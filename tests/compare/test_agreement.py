"""compare agrees with itself (issue #22, item 5): every verdict and the interval printed
beside it come from the same games and do not contradict each other, on real games of the
bundled Caravans & Brigands; a settings-only or rules-only edit asks the game's headline
question and stops once it is answered."""

from __future__ import annotations

import json
import resource
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parent))
from projects import BUNDLED, copy_project, set_stats  # noqa: E402

from toolkit.cli import cli  # noqa: E402

HERO = "kharza_ironhide"


def compare(*args):
    return CliRunner().invoke(cli, ["compare", *args, "-q", "--workers", "1"],
                              catch_exceptions=False)


def _number(metric: dict, value: float, sign: bool = True) -> str:
    percent = metric["family"] in ("win", "balance")
    scale, digits = (100, 1) if percent else (1, 2)
    return f"{value * scale:{'+' if sign else ''}.{digits}f}"


def printed_estimate(m: dict) -> str:
    """`(-10.1 ± 5.3` as the summary prints a metric's change and half its 95 % interval."""
    lo, hi = m["ci95"]
    return f"({_number(m, m['delta'])} ± {_number(m, (hi - lo) / 2, sign=False)}"


def disagreements(data: dict) -> list[str]:
    """Every way report.json and its printed summary contradict themselves: a change whose
    interval holds 0, "no meaningful change" beside an interval reaching past the tolerance,
    a decision from a metric seen in under 20 seeds, a printed estimate or game count that is
    not the decision's."""
    wrong = []
    lines = [line for line in data["summary"] if "decided after" in line]
    for m in data["metrics"]:
        if m["decision"] not in ("increase", "decrease", "no_change"):
            continue
        name, (lo, hi), tol = m["metric"], m["ci95"], m["tolerance"]
        if m["decision"] == "increase" and not lo > 0:
            wrong.append(f"{name}: increase beside [{lo}, {hi}]")
        if m["decision"] == "decrease" and not hi < 0:
            wrong.append(f"{name}: decrease beside [{lo}, {hi}]")
        if m["decision"] == "no_change" and not -tol < lo <= hi < tol:
            wrong.append(f"{name}: no meaningful change beside [{lo}, {hi}], tolerance {tol}")
        if m["seen"] < 20:
            wrong.append(f"{name}: decided after coming up in {m['seen']} seeds")
        if not lo <= m["delta"] <= hi or m["games"] > data["games"]:
            wrong.append(f"{name}: delta or games outside what was played")
        printed = [line for line in lines if f" {m['label']}:" in line or
                   f"{m['label']} " in line.split(":")[0]]
        estimate = printed_estimate(m)
        for line in printed:
            if estimate not in line or f"decided after {m['games']:,} paired" not in line:
                wrong.append(f"{name}: printed {line!r}, the decision read {estimate} at "
                             f"{m['games']:,} paired games")
    return wrong


@pytest.fixture(scope="module")
def hero_at_4s(tmp_path_factory):
    root = copy_project(BUNDLED, tmp_path_factory.mktemp("hero") / "k4")
    set_stats(root, HERO, 4)
    return root


def _agrees(hero_at_4s, tmp_path, seed: int) -> dict:
    out = tmp_path / f"seed{seed}"
    result = compare("--example", str(hero_at_4s), "--seed", str(seed), "--out", str(out))
    assert result.exit_code == 0, result.output
    data = json.loads((out / "report.json").read_text())
    assert data["question"]["metrics"] == [f"hero:{HERO}"]
    assert data["verdict"] == "changed"
    assert disagreements(data) == [], result.output
    asked = data["metrics"][0]
    assert printed_estimate(asked) in data["summary"][1]       # the answer line was read
    return data


def test_the_check_finds_the_contradictions_of_the_review():
    """The two rows of the review (new-user.md #2) and a verdict printed with a later
    estimate are caught by `disagreements`."""
    def metric(name, decision, ci, delta, games=533, seen=40):
        return {"metric": name, "label": name, "family": "win", "tolerance": 0.02,
                "decision": decision, "ci95": ci, "delta": delta, "games": games,
                "seen": seen}
    sylwen = metric("hero Sylwen", "decrease", [-0.035, 0.015], -0.010)
    urzha = metric("hero Urzha", "no_change", [-0.049, -0.001], -0.025, 78)
    early = metric("hero Kharza", "increase", [0.05, 0.15], 0.10, seen=6)
    later = metric("hero Vrok", "increase", [0.05, 0.15], 0.10)
    data = {"games": 9697, "metrics": [sylwen, urzha, early, later],
            "summary": ["Candidate makes hero Vrok stronger: 20.0 % → 30.0 % (+12.0 ± 4.0 "
                        "pp), more than the 2.0 pp tolerance; decided after 533 paired games"]}
    found = disagreements(data)
    assert [line.split(":")[0] for line in found] == ["hero Sylwen", "hero Urzha",
                                                      "hero Kharza", "hero Vrok"], found


@pytest.mark.parametrize("seed", [1, 2])
def test_verdicts_and_intervals_agree_on_a_hero_edit(hero_at_4s, tmp_path, seed):
    data = _agrees(hero_at_4s, tmp_path, seed)
    decided = [m for m in data["metrics"] if m["latest"] is not None]
    assert decided                                   # game-wide ones decided before the end
    assert any(m["latest"]["units"] > 0 for m in decided)


@pytest.mark.slow
def test_verdicts_and_intervals_agree_on_twenty_seeds(hero_at_4s, tmp_path):
    verdicts = set()
    for seed in range(1, 21):
        data = _agrees(hero_at_4s, tmp_path, seed)
        verdicts |= {m["decision"] for m in data["metrics"]}
    assert {"decrease", "no_change"} <= verdicts      # both kinds were checked


def _cpu() -> float:
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(
        resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def test_a_settings_edit_asks_the_headline_and_stops_at_its_answer(tmp_path):
    """Starting gold 10 -> 2 (the chip-count kind of edit, large effect): the question is
    each seat's win rate and game length, answered without waiting for the 20-odd game-wide
    metrics, in well under 30 s of CPU."""
    poorer = copy_project(BUNDLED, tmp_path / "poorer")
    game = poorer / "cards" / "game.yaml"
    text = game.read_text(encoding="utf-8")
    assert "\n  gold: 10\n" in text
    game.write_text(text.replace("\n  gold: 10\n", "\n  gold: 2\n", 1), encoding="utf-8")
    start = _cpu()
    result = compare(str(BUNDLED), str(poorer), "--out", str(tmp_path / "out"))
    spent = _cpu() - start
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == ("Question: does the game change? (the edit changed game settings "
                        "only) Tested first: each seat's win rate and game length")
    assert lines[1].startswith("Answer: it matters. Candidate makes games longer")
    data = json.loads((tmp_path / "out" / "report.json").read_text())
    assert data["question"]["metrics"] == ["seat:1", "seat:2", "seat:3", "seat:4", "rounds"]
    assert any(m["decision"] == "inconclusive" for m in data["metrics"]
               if m["role"] == "game-wide")          # it did not wait for them
    assert data["games"] <= 400 and spent < 30, (data["games"], spent)
    assert disagreements(data) == []


def _tutorial(tmp_path: Path, name: str) -> Path:
    result = CliRunner().invoke(cli, ["new", str(tmp_path / name)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return tmp_path / name


def _last_seat_leads(root: Path) -> None:
    rules = root / "rules" / "__init__.py"
    text = rules.read_text(encoding="utf-8")
    assert "_state(cards, hands, leader=0)" in text
    rules.write_text(text.replace("_state(cards, hands, leader=0)",
                                  "_state(cards, hands, leader=len(seats) - 1)"),
                     encoding="utf-8")


def test_a_rules_only_edit_is_named_and_asks_the_headline(tmp_path):
    base, edited = _tutorial(tmp_path, "base"), _tutorial(tmp_path, "edited")
    _last_seat_leads(edited)
    result = compare(str(base), str(edited), "--trust", "--max-games", "120",
                     "--out", str(tmp_path / "out"))
    assert result.exit_code in (0, 3), result.output
    lines = result.output.splitlines()
    assert lines[0] == ("Question: does the game change? (the cards and settings are "
                        "identical, the rules differ) Tested first: each seat's win rate and "
                        "game length")
    assert "  rules/: the files differ" in lines
    assert "identical content" not in result.output
    data = json.loads((tmp_path / "out" / "report.json").read_text())
    assert data["question"]["source"] == "game"
    # game length never varies (five tricks): a flat metric waits for FLAT_UNITS (150) seeds
    rounds = next(m for m in data["metrics"] if m["metric"] == "rounds")
    assert rounds["delta"] == 0 and rounds["decision"] == "inconclusive"
    assert disagreements(data) == []


@pytest.mark.slow
def test_a_rules_only_edit_with_a_big_seat_effect_is_answered(tmp_path):
    base, edited = _tutorial(tmp_path, "base"), _tutorial(tmp_path, "edited")
    _last_seat_leads(edited)
    result = compare(str(base), str(edited), "--trust", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[1].startswith("Answer: it matters. Candidate makes seat")
    data = json.loads((tmp_path / "out" / "report.json").read_text())
    assert disagreements(data) == []
