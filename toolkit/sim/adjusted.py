"""Win rates adjusted for style (agent) and seat, for any game, with the game as the unit:
a conditional logit over the players of each game (toolkit.sim.logit.fit_clogit) of which
player wins (a shared win counts 1/k), with the agent, the seat (place in turn order,
within each player count) and one family at a time in deviation coding: a group of
`Game.seat_groups` (faction, hero, party...) as a factor, or a set each seat may hold
(cards used) as one indicator each. In a 2-player game one player's win is the other's
loss, so the seat interval is exactly as wide as the per-game binomial interval.

Each level's entry gives the raw rate beside the adjusted one: the mean share of the games
its players played, predicted from this family's effects alone (style and seat set to the
average, the opponents' levels as met), against the fair share (the mean of 1/players) in
percentage points, with a delta-method 95 % interval and the Wald p of that same gap (so
the interval excludes 0 exactly when p < 0.05); the odds ratio against the average level;
and the Holm p over the family's free comparisons (levels − blocks: the two seats of a
2-player game are one comparison). Each family also gets one joint Wald test of all its
effects (`model.tests`), the gate of every verdict on it. A level played (nearly) only in
one level of another factor of the model that (nearly) holds only it is marked
`confounded_with` (and `confounded_family`): the data cannot tell them apart.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Iterable, Mapping, Sequence

import numpy as np

from toolkit.sim.logit import (RIDGE, Z95, Factor, Fit, factor_codes, fit_clogit,
                               fit_clogit_parts, game_shares, game_sums, wald_p)
from toolkit.sim.design import Coded, Design, Held, bincount, code_dtype, design_of
from toolkit.sim.stats import Record
from toolkit.sim.stats_math import chi_square_p

CHUNK_GAMES = 20_000  # games a part of the fits' rows (a longer run's rows go in parts)
PART_GAMES = 5_000    # games a part when the run is longer (smaller parts: less memory)
CONFOUNDED = 0.95  # share of a level's rows in one level of another factor, and of its rows
MODEL = {"method": "conditional logit over the players of each game (Newton), Wald 95 % "
                   "intervals, the delta method for rates",
         "unit": "game", "adjusted_for": ["agent", "seat"],
         "coding": "deviation: effects against the average level", "ridge": RIDGE}


class Base:
    """The rows of a run, grouped by game, and the factors every model shares: agent and
    seat. A game nobody won says nothing about who wins and is left out of the model. Built
    from the run's compact design (toolkit.sim.design), or from a list of records."""

    def __init__(self, records: "Sequence[Record] | Design"):
        design = records if isinstance(records, Design) else design_of(records)
        self.design = design
        self.games = design.games
        self.won = design.won  # per row: the number of winners if it won, else 0
        sizes = design.players
        self.rows = int(sizes.sum(dtype=np.int64))
        wide = np.int32 if self.rows < 2 ** 31 else np.int64
        self.starts = np.zeros(len(sizes), dtype=wide)
        np.cumsum(sizes[:-1], dtype=wide, out=self.starts[1:])
        # seats: (players, place in turn order) as codes, by a count over the keys used
        keys = np.repeat(sizes, sizes).astype(np.int32)
        keys <<= 8
        keys += design.position
        present = np.flatnonzero(bincount(keys, 1 + (int(keys.max()) if len(keys) else 0)))
        lookup = np.zeros(int(present[-1]) + 1 if len(present) else 1,
                          dtype=code_dtype(len(present)))
        lookup[present] = np.arange(len(present))
        codes = lookup[keys]
        del keys
        mixed = len(sizes) > 0 and int(sizes.min()) != int(sizes.max())
        self.seats = Coded(codes, [f"{k // 256}:{k % 256}" if mixed else str(k % 256)
                                   for k in present.tolist()])
        self.pairs = range(self.rows)  # one row a player-game of a decided game
        self.agents = design.agents
        self.agent = factor_codes("agent", self.agents.codes, self.agents.labels)
        self.seat = factor_codes("seat", self.seats.codes, self.seats.labels,
                                 block=_player_block)
        # whole games of at most CHUNK_GAMES (a longer run: of PART_GAMES): (first row,
        # end row, the games' starts)
        size = CHUNK_GAMES if len(sizes) <= CHUNK_GAMES else min(CHUNK_GAMES, PART_GAMES)
        self.chunks = []
        for g0 in range(0, len(sizes), size):
            g1 = min(g0 + size, len(sizes))
            r0 = int(self.starts[g0])
            r1 = int(self.starts[g1]) if g1 < len(sizes) else self.rows
            self.chunks.append((r0, r1, self.starts[g0:g1] - r0))

    @property
    def y(self) -> np.ndarray:
        """Each row's share of its game's win (a win shared by k counts 1/k)."""
        return self.y_of(0, self.rows)

    def y_of(self, lo: int, hi: int) -> np.ndarray:
        won = self.won[lo:hi]
        return np.divide(1.0, won, out=np.zeros(len(won)), where=won > 0)

    @staticmethod
    def fair_of(lo: int, hi: int, starts: np.ndarray) -> np.ndarray:
        """1 / players of each row of rows lo..hi (whole games starting at `starts`)."""
        sizes = np.diff(np.append(starts, hi - lo))
        return np.repeat(1.0 / sizes, sizes)

    @staticmethod
    def game_of(lo: int, hi: int, starts: np.ndarray) -> np.ndarray:
        """Each row's game among the games of rows lo..hi."""
        sizes = np.diff(np.append(starts, hi - lo))
        return np.repeat(np.arange(len(sizes)), sizes)

    def fit(self, factors: Sequence[Factor], extra: Callable | None = None):
        """(fit, X, slices): the conditional logit of these factors (and the columns
        `extra(lo, hi)` gives rows lo..hi); X(lo, hi) builds the design's rows lo..hi."""
        slices, start = [], 0
        for f in factors:
            slices.append(slice(start, start + f.contrast.shape[1]))
            start += f.contrast.shape[1]
        width = start + (extra(0, 0).shape[1] if extra is not None else 0)

        def X(lo: int, hi: int) -> np.ndarray:
            out = np.empty((hi - lo, width))  # filled in place: no list of parts to join
            for f, cols in zip(factors, slices):
                out[:, cols] = np.take(f.contrast, f.rows[lo:hi], axis=0)
            if extra is not None:
                out[:, start:] = extra(lo, hi).reshape(hi - lo, -1)
            return out

        if width == 0:
            return Fit(np.zeros(0), np.zeros((0, 0)), 0, True), X, slices
        if len(self.chunks) == 1:  # one matrix: as fit_clogit
            whole = X(0, self.rows)
            return fit_clogit(whole, self.y, self.starts), lambda lo, hi: whole[lo:hi], slices
        parts = lambda: ((X(lo, hi), self.y_of(lo, hi), st) for lo, hi, st in self.chunks)  # noqa
        return fit_clogit_parts(parts, width), X, slices

    def summed(self, part: Callable) -> Any:
        """The sum over the chunks of part(lo, hi, starts) (arrays)."""
        total = None
        for lo, hi, st in self.chunks:
            value = part(lo, hi, st)
            total = value if total is None else total + value
        return total

    def shares(self, eta) -> np.ndarray:
        return game_shares(eta, self.starts)


def column_shares(eta: np.ndarray, starts: np.ndarray) -> np.ndarray:
    """`game_shares` of each column of `eta` (rows × columns), all at once: the games of
    each player count as one (games × players × columns) block."""
    sizes = np.diff(np.append(starts, len(eta)))
    out = np.empty_like(eta)
    for players in np.unique(sizes):
        rows = starts[sizes == players][:, None] + np.arange(players)[None, :]
        block = eta[rows]
        w = np.exp(block - block.max(axis=1, keepdims=True))
        out[rows] = w / w.sum(axis=1, keepdims=True)
    return out


def _player_block(value: str) -> str:
    return value.split(":")[0] if ":" in value else ""


def _entry(n: int, n_games: int, wins: float, rate: float, se: float, reference: float,
           beta: float, se_beta: float) -> dict[str, Any]:
    """A level whose players' adjusted rate is `rate` (standard error `se`) against
    `reference` (the fair share, or for an item the same players with an average peer): the
    gap's interval and p come from the same normal, so they always agree."""
    effect = rate - reference
    return {"games": n, "n_games": n_games, "wins": round(wins, 6),
            "raw_rate": wins / n if n else 0.0,
            "rate": rate, "ci95": [max(0.0, rate - Z95 * se), min(1.0, rate + Z95 * se)],
            "fair": reference, "effect_pp": effect,
            "effect_ci95": [effect - Z95 * se, effect + Z95 * se],
            "odds_ratio": math.exp(beta),
            "or_ci95": [math.exp(beta - Z95 * se_beta), math.exp(beta + Z95 * se_beta)],
            "log_odds": beta, "se": se, "p": wald_p(effect, se)}


def joint_test(fit: Fit, cols: slice) -> dict[str, float]:
    """The Wald test that every effect of a family is zero: {chi2, df, p}."""
    theta = fit.beta[cols]
    if not len(theta):
        return {"chi2": 0.0, "df": 0, "p": 1.0}
    chi2 = float(theta @ np.linalg.pinv(fit.cov[cols, cols]) @ theta)
    return {"chi2": chi2, "df": len(theta), "p": chi_square_p(chi2, len(theta))}


def level_shares(base: Base, target: Factor, X: Callable, cols: slice, theta: np.ndarray,
                 jacobian: bool = True) -> dict[str, np.ndarray]:
    """Per level of `target` (whose design columns are `cols` of X), summed over the
    chunks: its rows (`count`), their wins, games and fair share, and `rates`, their share
    of their games from the family's effects `theta` alone, with its Jacobian `J` in theta.
    With Z the rows' columns of the family, p = shares of Z theta and A_rj = 1 if row r is
    of level j: rate_j = sum_r A_rj p_r / count_j, and by d softmax_r / d eta_s = p_r
    (1[r=s] - p_s) within a game, d rate / d theta = (P'Z - Pg'Eg) / count (P = A * p, Pg
    its per-game sums, Eg the per-game sums of p Z), row j over count_j."""
    rows, levels, width = target.rows, len(target.levels), len(theta)

    def part(lo, hi, st):
        level = rows[lo:hi]
        Z = X(lo, hi)[:, cols]
        p = game_shares(Z @ theta, st)
        seen = np.zeros((len(st), levels), dtype=bool)  # the games each level played
        seen[base.game_of(lo, hi, st), level] = True
        counts = [np.bincount(level, w, minlength=levels) for w in
                  (None, p, base.fair_of(lo, hi, st), base.y_of(lo, hi))]
        if not jacobian:
            return np.concatenate([*counts, seen.sum(axis=0)])
        P = np.zeros((hi - lo, levels))
        P[np.arange(hi - lo), level] = p
        Eg = game_sums(Z * p[:, None], st)
        J = P.T @ Z - game_sums(P, st).T @ Eg
        return np.concatenate([*counts, seen.sum(axis=0), J.ravel()])

    total = base.summed(part)
    out = {name: total[i * levels:(i + 1) * levels]
           for i, name in enumerate(("count", "rates", "fair", "wins", "games"))}
    out["rates"], out["fair"] = out["rates"] / out["count"], out["fair"] / out["count"]
    if jacobian:
        out["J"] = total[5 * levels:].reshape(levels, width) / out["count"][:, None]
    return out


def factor_effects(base: Base, target: Factor, fit, X, cols: slice) -> dict[str, dict]:
    """Each level of `target` (whose design columns are `cols` of X): its players' share of
    their games from the family's effects alone, against the fair share."""
    theta, cov = fit.beta[cols], fit.cov[cols, cols]
    got = level_shares(base, target, X, cols, theta)
    out = {}
    for j, level in enumerate(target.levels):
        c = target.contrast[j]
        out[str(level)] = _entry(int(got["count"][j]), int(got["games"][j]),
                                 float(got["wins"][j]), float(got["rates"][j]),
                                 _se(got["J"][j], cov), float(got["fair"][j]),
                                 float(c @ theta), _se(c, cov))
    return _holm(out, max(1, len(target.levels) - len(set(target.block_of))))


def _se(gradient, cov) -> float:
    return math.sqrt(max(float(gradient @ cov @ gradient), 0.0)) if len(gradient) else 0.0


def _holm(entries: dict[str, dict], comparisons: int | None = None) -> dict[str, dict]:
    """Holm over `comparisons` free comparisons (default: one per entry)."""
    ps = [e["p"] for e in entries.values()]
    m = comparisons or len(ps)
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, max(1, m - rank) * ps[i]))
        list(entries.values())[i]["p_holm"] = running
    return entries


def _confounding(levels: "Sequence[str] | Coded", others: Mapping[str, Any],
                 entries: dict[str, dict]) -> None:
    """Marks each level aliased with a level of another factor (see the module doc)."""
    levels = Coded.of(levels)
    for family, values in others.items():
        values = Coded.of(values)
        if values.distinct() < 2:
            continue
        per_other = values.counts()
        pairs = levels.pairs(values)
        for key, entry in entries.items():
            _aliased(entry, {o: n for (lvl, o), n in pairs.items() if lvl == key}, per_other,
                     family)


def _aliased(entry: dict, mine: Mapping[str, int], per_other: Mapping[str, int],
             family: str) -> None:
    """Marks `entry` confounded with the level of `family` that (nearly) holds its rows
    (`mine`: its rows by that family's level) and that it (nearly) holds."""
    if not mine or "confounded_with" in entry:
        return
    other, n = max(mine.items(), key=lambda kv: (kv[1], kv[0]))
    if n >= CONFOUNDED * sum(mine.values()) and n >= CONFOUNDED * per_other[other]:
        entry["confounded_with"] = other
        entry["confounded_family"] = family


def refines(fine: Sequence[str], coarse: Sequence[str]) -> dict[str, str] | None:
    """{fine level: its coarse level} when (nearly) every row of each level of `fine` lies
    in one level of `coarse` (each faction always in one seat; a seat always one faction),
    else None. Then `coarse` is a function of `fine`: beside each other in one model their
    effects cannot be told apart."""
    fine, coarse = Coded.of(fine), Coded.of(coarse)
    if fine.distinct() < 2 or coarse.distinct() < 2:
        return None
    pairs = fine.pairs(coarse)
    rows = fine.counts()
    out = {}
    for level in sorted(rows):
        other, n = max(((o, n) for (f, o), n in pairs.items() if f == level),
                       key=lambda kv: (kv[1], kv[0]))
        if n < CONFOUNDED * rows[level]:
            return None
        out[level] = other
    return out


def bind(entries: dict[str, dict], mine: Sequence[str], family: str,
         theirs: Sequence[str]) -> bool:
    """Marks every level of `entries` bound to `family` when one of the two factors refines
    the other (`confounded_with`: the level(s) of `family` it always goes with)."""
    down, up = refines(mine, theirs), refines(theirs, mine)
    if down is None and up is None:
        return False
    for key, entry in entries.items():
        partners = [down[key]] if down is not None and key in down else \
            sorted(k for k, v in (up or {}).items() if v == key)
        if partners:
            entry["confounded_with"] = partners[0]
            entry["confounded_levels"] = partners
            entry["confounded_family"] = family
            entry["bound"] = True
    return True


def family_effects(base: Base, name: str, target: Factor, adjust: Mapping[str, Factor],
                   tests: dict | None = None, others: Mapping[str, Sequence[str]] = None
                   ) -> dict[str, dict]:
    """`target` fitted beside the `adjust` factors it is not bound to (a factor that refines
    it or that it refines would split one effect between two names arbitrarily: it is left
    out of this fit, and the levels are marked bound to it); its joint test goes into
    `tests`; levels aliased one to one with a level of another factor are marked too."""
    levels = Coded(target.rows, [str(v) for v in target.levels])
    context = {n: Coded(f.rows, [str(v) for v in f.levels]) for n, f in adjust.items()}
    context.update({n: Coded.of(v) for n, v in (others or {}).items()})
    tied = {n for n, vals in context.items()
            if refines(levels, vals) is not None or refines(vals, levels) is not None}
    keep = [f for n, f in adjust.items() if n not in tied]
    fit, X, slices = base.fit(keep + [target])
    entries = factor_effects(base, target, fit, X, slices[-1])
    if tests is not None:
        tests[name] = {**joint_test(fit, slices[-1]), "converged": fit.converged}
    for n in sorted(tied):
        bind(entries, levels, n, context[n])
    _confounding(levels, {n: v for n, v in context.items() if n not in tied}, entries)
    return entries


def group_family(base: Base, name: str, values: Sequence, tests: dict | None = None,
                 others: Mapping[str, Sequence[str]] | None = None) -> dict[str, dict]:
    """A group of `seat_groups` (one value per row) as a factor beside agent and seat."""
    values = Coded.of([str(v) for v in values]) if not isinstance(values, Coded) else values
    target = factor_codes(name, values.codes, [str(v) for v in values.labels])
    return family_effects(base, name, target, {"agent": base.agent, "seat": base.seat},
                          tests, others)


def set_family(base: Base, held: "Sequence[Iterable[str]] | Held", keep: Callable[[str], bool] = None,
               block: Callable[[str], Any] = lambda item: 0, min_games: int = 5
               ) -> dict[str, dict]:
    """Items each row may hold several of (e.g. cards used), in one model: an indicator per
    item (held by at least `min_games` rows and not by all) beside agent and seat. Each
    item is judged against the average item of its block (e.g. glory cards against glory
    cards); a block of one item against not holding it. `rate` is its holders' share of
    their games from the items' effects alone, `rate_without` the same players' with an
    average item of the block instead (or none). These are usage statistics: holding an
    item is chosen during play, so its effect is not a balance verdict. `held`: each row's
    items, or the design's `Held` bit sets. The rows are taken a chunk of games at a time
    (`Base.chunks`), so a long run never holds a rows × items matrix."""
    held = held if isinstance(held, Held) else Held.of_sets(held)
    labels, count, rows = held.labels, held.counts(), base.rows
    chosen = [k for k, i in enumerate(labels) if (keep is None or keep(i))
              and min_games <= count[k] < rows]
    items = [labels[k] for k in chosen]
    if not items:
        return {}
    cached: dict = {}

    def H_of(lo: int, hi: int) -> np.ndarray:
        if len(base.chunks) == 1:  # one chunk: made once
            if "H" not in cached:
                cached["H"] = held.dense(chosen, 0, rows)
            return cached["H"][lo:hi]
        return held.dense(chosen, lo, hi)

    fit, _, _ = base.fit([base.agent, base.seat], H_of)
    first = base.agent.contrast.shape[1] + base.seat.contrast.shape[1]
    gamma, cov = fit.beta[first:], fit.cov[first:, first:]
    peers: dict = {}
    for k, item in enumerate(items):
        peers.setdefault(block(item), []).append(k)
    contrast = np.zeros((len(items), len(items)))
    for k, item in enumerate(items):
        contrast[k, k] = 1.0
        group = peers[block(item)]
        if len(group) > 1:
            contrast[k, group] -= 1.0 / len(group)
    n, n_agents = len(items), max(len(base.agents.labels), 1)

    def tallies(lo, hi, st):
        """Per item: holders, their wins, the games held in, holders by agent; all wins."""
        H, y = H_of(lo, hi), base.y_of(lo, hi)
        by_agent = np.zeros((hi - lo, n_agents))
        by_agent[np.arange(hi - lo), base.agents.codes[lo:hi]] = 1.0
        return np.concatenate([H.sum(axis=0), H.T @ y, (game_sums(H, st) > 0).sum(
            axis=0), (H.T @ by_agent).ravel(), [y.sum()]])

    total = base.summed(tallies)
    holders, wins, n_games = total[:n], total[n:2 * n], total[2 * n:3 * n]
    by_agent, all_wins = total[3 * n:-1].reshape(n, n_agents), float(total[-1])
    per_agent = base.agents.counts() if base.agents.distinct() > 1 else None
    values, J = item_gaps(base, H_of, contrast, holders, gamma)
    out = {}
    for k, item in enumerate(items):
        rate, effect = float(values[k]), float(values[n + k])
        se_eff, beta = _se(J[n + k], cov), float(contrast[k] @ gamma)
        entry = _entry(int(holders[k]), int(n_games[k]), float(wins[k]), rate, se_eff,
                       rate - effect, beta, _se(contrast[k], cov))
        entry["ci95"] = [max(0.0, rate - Z95 * _se(J[k], cov)),
                         min(1.0, rate + Z95 * _se(J[k], cov))]
        entry["rate_without"] = rate - effect
        entry["raw_rate_without"] = (all_wins - float(wins[k])) / (rows - holders[k])
        entry["against"] = "peers" if len(peers[block(item)]) > 1 else "none"
        del entry["fair"]
        if per_agent is not None:
            _aliased(entry, {base.agents.labels[a]: int(m) for a, m in
                             enumerate(by_agent[k].tolist()) if m}, per_agent, "agent")
        out[item] = entry
    return _holm(out)


def item_gaps(base: Base, H_of: Callable, contrast: np.ndarray, holders: np.ndarray,
              g: np.ndarray, jacobian: bool = True) -> tuple[np.ndarray, np.ndarray | None]:
    """`set_family`'s rates, [with; with - without] (2 x items), and their Jacobian in the
    items' coefficients `g` (None unless `jacobian`), summed over the chunks. With H the
    rows x items 0/1 matrix, p the shares of H g and q_k those of H g - H_k (C g)_k (item k
    replaced by its block's average), n_k the holders: with_k = sum_r H_rk p_r / n_k and
    without_k = sum_r H_rk q_rk / n_k. By d softmax_r / d eta_s = p_r (1[r=s] - p_s) within
    a game: d with / dg = (P'H - E'E) / n (P = H * p, E its per-game sums) and d without /
    dg = ((W - V)'H - diag(sum W - sum_g Wg^2) C) / n (W = H * q, Wg its per-game sums,
    V_s = Wg_g(s) * q_s), row k over n_k."""
    k = len(g)

    def part(lo, hi, st):
        H = H_of(lo, hi)
        eta = H @ g
        p = game_shares(eta, st)
        # item k replaced by its block's average: column k's term of eta taken away
        q = column_shares(eta[:, None] - H * (contrast @ g)[None, :], st)
        W = H * q
        sums = np.concatenate([H.T @ p, W.sum(axis=0)])
        if not jacobian:
            return sums
        P = H * p[:, None]
        E = game_sums(P, st)
        Jw = P.T @ H - E.T @ E
        del P, E
        Wg = game_sums(W, st)
        diag = sums[k:] - (Wg * Wg).sum(axis=0)
        q *= np.repeat(Wg, np.diff(np.append(st, len(H))), axis=0)  # V
        W -= q
        del q
        Jwo = W.T @ H - diag[:, None] * contrast
        return np.concatenate([sums, Jw.ravel(), Jwo.ravel()])

    total = base.summed(part)
    with_, without = total[:k] / holders, total[k:2 * k] / holders
    values = np.concatenate([with_, with_ - without])
    if not jacobian:
        return values, None
    Jw = total[2 * k:2 * k + k * k].reshape(k, k) / holders[:, None]
    Jwo = total[2 * k + k * k:].reshape(k, k) / holders[:, None]
    return values, np.vstack([Jw, Jw - Jwo])


def adjusted(records: "Sequence[Record] | Design",
             groups: Callable[[Record], Mapping[str, list]] | None = None) -> dict[str, Any]:
    """report.json's `adjusted` section: the model (with each family's joint test), then
    agent, seat and each game group (the records' `groups`, or the design's)."""
    if not isinstance(records, Design):
        records = design_of(records, groups)
    return adjusted_of(Base(records))


def adjusted_of(base: Base) -> dict[str, Any]:
    """`adjusted` of a run's rows."""
    if not len(base.pairs):
        return {}
    tests: dict[str, dict] = {}
    out: dict[str, Any] = {"model": {**MODEL, "rows": base.rows, "games": base.games,
                                     "tests": tests},
                           "agent": family_effects(base, "agent", base.agent,
                                                   {"seat": base.seat}, tests),
                           "seat": family_effects(base, "seat", base.seat,
                                                  {"agent": base.agent}, tests)}
    values = base.design.groups
    for family, vals in values.items():
        others = {f: v for f, v in values.items() if f != family}
        out[family] = group_family(base, family, vals, tests, others)
    for family, vals in values.items():  # a seat bound to a group: marked beside it too
        if not any(e.get("bound") for e in out["seat"].values()):
            bind(out["seat"], base.seats, family, vals)
    out["model"]["converged"] = all(t["converged"] for t in tests.values())
    return out
