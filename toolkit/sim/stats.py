"""Balance statistics for any game: report.json's sections (win rates with Wilson intervals
by seat, agent and the game's groups, seat fairness, flags, game length, how games ended,
the game's metrics, the adjusted fits), each from a mergeable reporter
(toolkit.sim.reporters) fed game by game; the game adds its own sections
(`Game.report_tally`, or `Game.report_sections` of a list of records)."""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, Mapping

from toolkit import __version__
from toolkit.errors import ContentError
from toolkit.sim.reporters import (EndReason, MetricMeans, Rounds, RunReporters, SeatFairness,
                                   WinRate, length, score, turn_position)
from toolkit.sim.stats_math import holm
from toolkit.sim.tally import EXACT_LIMIT, Z95, Rates

Record = Mapping[str, Any]
ALPHA = 0.05
# re-exported for the modules that count from records: EXACT_LIMIT, Z95, length, score,
# turn_position
_EXPORTS = (EXACT_LIMIT, Z95, length, score, turn_position)


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
    most one of them wins), and the interval and test are clustered by game. Sums are
    exact (toolkit.sim.tally), so the order of the player-games does not matter."""
    tally = Rates()
    if games is None:
        for players, s in results:
            tally.add(players, s)
    else:
        per: dict[Any, list] = {}
        for result, g in zip(results, games):
            per.setdefault(g, []).append(result)
        for cell in per.values():
            tally.add_game(cell)
    return tally.entry()


def _tallied(reporter, records) -> Any:
    tally = reporter.empty()
    for index, record in enumerate(records):
        reporter.add(tally, index, record)
    return reporter.finish(tally)


def win_rate(records, groups: Callable[[Record], Mapping[str, list]] | None = None
             ) -> dict[str, Any]:
    """Win rates by seat (place in turn order), agent, and each of the game's groups
    (`by_<group>`, e.g. by_hero)."""
    return _tallied(WinRate(groups), records)


def seat_fairness(records) -> dict[str, Any]:
    """Per player count: wins by place in turn order, chi-square against equal shares, and
    Ludii's balance (1 − the largest gap between two seats' win rates)."""
    return _tallied(SeatFairness(), records)


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


def rounds(records) -> dict[str, Any]:
    """Game length (rounds, or actions for a game without rounds): mean, quantiles,
    extremes and a histogram."""
    return _tallied(Rounds(), records)


def end_reason(records) -> dict[str, Any]:
    """How many games ended each way (`percent`: rounded to 0.1 so that they add to 100),
    and how many were shared wins."""
    return _tallied(EndReason(), records)


def metric_means(records, metrics: Callable[[Record], Mapping[str, list]] | None
                 ) -> dict[str, Any]:
    """Each of the game's per-seat metrics: its mean over player-games and by agent."""
    return _tallied(MetricMeans(metrics), records)


REPORTERS: dict[str, Callable[..., Any]] = {
    "seat_fairness": seat_fairness, "rounds": rounds, "end_reason": end_reason,
}


ASIDE_GAMES = 5000  # from this many decided games the game's sections are fitted aside
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
    """report.json of a list of records: the run's reporters (toolkit.sim.reporters) fed
    every record, then `finish_report`."""
    reporters = RunReporters(game, catalog)
    tally = reporters.add_all(reporters.empty(), enumerate(records))
    return finish_report(reporters, tally, seed=seed, agents=agents, requested=requested,
                         game=game, catalog=catalog, tolerance=tolerance, design=design)


def finish_report(reporters: "RunReporters", tally: dict, *, seed: int, agents: str,
                  requested: int | None = None, game=None, catalog=None,
                  tolerance: float = DEFAULT_TOLERANCE,
                  design: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """report.json from a run's merged tallies: the run's header, every reporter's section,
    the game's metrics and sections, the flags (raw rates), the rates adjusted for agent
    and seat (`adjusted`, which a game's sections may extend, e.g. with cards), the agent ×
    agent matrix (`matchups`) and what never happened (`unused`, which a game's `unused`
    list extends). The fits and the game's sections are computed here, once."""
    from toolkit.sim.adjusted import Base, adjusted_of
    from toolkit.sim.aside import aside

    parts = reporters.parts
    head = tally["header"]
    hashes = sorted(head["hashes"])
    if len(hashes) > 1:
        raise ContentError(f"the records mix content versions {', '.join(hashes)}")
    games = head["games"]
    report = {
        "games": games,
        "requested": requested if requested is not None else games,
        "complete": requested is None or games >= requested,
        "players": {str(k): v for k, v in sorted(head["players"].items())},
        "seed": seed, "agents": agents, "content_hash": hashes[0] if hashes else None,
        "toolkit_version": __version__,
        "game": getattr(game, "name", None),
    }
    report["win_rate"] = parts["win_rate"].finish(tally["win_rate"])
    for name in REPORTERS:
        report[name] = parts[name].finish(tally[name])
    report["metrics"] = parts["metrics"].finish(tally["metrics"])
    # the fits' rows as one design; the batches' rows are let go as they are copied
    base = Base(parts["fits"].finish(tally["fits"], consume=True))
    own = parts.get("game") if game is not None else None
    # the game's sections (its own fits: Caravans' cards) in a child, beside the generic fits
    game_sections = aside(lambda: own.finish(tally["game"], base) if own is not None else {},
                          worth=own is not None and base.games >= ASIDE_GAMES)
    report["adjusted"] = adjusted_of(base)
    report["matchups"] = parts["matchups"].finish(tally["matchups"])
    report["unused"] = parts["unused"].finish(tally["unused"])
    sections = dict(game_sections())
    if game is not None:
        report["adjusted"].update(sections.pop("adjusted", {}))
        report["unused"]["items"] += list(sections.pop("unused", []))
        report.update(sections)
    report["flags"] = flags(report["win_rate"])
    report["tolerance_pp"] = float(tolerance)
    report["design"] = dict(design or {})
    report["sides"] = sides_of(game, catalog, [k for k in report["adjusted"] if k != "model"])
    return report
