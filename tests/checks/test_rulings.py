"""Rulings run against the engine: the bundled ones hold, a wrong expectation or an
impossible step fails with file:line, the expectation and what actually happened."""

from fractions import Fraction

import pytest

from toolkit import BUNDLED_PROJECT
from toolkit.checks.rulings import run_ruling
from toolkit.games.caravans import GAME
from toolkit.checks.rulings_load import load_rulings
from toolkit.checks.run import run_check

WRONG = """\
rulings:
  - id: sell_prices_wrong
    rule: A card sells for 3 gold, the demanded good for 6.
    setup:
      demand: {saltmere: silk}
      seats:
        - {hero: maren_saltwind, gold: 0, goods: [silk, wine]}
        - {hero: sylwen_silvertongue}
    steps:
      - {do: tavern}
      - {do: sell, good: silk}
      - {do: sell, good: wine}
    expect:
      - {seat: 1, gold: 12}
  - id: step_not_legal
    rule: Nobody sells outside a tavern.
    setup:
      seats:
        - {hero: maren_saltwind, at: {region: saltmere}, goods: [silk]}
        - {}
    steps:
      - {do: move, to: greymarch}
      - {do: sell, good: silk}
    expect:
      - {seat: 1, gold: 0}
  - id: probability_wrong
    rule: Perception 2 finds the explorer with probability 5/9.
    setup:
      seats:
        - {hero: aldric_vane, at: {region: greymarch}}
        - {}
    steps:
      - {do: explore, target: explorer}
    expect:
      - probability: {legal: {do: raid}}
        equals: 1/2
"""


@pytest.fixture()
def project(ruling_project):
    return ruling_project("wrong.yaml", WRONG)


def test_bundled_rulings_are_many_and_well_formed():
    items = load_rulings(BUNDLED_PROJECT)
    assert len(items) >= 25
    ids = {i.ruling.id for i in items}
    for needed in ("tavern_to_tavern_costs_three_actions", "selling_must_come_first",
                   "selling_is_once_per_turn", "buying_here_again_next_turn_draws_three",
                   "failed_explore_forbids_the_same_player", "agility_edge_of_two_adds_a_die",
                   "equipment_never_lifts_a_stat_above_five", "warden_cannot_be_bought",
                   "warden_cannot_be_sold", "wanted_hero_may_enter_home_tavern",
                   "raid_of_twelve_gold_gives_glory", "raid_of_eleven_gold_gives_no_glory",
                   "stash_points_stop_at_the_cap", "no_mercenaries_forced_into_melee_dies"):
        assert needed in ids


def test_wrong_expectation_reports_file_line_expected_and_actual(project):
    report = run_check(project, rulings_only=True)
    assert not report.ok and report.rulings == 3
    text = report.text()
    by_id = {f.ruling: f for f in report.failures}
    sell = by_id["sell_prices_wrong"]
    assert sell.where == "cards/rulings/wrong.yaml:14"
    assert (sell.expected, sell.actual) == ("seat 1 gold 12", "seat 1 gold 8")
    assert "cards/rulings/wrong.yaml:14: ruling 'sell_prices_wrong' failed" in text
    step = by_id["step_not_legal"]
    assert step.where == "cards/rulings/wrong.yaml:23"
    assert step.expected == "sell(good=silk) is legal" and "move(to=saltmere)" in step.actual
    prob = by_id["probability_wrong"]
    assert prob.where == "cards/rulings/wrong.yaml:35"
    assert prob.expected.endswith("= 1/2 ≈ 0.5000") and prob.actual == "P = 5/9 ≈ 0.5556"


def test_unknown_ids_are_named_with_a_suggestion(catalog, tmp_path):
    folder = tmp_path / "cards" / "rulings"
    folder.mkdir(parents=True)
    (folder / "typo.yaml").write_text(
        "rulings:\n  - id: typo\n    rule: r\n    setup:\n      seats:\n"
        "        - {hero: aldrik_vane, goods: [silkk]}\n    expect:\n"
        "      - {seat: 1, gold: 1}\n", encoding="utf-8")
    [item] = load_rulings(tmp_path)
    [failure] = run_ruling(GAME, catalog, item)
    assert failure.where == "cards/rulings/typo.yaml:2"
    assert "unknown hero 'aldrik_vane' (did you mean 'aldric_vane'?)" in failure.actual
    assert "unknown good 'silkk' (did you mean 'silk'?)" in failure.actual


def test_probability_is_exact(catalog):
    item = next(i for i in load_rulings(BUNDLED_PROJECT)
                if i.ruling.id == "recruiting_two_needs_a_leadership_check")
    assert run_ruling(GAME, catalog, item) == []
    assert Fraction(item.expect[0][0]["equals"]) == 1 - Fraction(2, 3) ** 3


def test_check_command_exits_1_on_a_failed_ruling(project, capsys):
    from toolkit.cli import main
    with pytest.raises(SystemExit) as done:
        main(["check", str(project), "--rulings-only"])
    out = capsys.readouterr().out
    assert done.value.code == 1
    assert out.splitlines()[-1] == "FAILED"
    assert "cards/rulings/wrong.yaml:14: ruling 'sell_prices_wrong' failed" in out
