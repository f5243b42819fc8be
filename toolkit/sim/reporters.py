# toolkit: compile
"""The report's statistics as mergeable reporters (issue #30). Each has `empty()` (a new
tally), `add(tally, index, record)`, and `finish(tally)` (its report.json section); tallies
merge with `toolkit.sim.tally.merge`. The workers tally their batch's games
(toolkit.sim.batch.play_tallied) and the parent only merges the tallies, so it keeps no
record: counts, exact sums and the fits' compact rows (toolkit.sim.design).

`RunReporters` bundles the generic reporters, the fits' rows and the game's own
(`Game.report_tally`); `toolkit.sim.stats.build_report` is the same over a list of records.
"""

from __future__ import annotations

from itertools import permutations, repeat
from typing import Any, Callable, Mapping

from toolkit.sim.stats_math import chi_square_uniform, largest_remainder, wilson
from toolkit.sim.tally import First, Packed, Rates, Sum, count_each, exact, merge, slot
from toolkit.sim.unused import Unused

Record = Mapping[str, Any]


def scores(record: Record, players: int) -> list[float]:
    """Each seat's result: 1 for a sole win, 1/k for a win shared by k, else 0."""
    winners = record["winner"]
    share = 1.0 / len(winners) if winners else 0.0
    return [share if seat in winners else 0.0 for seat in range(players)]


def positions(record: Record, players: int):
    """Each seat's place in turn order (0: the first player); the seat indices themselves
    for records without `first_player`."""
    first = record.get("first_player")
    return range(players) if first is None else [(s - first) % players for s in range(players)]


def score(record: Record, seat: int) -> float:
    """One seat's `scores`."""
    return scores(record, record["players"])[seat]


def turn_position(record: Record, seat: int) -> int:
    """One seat's `positions`."""
    return positions(record, record["players"])[seat]


PLACES = tuple(str(p) for p in range(64))  # places in turn order as level names


def add_levels(tally: dict, family: Any, players: int, levels, scored: list[float],
               ones: list | None = None) -> None:
    """A game's player-games by each seat's level (str) of `family`, as flat counts (no
    object a level: `rates_table` makes the `Rates` at the end). A level holding one player
    of the game (the usual case) counts in tally["one"] (family, level, players, score):
    its game cell (1, score, 1/players) follows from it; a level holding several, clustered
    by game, counts each seat in tally["results"] (same key) and the game in
    tally["cells"] (family, level, players in the level, wins, fair share). With `ones`
    (a list), the one-player keys are appended to it instead, for the caller to count
    (a batch's at once: toolkit.sim.tally.count_each)."""
    keys = [level if type(level) is str else str(level) for level in levels[:players]]
    if len(set(keys)) == players:  # a level a seat
        if ones is None:
            count_each(tally["one"], zip(repeat(family), keys, repeat(players), scored))
        else:
            ones += zip(repeat(family), keys, repeat(players), scored)
        return
    one = tally["one"]
    seats: dict[str, list] = {}
    for key, score in zip(keys, scored):
        if key in seats:
            seats[key].append(score)
        else:
            seats[key] = [score]
    results, cells = tally["results"], tally["cells"]
    fair = 1.0 / players
    for key, won in seats.items():
        if len(won) == 1:
            k = (family, key, players, won[0])
            if ones is None:
                one[k] = one.get(k, 0) + 1
            else:
                ones.append(k)
            continue
        wins, share = 0.0, 0.0
        for score in won:  # in seat order, as Rates.add_game adds them
            k = (family, key, players, score)
            results[k] = results.get(k, 0) + 1
            wins += score
            share += fair
        k = (family, key, len(won), wins, share)
        cells[k] = cells.get(k, 0) + 1


def rates_table(results: Mapping, cells: Mapping | None = None,
                one: Mapping | None = None) -> dict[Any, dict[str, Rates]]:
    """{family: {level: Rates}} of flat counts: `results` (family, level, players, score),
    `cells` (family, level, count, wins, fair) and `one` (`add_levels`' one-player cells)."""
    out: dict = {}
    for (family, level, players, score), n in (one or {}).items():
        rates = slot(slot(out, family, dict), level, Rates)
        rates.results[players, score] = rates.results.get((players, score), 0) + n
        cell = (1, 0.0 + score, 0.0 + 1.0 / players)
        rates.cells[cell] = rates.cells.get(cell, 0) + n
    for (family, level, players, score), n in results.items():
        rates = slot(slot(out, family, dict), level, Rates)
        rates.results[players, score] = rates.results.get((players, score), 0) + n
    for (family, level, count, wins, fair), n in (cells or {}).items():
        rates = slot(slot(out, family, dict), level, Rates)
        rates.cells[count, wins, fair] = rates.cells.get((count, wins, fair), 0) + n
    return out


def entries(tally: Mapping[str, Rates]) -> dict[str, dict[str, Any]]:
    return {k: tally[k].entry() for k in sorted(tally)}


class WinRate:
    """Win rates by seat (place in turn order), agent and each of the game's groups."""

    def __init__(self, groups: Callable[[Record], Mapping[str, list]] | None = None):
        self.groups = groups

    def empty(self) -> dict:
        return {"one": {}, "results": {}, "cells": {}}  # add_levels' counts: "by_seat"...

    def add(self, tally, index, record) -> None:
        self.add_batch(tally, ((index, record),))

    def add_batch(self, tally, pairs, families_of=None) -> None:
        """The games of `pairs` ((index, record)); the one-player keys counted at once.
        `families_of`: each game's groups already made (a list in the order of `pairs`;
        RunReporters makes them once for this and the fits' rows)."""
        ones: list = []
        groups = self.groups
        made = iter(families_of) if families_of is not None else None
        for index, record in pairs:
            players = record["players"]
            scored = scores(record, players)
            places = positions(record, players)
            add_levels(tally, "by_seat", players,
                       [PLACES[p] for p in places] if players <= len(PLACES) else places,
                       scored, ones)
            add_levels(tally, "by_agent", players, record["agents"], scored, ones)
            if groups is not None:
                families = groups(record) if made is None else next(made)
                if "first" not in tally or index < tally["first"].index:
                    tally["first"] = First(index, list(families))
                for family, values in families.items():
                    add_levels(tally, ("group", family), players, values, scored, ones)
        count_each(tally["one"], ones)

    def finish(self, tally) -> dict:
        table = rates_table(tally["results"], tally["cells"], tally["one"])
        out = {"by_seat": entries(table.get("by_seat", {})),
               "by_agent": entries(table.get("by_agent", {}))}
        for family in (tally["first"].value if "first" in tally else []):
            out[f"by_{family}"] = entries(table.get(("group", family), {}))
        return out


class SeatFairness:
    """Per player count: wins by place in turn order, chi-square against equal shares, and
    Ludii's balance (1 − the largest gap between two seats' win rates)."""

    def empty(self) -> dict:
        return {"games": {}, "wins": {}}

    def add(self, tally, index, record) -> None:
        self.add_batch(tally, ((index, record),))

    def add_batch(self, tally, pairs) -> None:
        """The games of `pairs`: (players, place, result) seats counted at once, then added
        to each place's `Sum` a distinct result at a time (exact, as one by one)."""
        games, wins = tally["games"], tally["wins"]
        seats: list = []
        for _, record in pairs:
            players = record["players"]
            games[players] = games.get(players, 0) + 1
            seats += zip(repeat(players), positions(record, players), scores(record, players))
        counts: dict = {}
        count_each(counts, seats)
        for (players, place, result), n in counts.items():
            slot(wins, (players, place), Sum).add(result, n)

    def finish(self, tally) -> dict:
        out = {}
        for players in sorted(tally["games"]):
            games = tally["games"][players]
            wins = [tally["wins"][players, p].value if (players, p) in tally["wins"] else 0.0
                    for p in range(players)]
            statistic, p = chi_square_uniform(wins)
            rates = [w / games for w in wins]
            out[str(players)] = {"games": games, "wins": [round(w, 6) for w in wins],
                                 "rates": rates, "fair": 1.0 / players, "chi2": statistic,
                                 "df": players - 1, "p": p,
                                 "balance": 1 - (max(rates) - min(rates))}
        return out


def length(record: Record) -> float:
    """A game's length: its rounds when the game counts them, else its actions."""
    return record["rounds"] if "rounds" in record else record["length"]


def histogram_quantile(counts: Mapping[Any, int], q: float) -> float:
    """`stats_math.quantile` of the values a histogram ({value: times}) holds."""
    values = sorted(counts)
    n = sum(counts.values())
    pos = (n - 1) * q
    lo = int(pos // 1)
    hi = min(lo + 1, n - 1)

    def at(i):
        seen = 0
        for v in values:
            seen += counts[v]
            if i < seen:
                return v
        return values[-1]

    a, b = at(lo), at(hi)
    return a + (b - a) * (pos - lo)


class Rounds:
    """Game length (rounds, or actions for a game without rounds): mean, quantiles,
    extremes and a histogram."""

    def empty(self) -> dict:
        return {"lengths": {}, "without_rounds": 0}

    def add(self, tally, index, record) -> None:
        lengths, value = tally["lengths"], length(record)
        lengths[value] = lengths.get(value, 0) + 1
        tally["without_rounds"] += "rounds" not in record

    def finish(self, tally) -> dict:
        counts = tally["lengths"]
        unit = "rounds" if not tally["without_rounds"] else "actions"
        if not counts:
            return {"unit": unit, "mean": 0.0, "p10": 0, "p50": 0, "p90": 0, "min": 0,
                    "max": 0, "histogram": {}}
        total = Sum()
        for value, times in counts.items():
            total.add(value, times)
        marks = {q: histogram_quantile(counts, q) for q in (0.1, 0.5, 0.9)}
        return {"unit": unit, "mean": total.mean(), "p10": marks[0.1], "p50": marks[0.5],
                "p90": marks[0.9], "min": min(counts), "max": max(counts),
                "histogram": {str(k): v for k, v in sorted(counts.items())}}


class EndReason:
    """How many games ended each way (`percent`: rounded to 0.1 so that they add to 100),
    and how many were shared wins."""

    def empty(self) -> dict:
        return {"counts": {}, "shared": 0}

    def add(self, tally, index, record) -> None:
        counts, reason = tally["counts"], record.get("end_reason", "end")
        counts[reason] = counts.get(reason, 0) + 1
        tally["shared"] += len(record["winner"]) > 1

    def finish(self, tally) -> dict:
        counts, games = tally["counts"], sum(tally["counts"].values())
        return {"counts": dict(sorted(counts.items())),
                "share": {k: v / games for k, v in sorted(counts.items())} if games else {},
                "percent": largest_remainder(dict(sorted(counts.items()))),
                "shared_wins": tally["shared"]}


class MetricMeans:
    """Each of the game's per-seat metrics: its mean over player-games and by agent."""

    def __init__(self, metrics: Callable[[Record], Mapping[str, list]] | None):
        self.metrics = metrics

    def empty(self) -> dict:
        return {}

    def add(self, tally, index, record) -> None:
        self.add_batch(tally, ((index, record),))

    def add_batch(self, tally, pairs) -> None:
        """The games of `pairs`: each metric's (agent, value) seats counted at once, then
        added to the agent's `Sum` a distinct value at a time (exact, as one by one)."""
        if self.metrics is None:
            return
        metrics, seen = self.metrics, {}  # name -> {(agent, value): seats}
        for _, record in pairs:
            agents = record["agents"]
            for name, per_seat in metrics(record).items():
                counts = seen.get(name)
                if counts is None:
                    counts = seen[name] = {}
                count_each(counts, zip(agents, per_seat))
        for name, counts in seen.items():
            cell = tally.get(name)
            if cell is None:
                cell = tally[name] = {}
            for (agent, value), n in counts.items():
                total = cell.get(agent)
                if total is None:
                    total = cell[agent] = Sum()
                whole = int(value)
                if whole == value:  # Sum.add's whole case, inline (most metrics count)
                    total.n += n
                    total.whole += whole * n
                else:
                    total.add(value, n)

    def finish(self, tally) -> dict:
        return {name: {"mean": Sum.of(cell.values()).mean(),
                       "by_agent": {a: s.mean() for a, s in sorted(cell.items())}}
                for name, cell in sorted(tally.items())}


class Matchups:
    """The agent × agent matrix (toolkit.sim.matchups)."""

    def empty(self) -> dict:
        return {"agents": set(), "met": {}, "decided": {}, "shares": {}}  # (a, b, share) -> n

    def add(self, tally, index, record) -> None:
        self.add_batch(tally, ((index, record),))

    def add_batch(self, tally, pairs) -> None:
        """The games of `pairs`; the pairs met, decided and their shares counted at once."""
        agents = tally["agents"]
        met, decided, shares = [], [], []
        orders: dict = {}  # players -> the ordered pairs of seats
        for _, record in pairs:
            players = record["players"]
            names = [str(a) for a in record["agents"]]
            agents.update(names)
            results = scores(record, players)
            seats = orders.get(players)
            if seats is None:
                seats = orders[players] = list(permutations(range(players), 2))
            for i, j in seats:
                a, b = names[i], names[j]
                if a == b:
                    continue
                met.append((a, b))
                both = results[i] + results[j]
                if both > 0:
                    decided.append((a, b))
                    shares.append((a, b, results[i] / both))
        count_each(tally["met"], met)
        count_each(tally["decided"], decided)
        count_each(tally["shares"], shares)

    def finish(self, tally) -> dict:
        order = sorted(tally["agents"])
        matrix: dict[str, dict[str, Any]] = {a: {} for a in order}
        shares: dict = {}
        for (a, b, share), n in tally["shares"].items():
            slot(shares, (a, b), list).append((share, n))
        for (a, b), n in sorted(tally["met"].items()):
            d = tally["decided"].get((a, b), 0)
            w = exact(shares.get((a, b), ()))  # the exact sum of a's shares, rounded once
            matrix[a][b] = {"games": n, "decided": d, "wins": round(w, 6),
                            "share": w / d if d else None,
                            "ci95": list(wilson(w, d)) if d else None}
        return {"agents": order, "matrix": matrix}


class Header:
    """Games, player counts and content versions."""

    def empty(self) -> dict:
        return {"games": 0, "players": {}, "hashes": set()}

    def add(self, tally, index, record) -> None:
        tally["games"] += 1
        players, n = tally["players"], record["players"]
        players[n] = players.get(n, 0) + 1
        if "content_hash" in record:
            tally["hashes"].add(record["content_hash"])

    def finish(self, tally) -> dict:
        return tally


class Fits:
    """The fits' compact rows (toolkit.sim.design), one `Rows` a batch."""

    def __init__(self, groups=None, items=None):
        self.groups, self.items = groups, items

    def empty(self) -> dict:
        from toolkit.sim.design import Rows
        return {"chunks": [Rows()]}

    def add(self, tally, index, record) -> None:
        self.add_batch(tally, ((index, record),))

    def add_batch(self, tally, pairs, families_of=None) -> None:
        """The games of `pairs`; `families_of` as WinRate.add_batch's."""
        from toolkit.sim.design import Rows
        if tally["chunks"][-1].sealed:
            tally["chunks"].append(Rows())
        rows, groups, items = tally["chunks"][-1], self.groups, self.items
        made = iter(families_of) if families_of is not None else None
        for index, record in pairs:
            rows.add(index, record,
                     (groups(record) if made is None else next(made)) if groups else None,
                     items(record) if items else None)

    @staticmethod
    def compact(tally, games: int = 2000) -> None:
        """Joins the small batches at the end of the list into one once they hold
        `games` games (a run's rows stay a few hundred arrays)."""
        from toolkit.sim.design import concat
        chunks = tally["chunks"]
        small = [i for i, c in enumerate(chunks) if c.sealed and len(c.index) < games]
        if len(small) > 1 and sum(len(chunks[i].index) for i in small) >= games:
            joined = concat([chunks[i] for i in small])
            tally["chunks"] = [c for i, c in enumerate(chunks) if i not in set(small)] + [joined]

    def finish(self, tally, consume: bool = False):
        """The rows as one design in game order; with `consume`, each batch's rows are let
        go as they are copied (the rows are never held twice; the tally is spent)."""
        from toolkit.sim.design import combine
        return combine(tally["chunks"], consume=consume)


class RunReporters:
    """Every reporter of a run's report: the generic ones, the fits' rows and the game's
    own (`Game.report_tally(catalog)`: empty/add/finish(tally, base) and `items`)."""

    SHARED = ("win_rate", "fits")  # the reporters that read each game's groups

    def __init__(self, game=None, catalog=None):
        groups = self.groups = game.seat_groups if game is not None else None
        self.game_reporter = game.report_tally(catalog) if game is not None else None
        items = getattr(self.game_reporter, "items", None)
        self.parts: dict[str, Any] = {
            "header": Header(), "win_rate": WinRate(groups), "seat_fairness": SeatFairness(),
            "rounds": Rounds(), "end_reason": EndReason(),
            "metrics": MetricMeans(game.metrics if game is not None else None),
            "matchups": Matchups(), "unused": Unused(catalog), "fits": Fits(groups, items)}
        if self.game_reporter is not None:
            self.parts["game"] = self.game_reporter
        self._adds = [(name, part.add) for name, part in self.parts.items()]

    def empty(self) -> dict:
        return {name: part.empty() for name, part in self.parts.items()}

    def add(self, tally: dict, index: int, record: Record) -> None:
        for name, add in self._adds:
            add(tally[name], index, record)

    def add_all(self, tally: dict, pairs) -> dict:
        """Adds the games of `pairs` ((index, record), in game order): a batch at a time to
        each reporter that has `add_batch(tally, pairs)`, a game at a time to the others."""
        pairs = pairs if isinstance(pairs, (list, tuple)) else list(pairs)
        groups = self.groups  # each game's groups made once, for the win rates and the fits
        families = [groups(record) for _, record in pairs] if groups is not None else None
        for name, part in self.parts.items():
            whole = getattr(part, "add_batch", None)
            if whole is not None:
                if name in self.SHARED:
                    whole(tally[name], pairs, families)
                else:
                    whole(tally[name], pairs)
                continue
            add, into = part.add, tally[name]
            for index, record in pairs:
                add(into, index, record)
        return tally

    def seal(self, tally: dict) -> dict:
        """The batch's tally as sent to the parent: the fits' rows as arrays, every other
        reporter's tally packed flat (`toolkit.sim.tally.Packed`: cheap to send and
        merge)."""
        for chunk in tally["fits"]["chunks"]:
            chunk.seal()
        for name, part in tally.items():
            if name != "fits" and type(part) is dict:
                tally[name] = Packed.of(part)
        return tally

    @staticmethod
    def merge(into: dict, other: dict) -> dict:
        """Adds a batch's tally into the run's (its fits' rows joined as they grow)."""
        merge(into, other)
        Fits.compact(into["fits"])
        return into


class KeptRecords:
    """A game's `report_sections` as a reporter that keeps its records (for a game without
    its own `report_tally`: the parent then holds every record)."""

    def __init__(self, game, catalog):
        self.game, self.catalog = game, catalog

    def empty(self) -> dict:
        return {"records": []}

    def add(self, tally, index, record) -> None:
        tally["records"].append((index, record))

    def finish(self, tally, base=None) -> dict:
        records = [r for _, r in sorted(tally["records"], key=lambda pair: pair[0])]
        return self.game.report_sections(records, self.catalog)
