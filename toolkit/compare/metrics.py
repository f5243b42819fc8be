"""The questions `toolkit compare` asks of two content versions, for any game: win rates
per seat and per id of each of the game's groups (`Game.seat_groups`, e.g. per hero and per
starting party), balance of the first group and of the seats, game length, and each of the
game's per-seat metrics (`Game.metrics`, e.g. glory by source) and, for the ids an edit
touched, the game's metrics about them (`Game.id_metrics`, e.g. a card's use); each metric is a smooth
function of per-unit sums, so one paired estimator (estimate.py) serves them all.

A *unit* is one seed played in every seat rotation of the line-up; its sums (wins and
appearances per group id, length, metric totals, …) are read from the game records.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Mapping

from toolkit.errors import UsageError
from toolkit.sim.stats import score, turn_position

Sums = Mapping[str, float]

# a game metric named "family:key" uses the tolerance of its family when there is one
# (glory:raid -> glory), else "metric"
DEFAULT_TOLERANCES = {"win": 0.02, "balance": 0.01, "rounds": 0.5, "glory": 0.1,
                      "use": 0.05, "metric": 0.1}


@dataclass(frozen=True)
class Metric:
    """One question: its name (`hero:ash_sage`), label, tolerance family, the sums it reads
    and how its value follows from their per-unit means."""

    name: str
    label: str
    family: str                      # a key of DEFAULT_TOLERANCES (tolerance and units)
    keys: tuple[str, ...]
    value: Callable[[Sums], float | None]

    @property
    def percent(self) -> bool:
        return self.family in ("win", "balance")


def _ratio(num: str, den: str) -> Callable[[Sums], float | None]:
    def value(s: Sums) -> float | None:
        d = s.get(den, 0.0)
        return s.get(num, 0.0) / d if d > 0 else None
    return value


def _spread(pairs: list[tuple[str, str]], fair: float) -> Callable[[Sums], float | None]:
    """Root-mean-square distance of several win rates from the fair share."""
    def value(s: Sums) -> float | None:
        rates = [s.get(w, 0.0) / s[n] for w, n in pairs if s.get(n, 0.0) > 0]
        if not rates:
            return None
        return math.sqrt(sum((r - fair) ** 2 for r in rates) / len(rates))
    return value


def unit_sums(records: list[dict], players: int, game, ids=()) -> dict[str, float]:
    """The sums of one unit (one version's games of one seed, every rotation). A win counts
    1/k when shared by k; seats are turn positions (seat_w:0 = the first player); `ids` are
    the touched ids whose `Game.id_metrics` are summed too."""
    from toolkit.sim.stats import length
    out: dict[str, float] = {}

    def add(key: str, amount: float) -> None:
        out[key] = out.get(key, 0.0) + amount

    for record in records:
        add("games", 1)
        add("seat_games", players)
        add("rounds", length(record))
        groups = game.seat_groups(record)
        for name, per_seat in game.metrics(record).items():
            add(f"m:{name}", sum(per_seat))
        if ids:
            for name, per_seat in game.id_metrics(record, ids).items():
                add(f"m:{name}", sum(per_seat))
        for seat in range(players):
            won = score(record, seat)
            add(f"seat_w:{turn_position(record, seat)}", won)
            for kind, ids in groups.items():
                add(f"{kind}_n:{ids[seat]}", 1)
                add(f"{kind}_w:{ids[seat]}", won)
    return out


def _name(catalogs, id_: str) -> str:
    for catalog in catalogs:
        if id_ in catalog.names:
            return catalog.names[id_]["en"]
    return id_


def _family(name: str) -> str:
    prefix = name.partition(":")[0]
    return prefix if prefix in DEFAULT_TOLERANCES and prefix not in ("win", "balance",
                                                                     "rounds") else "metric"


def observed_groups(game, records) -> dict[str, list[str]]:
    """The ids each seat group of `Game.seat_groups` took in these records (sorted), for a
    group the game's `group_ids` does not list (e.g. Root's factions)."""
    out: dict[str, set] = {}
    for record in records:
        for kind, ids in game.seat_groups(record).items():
            out.setdefault(kind, set()).update(str(i) for i in ids)
    return {kind: sorted(ids) for kind, ids in out.items()}


def build_metrics(baseline, candidate, players: int, game,
                  metric_names: list[str] | None = None, extra_groups=None) -> list[Metric]:
    """Every metric both catalogs can answer (ids in both versions), in report order.
    `metric_names` are the game's per-seat metrics (from a record of the baseline);
    `extra_groups` ({kind: ids}) adds seat groups the catalogs do not list, first."""
    cats = (candidate, baseline)
    fair = 1.0 / players
    ids_a = {**(extra_groups or {}), **game.group_ids(baseline)}
    ids_b = {**(extra_groups or {}), **game.group_ids(candidate)}
    out, first_pairs = [], None
    for kind, ids in ids_a.items():
        shared = [i for i in ids if i in ids_b.get(kind, ())]
        out += [Metric(f"{kind}:{i}", f"{kind.replace('_', ' ')} {_name(cats, i)}", "win",
                       (f"{kind}_w:{i}", f"{kind}_n:{i}"), _ratio(f"{kind}_w:{i}", f"{kind}_n:{i}"))
                for i in shared]
        if first_pairs is None:
            first_pairs = (kind, [(f"{kind}_w:{i}", f"{kind}_n:{i}") for i in shared])
    out += [Metric(f"seat:{s + 1}", f"seat {s + 1}" + (" (first player)" if s == 0 else ""), "win",
                   (f"seat_w:{s}", "games"), _ratio(f"seat_w:{s}", "games"))
            for s in range(players)]
    if first_pairs is not None:
        kind, pairs = first_pairs
        out.append(Metric(f"{kind}_balance", f"{kind} balance (spread of {kind} win rates)",
                          "balance", tuple(k for p in pairs for k in p), _spread(pairs, fair)))
    seat_pairs = [(f"seat_w:{s}", "games") for s in range(players)]
    out.append(Metric("seat_balance", "seat balance (spread of seat win rates)", "balance",
                      tuple(k for p in seat_pairs for k in p), _spread(seat_pairs, fair)))
    out.append(Metric("rounds", "game length", "rounds", ("rounds", "games"),
                      _ratio("rounds", "games")))
    out += [Metric(name, _label(name, cats), _family(name),
                   (f"m:{name}", "seat_games"), _ratio(f"m:{name}", "seat_games"))
            for name in metric_names or ()]
    return out


def _label(name: str, catalogs) -> str:
    """`glory:raid` -> 'glory from raid'; `use:orb` -> 'use of Orb of Lightning'."""
    head, sep, key = name.partition(":")
    if head == "use" and sep:
        return f"use of {_name(catalogs, key)}"
    return name.replace(":", " from ").replace("_", " ")


def mentions(metric: Metric, ids) -> bool:
    """Whether a metric is about one of `ids` (`hero:kharza`, `use:orb`, `x:kharza:y`)."""
    parts = metric.name.split(":")
    return any(part in ids for part in parts[1:]) or metric.name in ids


def select(metrics: list[Metric], wanted: tuple[str, ...]) -> list[Metric]:
    """The metrics named by --metric (all of them when none is given)."""
    if not wanted:
        return metrics
    by_name = {m.name: m for m in metrics}
    missing = [w for w in wanted if w not in by_name]
    if missing:
        import difflib
        close = difflib.get_close_matches(missing[0], list(by_name), n=1)
        if missing[0] == "seat:0" and "seat:1" in by_name:
            close = ["seat:1"]   # seats count from 1 (the first player)
        hint = f"did you mean '{close[0]}'? " if close else ""
        known = ", ".join(sorted(by_name))
        raise UsageError(f"--metric: unknown metric '{missing[0]}' ({hint}known: {known})")
    return [by_name[w] for w in dict.fromkeys(wanted)]


def parse_tolerances(items: tuple[str, ...]) -> dict[str, float]:
    """`--tolerance win=2` (percentage points for win and balance, plain units otherwise)."""
    out = dict(DEFAULT_TOLERANCES)
    for item in items:
        family, sep, text = item.partition("=")
        family = family.strip()
        try:
            value = float(text)
        except ValueError:
            value = -1.0
        if not sep or family not in out or value <= 0:
            raise UsageError(f"--tolerance: expected FAMILY=VALUE with FAMILY one of "
                             f"{', '.join(out)} and VALUE > 0, got '{item}'")
        out[family] = value / 100 if family in ("win", "balance") else value
    return out
