"""Win rates adjusted for style (agent) and seat, for any game: one row per player-game,
a logistic model of the player's result (a shared win counts 1/k) with the offset
logit(1/players), the agent and the seat (place in turn order, within each player count)
in deviation coding, plus one family at a time: a group of `Game.seat_groups` (hero,
party...) as a factor, or a set each seat may hold (cards used) as one indicator each.

Each entry gives the raw rate beside the adjusted one: the mean predicted rate of all
player-games (of that player count, for seats) had they all been in this level, its gap to
the average level in percentage points, the odds ratio against the average level (for an
item of a set: against the average item of its block), 95 % Wald intervals (the effect's
mapped from the log-odds, the rate's by the delta method), the Wald p and the Holm p
within the family. A level played (nearly) only by one agent that
(nearly) plays only it is marked `confounded_with`: the data cannot tell it from the style.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any, Callable, Iterable, Mapping, Sequence

import numpy as np

from toolkit.sim.logit import RIDGE, Z95, Factor, factor, fit_logit, logit, sigmoid, wald_p
from toolkit.sim.stats import Record, score, seats, turn_position
from toolkit.sim.stats_math import holm

CONFOUNDED = 0.95  # share of a level's rows from one agent, and of that agent's rows in it
MODEL = {"method": "logistic regression (Newton/IRLS), Wald 95 % intervals",
         "offset": "logit(1/players)", "adjusted_for": ["agent", "seat"],
         "coding": "deviation: effects against the average level", "ridge": RIDGE}


class Base:
    """The rows of a run and the parts every model shares: result, offset, agent, seat."""

    def __init__(self, records: Sequence[Record]):
        pairs = list(seats(records))
        self.pairs = pairs
        self.y = np.array([score(r, s) for r, s in pairs])
        self.offset = np.array([logit(1.0 / r["players"]) if r["players"] > 1 else 0.0
                                for r, _ in pairs])
        counts = {r["players"] for r, _ in pairs}
        self.seat_key = (lambda r, s: str(turn_position(r, s))) if len(counts) <= 1 else \
            (lambda r, s: f"{r['players']}:{turn_position(r, s)}")
        self.agents = [str(r["agents"][s]) for r, s in pairs]
        self.agent = factor("agent", self.agents)
        self.seat = factor("seat", [self.seat_key(r, s) for r, s in pairs],
                           block=lambda v: v.split(":")[0] if ":" in v else "")

    def fit(self, factors: Sequence[Factor], extra: np.ndarray | None = None):
        parts = [np.ones((len(self.y), 1))] + [f.columns for f in factors]
        if extra is not None:
            parts.append(extra.reshape(len(self.y), -1))
        X = np.hstack(parts)
        slices, start = [], 1
        for f in factors:
            slices.append(slice(start, start + f.columns.shape[1]))
            start += f.columns.shape[1]
        return fit_logit(X, self.y, self.offset), X, slices


def _entry(n: int, wins: float, beta: float, var: float, eta0, g_rate, cov
           ) -> dict[str, Any]:
    """An effect of log-odds `beta` (variance `var`) on the rows whose linear predictor
    without it is `eta0`; `g_rate` is the gradient of their mean rate (delta method). The
    effect's interval in points maps the log-odds interval (so it agrees with `p`)."""
    se = math.sqrt(max(var, 0.0))
    base = float(sigmoid(eta0).mean())
    points = lambda b: float(sigmoid(eta0 + b).mean()) - base  # noqa: E731
    rate, lo, hi = base + points(beta), beta - Z95 * se, beta + Z95 * se
    se_rate = math.sqrt(max(float(g_rate @ cov @ g_rate), 0.0))
    return {"games": n, "wins": round(wins, 6), "raw_rate": wins / n if n else 0.0,
            "rate": rate, "ci95": [max(0.0, rate - Z95 * se_rate), min(1.0, rate + Z95 * se_rate)],
            "effect_pp": rate - base, "effect_ci95": [points(lo), points(hi)],
            "odds_ratio": math.exp(beta), "or_ci95": [math.exp(lo), math.exp(hi)],
            "log_odds": beta, "se": se, "p": wald_p(beta, se)}


def factor_effects(base: Base, target: Factor, fit, X, cols: slice) -> dict[str, dict]:
    """Each level of `target` (whose design columns are `cols` of X)."""
    theta, cov = fit.beta, fit.cov
    eta = base.offset + X @ theta
    rows = np.array(target.rows)
    blocks = np.array(target.block_of)[rows]
    own = X[:, cols] @ theta[cols]
    out = {}
    for j, level in enumerate(target.levels):
        in_block = blocks == target.block_of[j]
        mine = rows == j
        c = target.contrast[j]
        beta = float(c @ theta[cols])
        var = float(c @ cov[cols, cols] @ c)
        eta0 = eta[in_block] - own[in_block]
        x1 = X[in_block].copy()
        x1[:, cols] = c
        p1 = sigmoid(eta0 + beta)
        g1 = ((p1 * (1 - p1))[:, None] * x1).mean(axis=0)
        out[str(level)] = _entry(int(mine.sum()), float(base.y[mine].sum()), beta, var,
                                 eta0, g1, cov)
    return _holm(out)


def _holm(entries: dict[str, dict]) -> dict[str, dict]:
    for entry, p in zip(entries.values(), holm([e["p"] for e in entries.values()])):
        entry["p_holm"] = p
    return entries


def _confounding(base: Base, levels: Sequence[str], entries: dict[str, dict]) -> None:
    """Marks levels aliased with one agent (see the module doc)."""
    per_agent = Counter(base.agents)
    pairs = Counter(zip(levels, base.agents))
    for key, entry in entries.items():
        agents = Counter({a: n for (lvl, a), n in pairs.items() if lvl == key})
        if not agents:
            continue
        agent, n = agents.most_common(1)[0]
        if n >= CONFOUNDED * sum(agents.values()) and n >= CONFOUNDED * per_agent[agent] \
                and len(per_agent) > 1:
            entry["confounded_with"] = agent


def group_family(base: Base, name: str, values: Sequence) -> dict[str, dict]:
    """A group of `seat_groups` (one value per row) as a factor beside agent and seat."""
    levels = [str(v) for v in values]
    target = factor(name, levels)
    fit, X, slices = base.fit([base.agent, base.seat, target])
    entries = factor_effects(base, target, fit, X, slices[2])
    _confounding(base, levels, entries)
    return entries


def set_family(base: Base, held: Sequence[Iterable[str]], keep: Callable[[str], bool] = None,
               block: Callable[[str], Any] = lambda item: 0, min_games: int = 5
               ) -> dict[str, dict]:
    """Items each row may hold several of (e.g. cards used), in one model: an indicator per
    item (held by at least `min_games` rows and not by all) beside agent and seat. Each
    item is judged against the average item of its block (e.g. glory cards against glory
    cards): holding many cards goes with living long and earning glory, a bias the average
    card shares, so only a card's edge over its peers shows. A block of one item is judged
    against not holding it. `rate` is its holders' predicted rate, `rate_without` the same
    players' with an average item of the block instead (or none)."""
    sets = [{i for i in map(str, h) if keep is None or keep(i)} for h in held]
    count = Counter(i for s_ in sets for i in s_)
    items = sorted(i for i, n in count.items() if min_games <= n < len(sets))
    if not items:
        return {}
    H = np.array([[i in s_ for i in items] for s_ in sets], dtype=float)
    fit, X, _ = base.fit([base.agent, base.seat], H)
    theta, cov = fit.beta, fit.cov
    first = X.shape[1] - len(items)
    eta = base.offset + X @ theta
    peers: dict = {}
    for k, item in enumerate(items):
        peers.setdefault(block(item), []).append(k)
    out = {}
    for k, item in enumerate(items):
        c = np.zeros(X.shape[1])
        c[first + k] = 1.0
        group = peers[block(item)]
        if len(group) > 1:
            c[[first + j for j in group]] -= 1.0 / len(group)
        beta, mine = float(c @ theta), H[:, k].astype(bool)
        p1 = sigmoid(eta[mine])
        g1 = ((p1 * (1 - p1))[:, None] * X[mine]).mean(axis=0)
        entry = _entry(int(mine.sum()), float(base.y[mine].sum()), beta, float(c @ cov @ c),
                       eta[mine] - beta, g1, cov)
        entry["rate_without"] = entry["rate"] - entry["effect_pp"]
        entry["raw_rate_without"] = float(base.y[~mine].mean())
        entry["against"] = "peers" if len(group) > 1 else "none"
        _confounding(base, ["1" if h else "0" for h in mine], {"1": entry})
        out[item] = entry
    return _holm(out)


def adjusted(records: Sequence[Record],
             groups: Callable[[Record], Mapping[str, list]] | None = None) -> dict[str, Any]:
    """report.json's `adjusted` section: the model, then agent, seat and each game group."""
    if not records:
        return {}
    base = Base(records)
    fit, X, slices = base.fit([base.agent, base.seat])
    out: dict[str, Any] = {"model": {**MODEL, "rows": len(base.y), "converged": fit.converged},
                           "agent": factor_effects(base, base.agent, fit, X, slices[0]),
                           "seat": factor_effects(base, base.seat, fit, X, slices[1])}
    if groups is not None:
        for family in groups(records[0]):
            out[family] = group_family(base, family,
                                       [groups(r)[family][s] for r, s in base.pairs])
    return out
