"""The GSPRT and the sequential family test on synthetic paired data with known truth."""

from __future__ import annotations

import math
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import synthetic  # noqa: E402

from toolkit.compare import gsprt  # noqa: E402

LOOSE = {"win": 0.05, "balance": 0.02, "rounds": 1.0, "glory": 0.2}


def test_bounds_match_wald_and_fishtest():
    lower, upper = gsprt.bounds(0.05, 0.05)
    assert upper == pytest.approx(2.944, abs=1e-3)
    assert lower == pytest.approx(-2.944, abs=1e-3)


def test_llr_favours_the_nearer_hypothesis():
    assert gsprt.llr(0.02, 1e-5, 0.0, 0.02) > 0
    assert gsprt.llr(0.0, 1e-5, 0.0, 0.02) < 0
    assert gsprt.llr(0.01, 1e-5, 0.0, 0.02) == pytest.approx(0.0)
    with pytest.raises(ValueError):
        gsprt.llr(0.0, 0.0, 0.0, 0.02)


def test_three_decisions():
    assert gsprt.decide(gsprt.evaluate(0.03, 1e-5, 0.02), 0.05, 0.05) == gsprt.INCREASE
    assert gsprt.decide(gsprt.evaluate(-0.03, 1e-5, 0.02), 0.05, 0.05) == gsprt.DECREASE
    assert gsprt.decide(gsprt.evaluate(0.0, 1e-5, 0.02), 0.05, 0.05) == gsprt.NO_CHANGE
    assert gsprt.decide(gsprt.evaluate(0.01, 1e-3, 0.02), 0.05, 0.05) is None


def test_holm_step_down_relaxes_after_each_change():
    # an LLR between the bounds for alpha/2/3 and alpha/2/1 (per direction)
    strong = gsprt.Test(up=math.log(0.95 / (0.025 / 3)) + 0.1, down=-50)
    middling = gsprt.Test(up=math.log(0.95 / (0.025 / 2)) + 0.01, down=-50)
    weak = gsprt.Test(up=math.log(0.95 / 0.025) + 0.01, down=-50)
    tests = {"a": strong, "b": middling, "c": weak}
    assert gsprt.step_down(tests, {}, 3, 0.05, 0.05) == {
        "a": gsprt.INCREASE, "b": gsprt.INCREASE, "c": gsprt.INCREASE}
    # without the strong one, the middling one no longer passes at alpha/3
    assert gsprt.step_down({"b": middling, "c": weak}, {}, 3, 0.05, 0.05) == {}


def test_null_effect_accepts_no_change_and_rarely_claims_one():
    decisions = Counter()
    for seed in range(16):
        test = synthetic.run_test(seed, ("hero:h0", "seat:1", "rounds"), coupling=0.5,
                                  max_units=500, tolerances=LOOSE)
        decisions.update(r.decision for r in test.results())
    changes = decisions[gsprt.INCREASE] + decisions[gsprt.DECREASE]
    assert changes <= 2                                   # alpha = 0.05 over 16 runs
    assert decisions[gsprt.NO_CHANGE] >= 0.6 * sum(decisions.values())   # most of the time


@pytest.mark.parametrize("factor, expected", [(2.0, gsprt.INCREASE), (0.5, gsprt.DECREASE)])
def test_big_effect_is_found_quickly_in_the_right_direction(factor, expected):
    test = synthetic.run_test(3, ("hero:h0",), buff={"h0": factor}, coupling=0.5,
                              max_units=1500)
    result = test.results()[0]
    assert result.decision == expected
    assert result.decided_at <= 2400                      # of 6,000 possible paired games
    assert (result.estimate.delta > 0) == (factor > 1)


def test_identical_versions_decide_no_change_at_the_first_look():
    test = synthetic.run_test(5, coupling=1.0, max_units=200, identical=True)
    assert test.done and test.units == 50                 # one batch
    assert all(r.decision == gsprt.NO_CHANGE for r in test.results())
    assert all(r.estimate.delta == 0 for r in test.results())


def test_a_zero_variance_first_look_decides_nothing():
    """Versions not known to be identical whose first games happen to agree exactly (the
    review's Urzha: llr_up = llr_down at 78 paired games from a difference of exactly 0):
    no metric is decided from the floor alone; it waits for variance, or FLAT_UNITS units."""
    from toolkit.compare.sequential import FLAT_UNITS
    test = synthetic.run_test(5, coupling=1.0, max_units=FLAT_UNITS - 10, batch=20)
    assert test.units == FLAT_UNITS - 10 and not test.decided
    assert all(r.estimate.flat and r.decision == gsprt.INCONCLUSIVE for r in test.results()
               if r.seen >= 20)
    later = synthetic.run_test(5, coupling=1.0, max_units=FLAT_UNITS + 40, batch=20)
    seat = {r.metric.name: r for r in later.results()}["seat:1"]
    assert seat.decision == gsprt.NO_CHANGE
    assert 4 * FLAT_UNITS <= seat.decided_at <= 4 * (FLAT_UNITS + 20)   # looks every 20
    # once the differences vary, the usual rule applies at the next look
    noisy = synthetic.run_test(5, ("seat:1",), coupling=0.5, max_units=400, batch=20,
                               tolerances=LOOSE)
    assert noisy.decided and not noisy.results()[0].estimate.flat


def test_a_decision_keeps_the_estimate_it_read():
    """The verdict, its interval and its game count describe the same games: a metric
    decided at an early look does not print the estimate of later games beside it."""
    from toolkit.compare.sequential import SequentialTest
    hero = [m for m in synthetic.metrics() if m.name == "hero:h0"]
    up = ({"games": 4, "hero_n:h0": 4, "hero_w:h0": 1},
          {"games": 4, "hero_n:h0": 4, "hero_w:h0": 3})
    down = ({"games": 4, "hero_n:h0": 4, "hero_w:h0": 3},
            {"games": 4, "hero_n:h0": 4, "hero_w:h0": 1})
    test = SequentialTest(hero, LOOSE)
    test.add([up] * 17 + [down] * 3, 80)
    assert test.decided == {"hero:h0": gsprt.INCREASE}
    test.add([down] * 40, 160)          # later games that point the other way
    result = test.results()[0]
    assert result.decided_at == 80 and result.estimate.units == 20
    assert result.estimate.delta == pytest.approx(0.35) and result.estimate.ci()[0] > 0
    assert result.latest.units == 60 and result.latest.delta < 0
    from toolkit.compare.report import change_line
    line = change_line(result)   # the verdict with its own figures, the later ones labelled
    assert "(+35.0 ± 16.1 pp), more than the 5.0 pp tolerance; decided after 80 paired" in line
    assert line.endswith("(by the end, over all 60 seeds: -21.7 ± 11.5 pp, which no longer "
                         "agrees; decisions are final: read it as a possible false alarm)")


@pytest.mark.parametrize("seed, alpha, beta", [(0, 0.05, 0.05), (1, 0.05, 0.05),
                                               (2, 0.05, 0.05), (3, 0.45, 0.4)])
def test_every_decision_agrees_with_its_printed_interval(seed, alpha, beta):
    """Property of the rule itself: a change is only accepted when its 95 % interval leaves
    out 0, "no meaningful change" only when it lies inside the tolerance band (at the
    default α and β from the bounds alone, as the bare LLRs show; at a large --alpha and
    --beta because the interval is checked too)."""
    import random
    rng = random.Random(seed)
    decided = overruled = 0
    for _ in range(4000):
        eps = rng.choice((0.02, 0.01, 0.5, 0.1))
        se = eps * rng.uniform(0.05, 1.5)
        d = eps * rng.uniform(-4, 4)
        level = alpha / rng.choice((1, 2, 5, 30))
        full = gsprt.evaluate(d, se * se, eps)
        verdict = gsprt.decide(full, level, beta)
        bare = gsprt.decide(gsprt.Test(full.up, full.down, full.up_mix, full.down_mix),
                            level, beta)
        if alpha == 0.05 and beta == 0.05:
            assert bare == verdict               # the interval check never had to act
        overruled += bare != verdict
        lo, hi = d - 1.96 * se, d + 1.96 * se
        if verdict == gsprt.INCREASE:
            assert lo > 0
        elif verdict == gsprt.DECREASE:
            assert hi < 0
        elif verdict == gsprt.NO_CHANGE:
            assert -eps < lo and hi < eps
        decided += verdict is not None
    assert decided > 1000
    assert (overruled > 0) == (alpha > 0.05)     # at a large --alpha/--beta it had to


def test_buffed_hero_named_in_the_full_family():
    test = synthetic.run_test(7, buff={"h0": 2.0}, coupling=0.8, max_units=800)
    by_name = {r.metric.name: r for r in test.results()}
    assert by_name["hero:h0"].decision == gsprt.INCREASE
    first_change = min((r for r in test.results() if r.changed), key=lambda r: r.decided_at)
    assert first_change.metric.name == "hero:h0"


def test_a_change_waits_until_its_metric_came_up_in_enough_units():
    from toolkit.compare.sequential import MIN_UNITS, SequentialTest
    hero = [m for m in synthetic.metrics() if m.name == "hero:h0"]
    absent = ({"games": 4}, {"games": 4})
    present = ({"games": 4, "hero_n:h0": 4, "hero_w:h0": 1},
               {"games": 4, "hero_n:h0": 4, "hero_w:h0": 3})
    other = ({"games": 4, "hero_n:h0": 4, "hero_w:h0": 0},   # not every unit alike: the
             {"games": 4, "hero_n:h0": 4, "hero_w:h0": 3})   # differences vary
    test = SequentialTest(hero, LOOSE)
    test.add([present, other] * 3 + [absent] * 30, 144)
    assert test.tests["hero:h0"].rise > 20          # the plug-in statistic alone would decide
    assert test.decided == {} and test.seen["hero:h0"] == 6
    test.add([present, other] * ((MIN_UNITS - 6) // 2), 4 * (MIN_UNITS - 6))
    assert test.decided == {"hero:h0": gsprt.INCREASE}
    # nor "no meaningful change": a hero seen in 3 seeds is not known to be unchanged...
    same = SequentialTest(hero, LOOSE)
    same.add([(present[0], present[0])] * 3 + [absent] * (MIN_UNITS - 3), 4 * MIN_UNITS)
    assert same.decided == {}
    # ...unless the versions are identical (their games are the same, not a sample)
    same = SequentialTest(hero, LOOSE, identical=True)
    same.add([(present[0], present[0])] * 3 + [absent] * (MIN_UNITS - 3), 4 * MIN_UNITS)
    assert same.decided == {"hero:h0": gsprt.NO_CHANGE}
    # an undecided metric seen in a handful of units shows no interval that could read as a
    # verdict
    from toolkit.compare.report import interval_text
    few = SequentialTest(hero, LOOSE)
    few.add([present] * 3 + [absent] * 30, 132)
    result = few.results()[0]
    assert result.few and result.decision == gsprt.INCONCLUSIVE
    assert "in only 3 seeds" in interval_text(result) and "95 %" not in interval_text(result)
