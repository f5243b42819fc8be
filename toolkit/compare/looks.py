"""When the sequential test looks at the data: after how many seeds (units), and the
seeds a run may play under its cap of paired games."""

from __future__ import annotations

from toolkit.compare.sequential import MIN_UNITS

LOOK_UNITS = 4       # seeds between two looks after the first, at least (default schedule)


def capped(units, max_games: int):
    """The units while their games fit under the cap (each unit: one game per rotation)."""
    played = 0
    for seed, turns in units:
        if played + len(turns) > max_games:
            return
        played += len(turns)
        yield seed, turns


def look_after(fed: int) -> int:
    """Seeds to add before the next look, `fed` seeds seen so far (the default schedule):
    the first look after MIN_UNITS seeds, then every LOOK_UNITS seeds or a quarter of the
    seeds so far, whichever is more. Early looks catch a big change at once; sparser later
    ones keep a long run's plug-in variance honest (docs/performance-compare.md)."""
    return MIN_UNITS if fed == 0 else max(LOOK_UNITS, fed // 4, MIN_UNITS - fed)


def due(options, fed: int, pending: list) -> bool:
    """Whether to look now (--batch N: every N paired games, the first after MIN_UNITS
    seeds at the least)."""
    if options.batch:
        return (fed + len(pending) >= MIN_UNITS
                and sum(len(unit[1]) for unit, _, _ in pending) >= options.batch)
    return len(pending) >= look_after(fed)
