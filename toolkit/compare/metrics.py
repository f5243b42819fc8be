"""The questions `toolkit compare` asks of two content versions: per-hero, per-party and
per-seat win rates, hero and seat balance, game length and glory by source; each metric is a
smooth function of per-unit sums, so one paired estimator (estimate.py) serves them all.

A *unit* is one seed played in every seat rotation of the line-up; its sums (wins and
appearances per hero, rounds, glory per source, …) are read from the game records.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Mapping

from toolkit.errors import UsageError
from toolkit.sim.stats import score, turn_position

Sums = Mapping[str, float]

# the glory sources of a game record (docs/architecture.md, game_record)
GLORY_SOURCES = ("defeat", "sell", "raid", "mission", "rumor", "large_party", "stash")
DEFAULT_TOLERANCES = {"win": 0.02, "balance": 0.01, "rounds": 0.5, "glory": 0.1}


@dataclass(frozen=True)
class Metric:
    """One question: its name (`hero:ash_sage`), label, tolerance family, the sums it reads
    and how its value follows from their per-unit means."""

    name: str
    label: str
    family: str                      # win | balance | rounds | glory (tolerance and units)
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


def unit_sums(records: list[dict], players: int) -> dict[str, float]:
    """The sums of one unit (one version's games of one seed, every rotation). A win counts
    1/k when shared by k; seats are turn positions (seat 1 = the first player)."""
    out: dict[str, float] = {}

    def add(key: str, amount: float) -> None:
        out[key] = out.get(key, 0.0) + amount

    for record in records:
        add("games", 1)
        add("seat_games", players)
        add("rounds", record["rounds"])
        for seat in range(players):
            won = score(record, seat)
            add(f"seat_w:{turn_position(record, seat)}", won)
            for kind, ids in (("hero", record["heroes"]), ("party", record["parties"])):
                add(f"{kind}_n:{ids[seat]}", 1)
                add(f"{kind}_w:{ids[seat]}", won)
            for source, glory in record["glory_by_source"][seat].items():
                add(f"glory:{source}", glory)
    return out


def _name(catalogs, id_: str) -> str:
    for catalog in catalogs:
        if id_ in catalog.names:
            return catalog.names[id_]["en"]
    return id_


def _starting_parties(catalog) -> list[str]:
    listed = list(catalog.game.starting.parties)
    flagged = [i for i, p in catalog.parties.items() if getattr(p, "starting", False)]
    return listed + [i for i in flagged if i not in listed]


def build_metrics(baseline, candidate, players: int) -> list[Metric]:
    """Every metric both catalogs can answer (ids in both versions), in report order."""
    cats = (candidate, baseline)
    fair = 1.0 / players
    heroes = [h for h in baseline.heroes if h in candidate.heroes]
    parties = [p for p in _starting_parties(baseline) if p in _starting_parties(candidate)]
    out = [Metric(f"hero:{h}", f"hero {_name(cats, h)}", "win", (f"hero_w:{h}", f"hero_n:{h}"),
                  _ratio(f"hero_w:{h}", f"hero_n:{h}")) for h in heroes]
    out += [Metric(f"party:{p}", f"starting party {_name(cats, p)}", "win",
                   (f"party_w:{p}", f"party_n:{p}"), _ratio(f"party_w:{p}", f"party_n:{p}"))
            for p in parties]
    out += [Metric(f"seat:{s}", f"seat {s + 1}" + (" (first player)" if s == 0 else ""), "win",
                   (f"seat_w:{s}", "games"), _ratio(f"seat_w:{s}", "games"))
            for s in range(players)]
    hero_pairs = [(f"hero_w:{h}", f"hero_n:{h}") for h in heroes]
    seat_pairs = [(f"seat_w:{s}", "games") for s in range(players)]
    out.append(Metric("hero_balance", "hero balance (spread of hero win rates)", "balance",
                      tuple(k for p in hero_pairs for k in p), _spread(hero_pairs, fair)))
    out.append(Metric("seat_balance", "seat balance (spread of seat win rates)", "balance",
                      tuple(k for p in seat_pairs for k in p) , _spread(seat_pairs, fair)))
    out.append(Metric("rounds", "game length", "rounds", ("rounds", "games"),
                      _ratio("rounds", "games")))
    out += [Metric(f"glory:{g}", f"glory from {g.replace('_', ' ')}", "glory",
                   (f"glory:{g}", "seat_games"), _ratio(f"glory:{g}", "seat_games"))
            for g in GLORY_SOURCES]
    return out


def select(metrics: list[Metric], wanted: tuple[str, ...]) -> list[Metric]:
    """The metrics named by --metric (all of them when none is given)."""
    if not wanted:
        return metrics
    by_name = {m.name: m for m in metrics}
    missing = [w for w in wanted if w not in by_name]
    if missing:
        known = ", ".join(sorted(by_name))
        raise UsageError(f"--metric: unknown metric '{missing[0]}' (known: {known})")
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
