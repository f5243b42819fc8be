"""Balance statistics for any game as named reporters: each turns a list of game records
into one section of report.json (win rates with Wilson intervals by seat, agent and the
game's groups, seat fairness, flags, game length, how games ended, the game's metrics);
the game adds its own sections (`Game.report_sections`)."""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from typing import Any, Callable, Iterable, Iterator, Mapping

from toolkit import __version__
from toolkit.errors import ContentError
from toolkit.sim.stats_math import (chi_square_uniform, holm, largest_remainder,
                                    normal_two_sided_p, quantile, two_sided_binomial_p, wilson)

Record = Mapping[str, Any]
ALPHA = 0.05
Z95 = 1.959963984540054
EXACT_LIMIT = 5000  # exact binomial tests up to this many games, a normal approximation above


def score(record: Record, seat: int) -> float:
    """A seat's result: 1 for a sole win, 1/k for a win shared by k, else 0."""
    winners = record["winner"]
    return 1.0 / len(winners) if seat in winners else 0.0


def turn_position(record: Record, seat: int) -> int:
    """The seat's place in turn order (0: the first player, who draws every event); the seat
    index itself for records without `first_player`."""
    first = record.get("first_player")
    return seat if first is None else (seat - first) % record["players"]


def seats(records: Iterable[Record]) -> Iterator[tuple[Record, int]]:
    """Every (record, seat) pair: one per player per game."""
    for record in records:
        for seat in range(record["players"]):
            yield record, seat


def rate_entry(results: list[tuple[int, float]], games: list | None = None) -> dict[str, Any]:
    """{games, wins, rate, ci95, fair, p} from (players, score) per player-game; `fair` is
    the expected rate (the mean of 1/players) and `p` tests the rate against it. `games`
    (one game id a player-game) makes the game the unit: when one game holds several of
    the level's players (two raiders in one game), their results are not independent (at
    most one of them wins), and the interval and test are clustered by game."""
    n = len(results)
    if games is not None and len(set(games)) < n:
        return _clustered_entry(results, games)
    wins = sum(s for _, s in results)
    shares = [1.0 / players for players, _ in results]
    fair = sum(shares) / n if n else 0.0
    lo, hi = wilson(wins, n)
    exact = n <= EXACT_LIMIT and len(set(shares)) == 1 and abs(wins - round(wins)) < 1e-9
    if not n:
        p = 1.0
    elif exact:
        p = two_sided_binomial_p(round(wins), n, shares[0])
    else:
        p = normal_two_sided_p(wins, sum(shares), sum(q * (1 - q) for q in shares))
    return {"games": n, "wins": round(wins, 6), "rate": wins / n if n else 0.0,
            "ci95": [lo, hi], "fair": fair, "p": p}


def _clustered_entry(results, games) -> dict[str, Any]:
    """rate_entry with the game as the unit: the ratio estimator's variance from the
    spread of each game's wins (and of each game's wins above its fair share, for p)."""
    per: dict[Any, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for (players, s), g in zip(results, games):
        cell = per[g]
        cell[0] += 1
        cell[1] += s
        cell[2] += 1.0 / players
    n = int(sum(c[0] for c in per.values()))
    wins = sum(c[1] for c in per.values())
    fair_total = sum(c[2] for c in per.values())
    rate, k = wins / n, len(per)
    scale = k / (k - 1) if k > 1 else 1.0
    spread = scale * sum((c[1] - rate * c[0]) ** 2 for c in per.values())
    half = Z95 * math.sqrt(spread) / n
    gap = [c[1] - c[2] for c in per.values()]
    mean_gap = sum(gap) / k
    var = scale * sum((d - mean_gap) ** 2 for d in gap)
    return {"games": n, "wins": round(wins, 6), "rate": rate,
            "ci95": [max(0.0, rate - half), min(1.0, rate + half)], "fair": fair_total / n,
            "p": normal_two_sided_p(wins, fair_total, var), "clustered": True}


def _rates(records, key: Callable[[Record, int], Any]) -> dict[str, dict[str, Any]]:
    groups: dict[str, list[tuple[int, float]]] = defaultdict(list)
    ids: dict[str, list[int]] = defaultdict(list)
    for index, record in enumerate(records):
        for seat in range(record["players"]):
            level = str(key(record, seat))
            groups[level].append((record["players"], score(record, seat)))
            ids[level].append(index)
    return {k: rate_entry(v, ids[k]) for k, v in sorted(groups.items())}


def win_rate(records, groups: Callable[[Record], Mapping[str, list]] | None = None
             ) -> dict[str, Any]:
    """Win rates by seat (place in turn order), agent, and each of the game's groups
    (`by_<group>`, e.g. by_hero)."""
    out = {"by_seat": _rates(records, turn_position),
           "by_agent": _rates(records, lambda r, s: r["agents"][s])}
    if groups is not None and records:
        for family in groups(records[0]):
            out[f"by_{family}"] = _rates(records, lambda r, s, f=family: groups(r)[f][s])
    return out


def seat_fairness(records) -> dict[str, Any]:
    """Per player count: wins by place in turn order, chi-square against equal shares, and
    Ludii's balance (1 − the largest gap between two seats' win rates)."""
    out = {}
    for players in sorted({r["players"] for r in records}):
        games = [r for r in records if r["players"] == players]
        wins = [0.0] * players
        for record, seat in seats(games):
            wins[turn_position(record, seat)] += score(record, seat)
        statistic, p = chi_square_uniform(wins)
        rates = [w / len(games) for w in wins]
        out[str(players)] = {"games": len(games), "wins": [round(w, 6) for w in wins],
                             "rates": rates, "fair": 1.0 / players, "chi2": statistic,
                             "df": players - 1, "p": p, "balance": 1 - (max(rates) - min(rates))}
    return out


def flags(rates: Mapping[str, Any], alpha: float = ALPHA) -> list[dict[str, Any]]:
    """Seats and the game's groups (heroes, parties...) whose win rate is off the fair
    share, Holm-corrected within each family; strongest evidence first."""
    found = []
    families = [(k[3:], k) for k in rates if k not in ("by_seat", "by_agent")] + \
        [("seat", "by_seat")]
    for kind, section in families:
        entries = rates.get(section, {})
        adjusted = holm([e["p"] for e in entries.values()])
        for (key, entry), p_holm in zip(entries.items(), adjusted):
            if p_holm < alpha:
                direction = "too strong" if entry["rate"] > entry["fair"] else "too weak"
                found.append({"kind": kind, "id": key, "rate": entry["rate"],
                              "ci95": entry["ci95"], "fair": entry["fair"], "games": entry["games"],
                              "p": entry["p"], "p_holm": p_holm, "direction": direction})
    return sorted(found, key=lambda f: (f["p_holm"], f["kind"], f["id"]))


def length(record: Record) -> float:
    """A game's length: its rounds when the game counts them, else its actions."""
    return record["rounds"] if "rounds" in record else record["length"]


def rounds(records) -> dict[str, Any]:
    """Game length (rounds, or actions for a game without rounds): mean, quantiles,
    extremes and a histogram."""
    values = [length(r) for r in records]
    unit = "rounds" if all("rounds" in r for r in records) else "actions"
    if not values:
        return {"unit": unit, "mean": 0.0, "p10": 0, "p50": 0, "p90": 0, "min": 0, "max": 0,
                "histogram": {}}
    return {"unit": unit, "mean": statistics.fmean(values), "p10": quantile(values, 0.1),
            "p50": quantile(values, 0.5), "p90": quantile(values, 0.9),
            "min": min(values), "max": max(values),
            "histogram": {str(k): v for k, v in sorted(Counter(values).items())}}


def end_reason(records) -> dict[str, Any]:
    """How many games ended each way (`percent`: rounded to 0.1 so that they add to 100),
    and how many were shared wins."""
    counts = Counter(r.get("end_reason", "end") for r in records)
    return {"counts": dict(sorted(counts.items())),
            "share": {k: v / len(records) for k, v in sorted(counts.items())} if records else {},
            "percent": largest_remainder(dict(sorted(counts.items()))),
            "shared_wins": sum(1 for r in records if len(r["winner"]) > 1)}


def metric_means(records, metrics: Callable[[Record], Mapping[str, list]] | None
                 ) -> dict[str, Any]:
    """Each of the game's per-seat metrics: its mean over player-games and by agent."""
    if metrics is None:
        return {}
    values: dict[str, list[float]] = defaultdict(list)
    agents: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for record in records:
        for name, per_seat in metrics(record).items():
            for seat, value in enumerate(per_seat):
                values[name].append(value)
                agents[name][record["agents"][seat]].append(value)
    return {name: {"mean": statistics.fmean(v),
                   "by_agent": {a: statistics.fmean(x) for a, x in sorted(agents[name].items())}}
            for name, v in sorted(values.items())}


REPORTERS: dict[str, Callable[..., Any]] = {
    "seat_fairness": seat_fairness, "rounds": rounds, "end_reason": end_reason,
}


DEFAULT_TOLERANCE = 1.0  # points: a smaller real effect is reported as within tolerance


def sides_of(game, catalog, families) -> list[dict[str, Any]]:
    """The report's factors by name (`Game.sides`), then any family no side names."""
    from toolkit.game import SEAT, STYLE, Side

    declared = [s.as_dict() for s in (game.sides(catalog) if game is not None
                                      else [SEAT, STYLE])]
    known = {s["key"] for s in declared}
    for family in families:
        if family not in known:
            declared.append(Side(family, {"en": family.replace("_", " ").capitalize(),
                                          "zh": family}).as_dict())
    return declared


def build_report(records: list[Record], *, seed: int, agents: str, requested: int | None = None,
                 game=None, catalog=None, tolerance: float = DEFAULT_TOLERANCE,
                 design: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """report.json: the run's header, every reporter's section, the game's metrics and
    sections, the flags (raw rates), the rates adjusted for agent and seat (`adjusted`,
    which a game's sections may extend, e.g. with cards), the agent × agent matrix
    (`matchups`) and what never happened (`unused`, which a game's `unused` list extends)."""
    from toolkit.sim.adjusted import adjusted
    from toolkit.sim.matchups import matchups
    from toolkit.sim.unused import unused

    hashes = sorted({r["content_hash"] for r in records if "content_hash" in r})
    if len(hashes) > 1:
        raise ContentError(f"the records mix content versions {', '.join(hashes)}")
    report = {
        "games": len(records),
        "requested": requested if requested is not None else len(records),
        "complete": requested is None or len(records) >= requested,
        "players": {str(k): v for k, v in sorted(Counter(r["players"] for r in records).items())},
        "seed": seed, "agents": agents, "content_hash": hashes[0] if hashes else None,
        "toolkit_version": __version__,
        "game": getattr(game, "name", None),
    }
    report["win_rate"] = win_rate(records, game.seat_groups if game is not None else None)
    for name, reporter in REPORTERS.items():
        report[name] = reporter(records)
    report["metrics"] = metric_means(records, game.metrics if game is not None else None)
    report["adjusted"] = adjusted(records, game.seat_groups if game is not None else None)
    report["matchups"] = matchups(records)
    report["unused"] = unused(records, catalog)
    if game is not None:
        sections = dict(game.report_sections(records, catalog))
        report["adjusted"].update(sections.pop("adjusted", {}))
        report["unused"]["items"] += list(sections.pop("unused", []))
        report.update(sections)
    report["flags"] = flags(report["win_rate"])
    report["tolerance_pp"] = float(tolerance)
    report["design"] = dict(design or {})
    report["sides"] = sides_of(game, catalog, [k for k in report["adjusted"] if k != "model"])
    return report
