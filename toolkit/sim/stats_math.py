"""Small statistics written with the standard library: Wilson intervals, chi-square and
binomial p-values and the Holm correction, shared by the balance report and A/B compare."""

from __future__ import annotations

import math

_EPS = 1e-15
_MAX_ITER = 10_000


def wilson(wins: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a rate of `wins` out of `n` (wins may be fractional)."""
    if n <= 0:
        return (0.0, 1.0)
    p = min(max(wins / n, 0.0), 1.0)
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # clamped to contain p: at p = 0 or 1, rounding can put a bound a hair on the wrong side
    return (min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


def _lower_gamma_series(a: float, x: float) -> float:
    """Regularized lower incomplete gamma P(a, x) by its power series (x < a + 1)."""
    term = total = 1.0 / a
    ap = a
    for _ in range(_MAX_ITER):
        ap += 1
        term *= x / ap
        total += term
        if abs(term) < abs(total) * _EPS:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_gamma_fraction(a: float, x: float) -> float:
    """Regularized upper incomplete gamma Q(a, x) by Lentz's continued fraction (x >= a + 1)."""
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, _MAX_ITER):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < _EPS:
            break
    return h * math.exp(-x + a * math.log(x) - math.lgamma(a))


def gamma_q(a: float, x: float) -> float:
    """Regularized upper incomplete gamma function Q(a, x) = 1 - P(a, x)."""
    if x <= 0:
        return 1.0
    if x < a + 1:
        return max(0.0, 1.0 - _lower_gamma_series(a, x))
    return min(1.0, _upper_gamma_fraction(a, x))


def chi_square_p(statistic: float, df: int) -> float:
    """Upper-tail p-value of a chi-square statistic with `df` degrees of freedom."""
    if df <= 0:
        return 1.0
    return gamma_q(df / 2, statistic / 2)


def chi_square_uniform(counts: list[float]) -> tuple[float, float]:
    """Goodness of fit of `counts` against equal shares: (statistic, p-value), df = k - 1."""
    total = sum(counts)
    if total <= 0 or len(counts) < 2:
        return (0.0, 1.0)
    expected = total / len(counts)
    statistic = sum((c - expected) ** 2 / expected for c in counts)
    return (statistic, chi_square_p(statistic, len(counts) - 1))


def _log_binom_pmf(k: int, n: int, p: float) -> float:
    if p <= 0:
        return 0.0 if k == 0 else -math.inf
    if p >= 1:
        return 0.0 if k == n else -math.inf
    return (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
            + k * math.log(p) + (n - k) * math.log1p(-p))


def two_sided_binomial_p(k: int, n: int, p: float) -> float:
    """Exact two-sided binomial test of k successes in n trials against rate p: the total
    probability of every outcome no more likely than k (the same rule as scipy's binomtest)."""
    if n <= 0:
        return 1.0
    k = int(round(k))
    observed = _log_binom_pmf(k, n, p)
    bound = observed + 1e-7  # relative tolerance, in logs
    total = 0.0
    for i in range(n + 1):
        logp = _log_binom_pmf(i, n, p)
        if logp <= bound:
            total += math.exp(logp)
    return min(1.0, total)


def normal_two_sided_p(observed: float, expected: float, variance: float) -> float:
    """Two-sided p-value of `observed` against a normal with this mean and variance."""
    if variance <= 0:
        return 1.0 if abs(observed - expected) < 1e-12 else 0.0
    z = (observed - expected) / math.sqrt(variance)
    return math.erfc(abs(z) / math.sqrt(2))


def holm(pvalues: list[float]) -> list[float]:
    """Holm-adjusted p-values, in the order given (compare each with alpha directly)."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def quantile(values: list[float], q: float) -> float:
    """The q-quantile of `values` with linear interpolation (numpy's default)."""
    data = sorted(values)
    if not data:
        return 0.0
    pos = (len(data) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(data) - 1)
    return data[lo] + (data[hi] - data[lo]) * (pos - lo)


def largest_remainder(counts: "dict[str, float]", digits: int = 1) -> "dict[str, float]":
    """Percentages of `counts` rounded to `digits` decimals so that they add to exactly 100
    (Hamilton's largest-remainder method; ties go to the larger count, then the key)."""
    total = sum(counts.values())
    if total <= 0:
        return {k: 0.0 for k in counts}
    unit = 10 ** digits
    exact = {k: v * 100 * unit / total for k, v in counts.items()}
    floors = {k: math.floor(x + 1e-9) for k, x in exact.items()}
    left = 100 * unit - sum(floors.values())
    order = sorted(counts, key=lambda k: (-(exact[k] - floors[k]), -counts[k], str(k)))
    for k in order[:max(0, left)]:
        floors[k] += 1
    return {k: floors[k] / unit for k in counts}
