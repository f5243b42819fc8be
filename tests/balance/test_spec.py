"""The balance: block is part of game.yaml's model: the validator reports a wrong one in
one line with file:line, and simulate marks each target met or missed."""

from __future__ import annotations

import json

import pytest


def test_a_good_block_validates(planted, toolkit):
    code, out, err = toolkit("validate", planted)
    assert code == 0, out + err


@pytest.mark.parametrize("target, words", [
    ("{side: hero, min: 18, max: 32}", "0.18, not 18"),
    ("{side: hero, mni: 0.18}", "unknown key 'mni'"),
    ("{side: hero, min: 0.4, max: 0.2}", "above max"),
    ("{value: rounds, max: 14}", "not a dotted path of the simulate report"),
    ("{side: hero, value: rounds.p50, max: 14}", "exactly one of 'side' or 'value'"),
    ("{value: rounds.p50}", "needs 'min', 'max' or both"),
])
def test_a_wrong_target_is_one_line_with_its_place(make_planted, tmp_path, toolkit, target,
                                                    words):
    block = f"\nbalance:\n  targets:\n    - {target}\n  tunable:\n    - {{kind: hero, field: cost}}\n"
    project = make_planted(tmp_path / "p", balance=block)
    code, out, err = toolkit("validate", project)
    assert code != 0
    errors = [line for line in (out + err).splitlines() if ": error: " in line]
    assert len(errors) == 1, out + err
    assert errors[0].startswith("cards/game.yaml:") and words in errors[0], errors[0]
    assert "Traceback" not in out + err


def test_simulate_marks_every_target(planted, tmp_path, toolkit):
    out = tmp_path / "sim"
    code, text, err = toolkit("simulate", planted, "-n", "40", "--players", "4", "-q",
                              "--workers", "1", "--out", out)
    assert code in (0, None), text + err
    report = json.loads((out / "report.json").read_text())
    marks = report["targets"]
    assert {m["entry"] for m in marks} >= {"aldric_vane", "sylwen_silvertongue"}
    assert all(set(m) >= {"value", "ci95", "min", "max", "met"} for m in marks)
    met = sum(m["met"] for m in marks)
    assert f"balance targets: {met} of {len(marks)} met" in text
    for m in marks:
        if not m["met"]:
            assert m["min"] <= 0.18 and not (0.18 <= m["value"] <= 0.32)


def test_simulate_without_a_block_says_nothing_of_targets(tmp_path, toolkit):
    import shutil

    from toolkit import BUNDLED_PROJECT
    shutil.copytree(BUNDLED_PROJECT / "cards", tmp_path / "p" / "cards")
    out = tmp_path / "sim"
    code, text, err = toolkit("simulate", tmp_path / "p", "-n", "8", "-q", "--workers", "1",
                              "--out", out)
    assert code in (0, None), text + err
    assert "balance targets" not in text
    assert "targets" not in json.loads((out / "report.json").read_text())
