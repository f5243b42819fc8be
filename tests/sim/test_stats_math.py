"""The stdlib statistics against hand-computed and published reference values (and scipy
when it is installed)."""

import math

import pytest

from toolkit.sim.stats_math import (chi_square_p, chi_square_uniform, holm, normal_two_sided_p,
                                    quantile, two_sided_binomial_p, wilson)


@pytest.mark.parametrize("wins,n,lo,hi", [
    (81, 263, 0.2553, 0.3662),   # Newcombe (1998), Table I
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0000, 0.1611),
    (1, 29, 0.0061, 0.1718),
])
def test_wilson_matches_newcombe(wins, n, lo, hi):
    got = wilson(wins, n)
    assert got[0] == pytest.approx(lo, abs=5e-5)
    assert got[1] == pytest.approx(hi, abs=5e-5)


def test_wilson_edges():
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(10, 10)
    assert hi == 1.0 and 0.69 < lo < 0.73
    assert wilson(2.5, 10)[0] < 0.25 < wilson(2.5, 10)[1]  # shared wins are fractional


@pytest.mark.parametrize("n", [6, 11, 21, 22, 27, 44])
def test_wilson_contains_the_rate_at_zero_and_all_wins(n):
    # rounding once put the bound a hair past 0 or 1, and the report's error bars crashed
    assert wilson(0, n)[0] == 0.0 and wilson(n, n)[1] == 1.0
    assert wilson(n, n)[0] <= 1.0 and wilson(0, n)[1] >= 0.0


@pytest.mark.parametrize("stat,df", [(3.841458820694124, 1), (5.991464547107979, 2),
                                     (7.814727903251178, 3), (9.487729036781154, 4)])
def test_chi_square_critical_values_give_five_percent(stat, df):
    assert chi_square_p(stat, df) == pytest.approx(0.05, rel=1e-9)


def test_chi_square_closed_forms():
    for x in (0.3, 2.0, 6.2, 20.0):
        assert chi_square_p(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-10)
        assert chi_square_p(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-9)
    assert chi_square_p(0, 3) == 1.0


def test_chi_square_uniform_by_hand():
    # expected 25 each: (25 + 25 + 0 + 0) / 25 = 2.0 with df 3
    stat, p = chi_square_uniform([30, 20, 25, 25])
    assert stat == pytest.approx(2.0)
    # P(chi2_3 > 2) = erfc(1) + sqrt(4/pi) e^-1 (closed form for odd df)
    assert p == pytest.approx(math.erfc(1) + 2 / math.sqrt(math.pi) * math.exp(-1), rel=1e-9)
    assert chi_square_uniform([10, 10]) == (0.0, 1.0)
    assert chi_square_uniform([]) == (0.0, 1.0)


def test_binomial_by_hand():
    assert two_sided_binomial_p(3, 10, 0.5) == pytest.approx(352 / 1024)
    assert two_sided_binomial_p(10, 10, 0.5) == pytest.approx(2 / 1024)
    # k = 0 of 5 at p = 1/4: outcomes no likelier than pmf(0) = 243/1024 are 0, 3, 4, 5
    assert two_sided_binomial_p(0, 5, 0.25) == pytest.approx((243 + 90 + 15 + 1) / 1024)
    assert two_sided_binomial_p(5, 20, 0.25) == pytest.approx(1.0)


def test_normal_p():
    assert normal_two_sided_p(1.96, 0, 1) == pytest.approx(0.05, abs=1e-4)
    assert normal_two_sided_p(3, 3, 0) == 1.0


def test_holm_by_hand():
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])
    assert holm([]) == []


def test_quantile_interpolates():
    assert quantile([1, 2, 3, 4], 0.5) == 2.5
    assert quantile([5], 0.9) == 5
    assert quantile(list(range(11)), 0.1) == pytest.approx(1.0)


# Reference values computed once with scipy 1.x (binomtest, proportion_ci(method="wilson"),
# chi2.sf); scipy is not a dependency, so they are written out here.
BINOMIAL = [  # k, n, p, two-sided p-value, Wilson 95 % interval
    (34, 100, 0.25, 0.04870518575518397, (0.25461520797348164, 0.43722271145275377)),
    (7, 40, 1 / 3, 0.04254465970536962, (0.08745413746035918, 0.3194999033178771)),
    (260, 1000, 0.25, 0.4652752577529, (0.23376861850763092, 0.2880682255654355)),
    (0, 9, 0.5, 0.00390625, (0.0, 0.29914504841954404)),
]
Z95 = 1.959963984540054  # the exact 97.5 % normal quantile scipy uses
CHI_SQUARE = [(0.5, 1, 0.47950012218695337), (40, 3, 1.065509033425585e-08),
              (12.3, 7, 0.0911148860003131), (150.0, 40, 1.2397921541617078e-14)]


def test_against_reference_values():
    for k, n, p, p_value, interval in BINOMIAL:
        assert two_sided_binomial_p(k, n, p) == pytest.approx(p_value, rel=1e-6)
        assert wilson(k, n, z=Z95) == pytest.approx(interval, abs=1e-9)
    for x, df, survival in CHI_SQUARE:
        assert chi_square_p(x, df) == pytest.approx(survival, rel=1e-8)
