"""Per-content tables the heuristic players read at every decision, built once per Rules.

Hero stats, check dice and open taverns: the engine's `hero_stat`, `dice_for` and
`open_taverns` pass a value through the effects of the seat's hero, followers, party
equipment and weapons (the `hero_stat`, `dice`, `enter_wanted` and `ignore` hooks) and of
the events in force (`war`). In the bundled operations at these hooks the answer depends
on nothing but those cards (and, for taverns, the seat's bounty and the events), so it is
kept per (cards, stat, checks) or (cards, bounty, events) and reused by every seat,
decision and game on the same content. Content with another operation at these
hooks asks the engine every time, and so does a run with effect observers (`toolkit check`
counting the operations fired).

The board as flat integers: regions numbered in sorted order, and the distance matrix
as one flat tuple (`FAR` where there is no path), for the pull kernel (goalpull.py).
"""

from __future__ import annotations

from functools import lru_cache

from toolkit.games.caravans.engine import effects
from toolkit.games.caravans.engine.checks import dice_for as engine_dice_for
from toolkit.games.caravans.engine.checks import hero_stat as engine_hero_stat
from toolkit.games.caravans.engine.turn import open_taverns as engine_open_taverns

FAR = 99  # steps between regions with no path (view.dist, plan.pull)
# the operations that may answer a hook whose answer the tables keep by the seat's cards:
# they read only their parameters and the hook's arguments
PURE_OPS = {"hero_stat": frozenset({"modify_hero_stat"}), "dice": frozenset({"extra_die"}),
            "enter_wanted": frozenset({"enter_wanted_taverns"}),
            "ignore": frozenset({"ignore_event"}), "war": frozenset({"war"})}
KEPT_MAX = 200_000  # entries kept per content before the table starts afresh


class Stats:
    """The kept answers of one content, and whether its operations allow keeping them."""

    __slots__ = ("pure", "kept")

    def __init__(self, rules):
        table = rules.compiled or effects.compiled(rules)
        self.pure = all(op in PURE_OPS[hook] for hook in PURE_OPS
                        for ops in table.get(hook, {}).values() for op, _fn, _p in ops)
        self.kept: dict = {}


@lru_cache(maxsize=16)
def stats_of(rules) -> Stats:
    return Stats(rules)


def _cards(player) -> tuple:
    """The sources the engine walks for the seat's stats (effects.fire's order)."""
    party = player.party
    return (player.hero, tuple(player.followers),
            tuple(party.equipment) if party is not None else (), tuple(player.weapons))


def _kept(obs, key: tuple, engine, *args):
    """engine(obs, *args), kept in the content's table under `key` (the cards and other
    inputs the answer depends on), or asked afresh when the content is not pure."""
    table = stats_of(obs.rules)
    if not table.pure or effects.OBSERVERS:
        return engine(obs, *args)
    kept = table.kept
    value = kept.get(key)
    if value is None:
        if len(kept) >= KEPT_MAX:
            kept.clear()
        value = kept[key] = engine(obs, *args)
    return value


def hero_stat(obs, seat: int, stat: str) -> int:
    """engine.checks.hero_stat, kept per (hero, followers, equipment, weapons)."""
    return _kept(obs, (_cards(obs.players[seat]), stat), engine_hero_stat, seat, stat)


def dice_for(obs, seat: int, stat: str, *checks: str) -> int:
    """engine.checks.dice_for (equipment counted), kept like hero_stat."""
    return _kept(obs, (_cards(obs.players[seat]), stat, checks), engine_dice_for, seat,
                 stat, *checks)


def open_taverns(obs, seat: int) -> tuple:
    """engine.turn.open_taverns, kept per (cards, bounty, events in force): the only
    inputs of the `enter_wanted`, `ignore` and `war` answers it asks for."""
    player = obs.players[seat]
    key = ("open", _cards(player), tuple(player.bounty.items()),
           tuple([event for event, _turns in obs.active_events]))
    return _kept(obs, key, engine_open_taverns, seat)


class Board:
    """Regions as 0..n-1 (`index`) and the distance matrix `dist[a * n + b]`."""

    __slots__ = ("index", "n", "dist")

    def __init__(self, rules):
        regions = sorted({a for a, _b in rules.dist} | {b for _a, b in rules.dist}
                         | set(rules.c.regions))
        self.index = {region: i for i, region in enumerate(regions)}
        self.n = n = len(regions)
        flat = [FAR] * (n * n)
        for (a, b), steps in rules.dist.items():
            flat[self.index[a] * n + self.index[b]] = steps
        self.dist = tuple(flat)


@lru_cache(maxsize=16)
def board_of(rules) -> Board:
    return Board(rules)
