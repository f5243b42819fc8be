"""`toolkit balance` end to end on a small budget: proposals on the planted heroes,
the same seed gives the same proposals (whatever the worker count), --apply writes one in
place and the result validates; bad input is one line."""

from __future__ import annotations

import json

import pytest

SMALL = ["--trials", "6", "--games", "24", "--rungs", "2", "--baseline-games", "0",
         "--verify", "48", "--proposals",
         "2", "-q"]


def _run(toolkit, project, out, *extra):
    code, text, err = toolkit("balance", project, "--out", out, *SMALL, *extra)
    assert code in (0, None), text + err
    return json.loads((out / "proposals.json").read_text()), text + err


def test_proposals_name_file_line_old_and_new(planted, tmp_path, toolkit):
    data, text = _run(toolkit, planted, tmp_path / "out", "--workers", "1")
    assert data["baseline"]["distance"] > 0
    assert "aldric_vane" in " ".join(data["focus"])
    assert data["proposals"], text
    lines = (planted / "cards" / "heroes.yaml").read_text().splitlines()
    for prop in data["proposals"]:
        assert 1 <= len(prop["edits"]) <= 6
        assert prop["verified"]["games"] == 48
        compared = prop["verified"]["compare"]  # toolkit compare against the baseline
        assert compared["games"] <= 48 and compared["lines"][0].startswith("Question")
        for e in prop["edits"]:
            assert e["old"] != e["new"] and 1 <= e["new"] <= 4
            assert lines[e["line"] - 1][e["column"] - 1:].startswith(str(e["old"]))
            assert f"{e['file']}:{e['line']}:{e['column']}" in text
    html = (tmp_path / "out" / "report.html").read_text()
    assert "<svg" in html and "Pareto front" in html
    assert not (tmp_path / "out" / "candidates").exists()  # work copies are removed
    assert "rules play in Python" not in text  # the bundled game has a compiled core


def test_same_seed_same_proposals_on_any_worker_count(planted, tmp_path, toolkit):
    one, _ = _run(toolkit, planted, tmp_path / "a", "--workers", "1", "--seed", "3")
    two, _ = _run(toolkit, planted, tmp_path / "b", "--workers", "2", "--seed", "3")
    assert [p["edits"] for p in one["proposals"]] == [p["edits"] for p in two["proposals"]]
    assert one["trials"] == two["trials"]
    other, _ = _run(toolkit, planted, tmp_path / "c", "--workers", "1", "--seed", "4")
    assert other["trials"] != one["trials"]


def test_apply_writes_in_place_and_validates(planted, tmp_path, toolkit):
    data, _ = _run(toolkit, planted, tmp_path / "out", "--workers", "1")
    heroes = planted / "cards" / "heroes.yaml"
    before = heroes.read_text()
    code, text, err = toolkit("balance", planted, "--out", tmp_path / "out", "--apply", "1")
    assert code in (0, None), text + err
    after = heroes.read_text()
    assert after != before and "applied proposal 1; the content validates" in text
    assert after.count("\n") == before.count("\n")
    assert [l for l in before.splitlines() if "#" in l] == [l for l in after.splitlines() if "#" in l]
    for e in data["proposals"][0]["edits"]:
        line = after.splitlines()[e["line"] - 1]
        assert line[e["column"] - 1:].startswith(str(e["new"]))
    code, _, err = toolkit("validate", planted)
    assert code in (0, None)
    # a second apply finds the old values gone: one line, nothing written
    code, _, err = toolkit("balance", planted, "--out", tmp_path / "out", "--apply", "1")
    assert code not in (0, None) and "is no longer" in err and len(err.strip().splitlines()) == 1
    assert heroes.read_text() == after


@pytest.mark.parametrize("argv, words", [
    (["--apply", "1"], "no proposals"),
    (["--backend", "ray"], "unknown backend"),
])
def test_bad_input_is_one_line(planted, tmp_path, toolkit, argv, words):
    code, out, err = toolkit("balance", planted, "--out", tmp_path / "o", *argv)
    assert code not in (0, None)
    assert len(err.strip().splitlines()) == 1 and words in err and "Traceback" not in err


def test_a_game_without_targets_says_how_to_state_them(tmp_path, toolkit):
    import shutil

    from toolkit import BUNDLED_PROJECT
    shutil.copytree(BUNDLED_PROJECT / "cards", tmp_path / "p" / "cards")
    code, out, err = toolkit("balance", tmp_path / "p", "--out", tmp_path / "o")
    assert code not in (0, None) and "no balance: block" in err and "docs/balance.md" in err


def test_a_tunable_that_selects_nothing_is_one_line(make_planted, tmp_path, toolkit):
    block = ("\nbalance:\n  targets:\n    - {side: hero, min: 0.18, max: 0.32}\n"
             "  tunable:\n    - {kind: hero, field: power}\n")
    project = make_planted(tmp_path / "p", balance=block)
    code, out, err = toolkit("balance", project, "--out", tmp_path / "o")
    assert code not in (0, None) and "selects no number" in err
    assert len(err.strip().splitlines()) == 1
