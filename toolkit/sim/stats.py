"""Balance statistics as named reporters: each turns a list of game records into one
section of report.json (win rates with Wilson intervals, seat fairness, flags, lengths,
glory sources, card use, deaths, bounty, gold curves)."""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from typing import Any, Callable, Iterable, Iterator, Mapping

from toolkit import __version__
from toolkit.errors import ContentError
from toolkit.sim.stats_math import (chi_square_uniform, holm, normal_two_sided_p, quantile,
                                    two_sided_binomial_p, wilson)

Record = Mapping[str, Any]
ALPHA = 0.05
EXACT_LIMIT = 5000  # exact binomial tests up to this many games, a normal approximation above
CARD_KINDS = ("event", "equipment", "weapon", "glory_card")
USED_KINDS = CARD_KINDS[1:]  # cards a player uses; events are drawn for everyone


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


def rate_entry(results: list[tuple[int, float]]) -> dict[str, Any]:
    """{games, wins, rate, ci95, fair, p} from (players, score) per player-game; `fair` is
    the expected rate (the mean of 1/players) and `p` tests the rate against it."""
    n = len(results)
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


def _rates(records, key: Callable[[Record, int], Any]) -> dict[str, dict[str, Any]]:
    groups: dict[str, list[tuple[int, float]]] = defaultdict(list)
    for record, seat in seats(records):
        groups[str(key(record, seat))].append((record["players"], score(record, seat)))
    return {k: rate_entry(v) for k, v in sorted(groups.items())}


def _played_rates(records) -> dict[str, dict[str, Any]]:
    """Per hero: every player who used it at any time (a starting hero or one taken after a
    death), scored by that player's result; a hero used twice by one player counts once."""
    groups: dict[str, list[tuple[int, float]]] = defaultdict(list)
    for record, seat in seats(records):
        history = record.get("hero_history") or [[h] for h in record["heroes"]]
        for hero in dict.fromkeys(history[seat]):
            groups[str(hero)].append((record["players"], score(record, seat)))
    return {k: rate_entry(v) for k, v in sorted(groups.items())}


def win_rate(records) -> dict[str, Any]:
    """Win rates by starting hero, by any hero played, seat (place in turn order), starting
    party and agent."""
    return {
        "by_hero": _rates(records, lambda r, s: r["heroes"][s]),
        "by_hero_played": _played_rates(records),
        "by_seat": _rates(records, turn_position),
        "by_party": _rates(records, lambda r, s: r["parties"][s]),
        "by_agent": _rates(records, lambda r, s: r["agents"][s]),
    }


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


FLAG_FAMILIES = (("hero", "by_hero"), ("party", "by_party"), ("seat", "by_seat"))


def flags(rates: Mapping[str, Any], alpha: float = ALPHA) -> list[dict[str, Any]]:
    """Heroes, parties and seats whose win rate is off the fair share, Holm-corrected
    within each family; strongest evidence first."""
    found = []
    for kind, section in FLAG_FAMILIES:
        entries = rates.get(section, {})
        adjusted = holm([e["p"] for e in entries.values()])
        for (key, entry), p_holm in zip(entries.items(), adjusted):
            if p_holm < alpha:
                direction = "too strong" if entry["rate"] > entry["fair"] else "too weak"
                found.append({"kind": kind, "id": key, "rate": entry["rate"],
                              "ci95": entry["ci95"], "fair": entry["fair"], "games": entry["games"],
                              "p": entry["p"], "p_holm": p_holm, "direction": direction})
    return sorted(found, key=lambda f: (f["p_holm"], f["kind"], f["id"]))


def rounds(records) -> dict[str, Any]:
    """Game length in rounds: mean, quantiles, extremes and a histogram."""
    values = [r["rounds"] for r in records]
    if not values:
        return {"mean": 0.0, "p10": 0, "p50": 0, "p90": 0, "min": 0, "max": 0, "histogram": {}}
    return {"mean": statistics.fmean(values), "p10": quantile(values, 0.1),
            "p50": quantile(values, 0.5), "p90": quantile(values, 0.9),
            "min": min(values), "max": max(values),
            "histogram": {str(k): v for k, v in sorted(Counter(values).items())}}


def end_reason(records) -> dict[str, Any]:
    """How many games ended each way, and how many were shared wins."""
    counts = Counter(r["end_reason"] for r in records)
    return {"counts": dict(sorted(counts.items())),
            "share": {k: v / len(records) for k, v in sorted(counts.items())} if records else {},
            "shared_wins": sum(1 for r in records if len(r["winner"]) > 1)}


def glory_by_source(records) -> dict[str, Any]:
    """Per source: total glory, its share of all glory, mean per player-game, and its share
    of the winners' glory."""
    total: Counter = Counter()
    winners: Counter = Counter()
    for record, seat in seats(records):
        for source, n in record["glory_by_source"][seat].items():
            total[source] += n
            if seat in record["winner"]:
                winners[source] += n
    all_glory, win_glory = sum(total.values()), sum(winners.values())
    player_games = sum(r["players"] for r in records) or 1
    return {src: {"total": n, "share": n / all_glory if all_glory else 0.0,
                  "mean": n / player_games,
                  "winners_share": winners[src] / win_glory if win_glory else 0.0}
            for src, n in sorted(total.items(), key=lambda kv: (-kv[1], kv[0]))}


def cards(records, kinds: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Per card: uses, games and players using it, and the win rate of those players.
    With `kinds` (card id -> kind), only equipment, weapon and glory cards; then the events
    drawn (see `events`)."""
    uses: Counter = Counter()
    games: dict[str, set] = defaultdict(set)
    results: dict[str, list[tuple[int, float]]] = defaultdict(list)
    for record, seat in seats(records):
        for card, n in record["cards_used"][seat].items():
            if kinds is not None and kinds.get(card) not in USED_KINDS:
                continue
            uses[card] += n
            games[card].add(id(record))
            results[card].append((record["players"], score(record, seat)))
    out = {}
    for card in sorted(uses, key=lambda c: (-uses[c], c)):
        entry = rate_entry(results[card])
        out[card] = {"kind": (kinds or {}).get(card), "uses": uses[card],
                     "games": len(games[card]), "players": entry.pop("games"), **entry}
    return {**out, **events(records)}


def _drawer(records) -> dict[str, Any]:
    """The first player's win rate over these games."""
    return rate_entry([(r["players"], score(r, r.get("first_player") or 0)) for r in records])


def events(records) -> dict[str, Any]:
    """Per event card: `drawn` (times drawn), `games` (games it was drawn in), the first
    player's (the drawer's) win rate in those games beside their rate over all games, and
    the mean game length in those games beside the mean over all games."""
    drawn: Counter = Counter()
    found: dict[str, list[Record]] = defaultdict(list)
    for record in records:
        drawn.update(record.get("events_drawn", ()))
        for event in dict.fromkeys(record.get("events_drawn", ())):
            found[event].append(record)
    overall = _drawer(records)
    mean_all = statistics.fmean(r["rounds"] for r in records) if records else 0.0
    out = {}
    for event in sorted(drawn, key=lambda e: (-drawn[e], e)):
        entry = _drawer(found[event])
        out[event] = {"kind": "event", "drawn": drawn[event], "games": entry["games"],
                      "drawer_wins": entry["wins"], "drawer_rate": entry["rate"],
                      "drawer_ci95": entry["ci95"], "drawer_rate_all": overall["rate"],
                      "mean_rounds": statistics.fmean(r["rounds"] for r in found[event]),
                      "mean_rounds_all": mean_all}
    return out


def _mean_by(records, key, value) -> dict[str, float]:
    groups: dict[str, list[float]] = defaultdict(list)
    for record, seat in seats(records):
        groups[str(key(record, seat))].append(value(record, seat))
    return {k: statistics.fmean(v) for k, v in sorted(groups.items())}


def deaths(records) -> dict[str, Any]:
    """Hero deaths per player-game, overall, by starting hero and by agent."""
    values = [r["deaths"][s] for r, s in seats(records)]
    count = lambda r, s: r["deaths"][s]  # noqa: E731
    return {"total": sum(values), "mean": statistics.fmean(values) if values else 0.0,
            "share_dying": sum(1 for v in values if v) / len(values) if values else 0.0,
            "max": max(values, default=0),
            "by_hero": _mean_by(records, lambda r, s: r["heroes"][s], count),
            "by_agent": _mean_by(records, lambda r, s: r["agents"][s], count)}


def bounty(records) -> dict[str, Any]:
    """Bounty markers held at the end, per player-game, overall and by agent."""
    values = [r["bounty"][s] for r, s in seats(records)]
    return {"mean": statistics.fmean(values) if values else 0.0,
            "share_wanted": sum(1 for v in values if v) / len(values) if values else 0.0,
            "max": max(values, default=0),
            "by_agent": _mean_by(records, lambda r, s: r["agents"][s], lambda r, s: r["bounty"][s])}


def _gold_curve(pairs) -> list[dict[str, Any]]:
    by_round: dict[int, list[float]] = defaultdict(list)
    for record, seat in pairs:
        for i, gold in enumerate(record["gold_by_round"][seat]):
            by_round[i + 1].append(gold)
    return [{"round": r, "mean": statistics.fmean(v), "players": len(v)}
            for r, v in sorted(by_round.items())]


def gold_by_round(records) -> dict[str, Any]:
    """Mean gold held at the end of each round, over players still playing that round."""
    agents = sorted({r["agents"][s] for r, s in seats(records)})
    return {"all": _gold_curve(seats(records)),
            "by_agent": {a: _gold_curve((r, s) for r, s in seats(records) if r["agents"][s] == a)
                         for a in agents}}


REPORTERS: dict[str, Callable[..., Any]] = {
    "win_rate": win_rate, "seat_fairness": seat_fairness, "rounds": rounds,
    "end_reason": end_reason, "glory_by_source": glory_by_source, "deaths": deaths,
    "bounty": bounty, "gold_by_round": gold_by_round,
}


def build_report(records: list[Record], *, seed: int, agents: str, requested: int | None = None,
                 kinds: Mapping[str, str] | None = None) -> dict[str, Any]:
    """report.json: the run's header, every reporter's section, card use and the flags."""
    hashes = sorted({r["content_hash"] for r in records})
    if len(hashes) > 1:
        raise ContentError(f"the records mix content versions {', '.join(hashes)}")
    report = {
        "games": len(records),
        "requested": requested if requested is not None else len(records),
        "complete": requested is None or len(records) >= requested,
        "players": {str(k): v for k, v in sorted(Counter(r["players"] for r in records).items())},
        "seed": seed, "agents": agents, "content_hash": hashes[0] if hashes else None,
        "toolkit_version": __version__,
    }
    for name, reporter in REPORTERS.items():
        report[name] = reporter(records)
    report["cards"] = cards(records, kinds)
    report["flags"] = flags(report["win_rate"])
    return report
