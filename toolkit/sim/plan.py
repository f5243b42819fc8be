"""What a simulation run plays: each game's seed, player count and agent line-up.

Everything is derived from the master seed and the game index alone, so a run of N games is
the first N games of any longer run with the same options, whatever the worker count.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections import deque
from dataclasses import dataclass
from typing import Iterable, Iterator

from toolkit.errors import UsageError

MIXED = "mixed"
MAX_PLAYERS = 64  # before game.yaml is read; its players.min..max decide then


def seed_for(master: int, index: int) -> int:
    """The seed of game `index` of a run with this master seed (sha256-derived, stable)."""
    digest = hashlib.sha256(f"caravans-sim:{master}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 11  # 53 bits: exact in JSON readers too


def parse_players(text: str, allowed: tuple[int, int] | None = None) -> list[int]:
    """`3` or `2-4` as the list of player counts, checked against the game's (min, max)."""
    match = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", str(text))
    if not match:
        raise UsageError(f"--players: expected a number or a range like 2-4, got '{text}'")
    lo = int(match.group(1))
    hi = int(match.group(2) or lo)
    if lo > hi:
        raise UsageError(f"--players: the range {lo}-{hi} is empty")
    if lo < 1 or hi > MAX_PLAYERS:
        raise UsageError(f"--players: expected 1 to {MAX_PLAYERS} players, got '{text}'")
    if allowed and (lo < allowed[0] or hi > allowed[1]):
        raise UsageError(f"--players: this game takes {allowed[0]}-{allowed[1]} players, "
                         f"got '{text}'")
    return list(range(lo, hi + 1))


@dataclass(frozen=True)
class LineupSpec:
    """`--agents` as given: a fixed list (one name per seat) or the mixed draw."""

    names: tuple[str, ...]
    styles: tuple[str, ...] = ()

    @property
    def mixed(self) -> bool:
        return not self.names

    def text(self) -> str:
        return MIXED if self.mixed else ",".join(self.names)

    def for_game(self, seed: int, players: int) -> list[str]:
        """The agents of one game, seat by seat."""
        if not self.mixed:
            return list(self.names[:players])
        rng = random.Random(hashlib.sha256(f"lineup:{seed}".encode()).digest())
        return [rng.choice(self.styles) for _ in range(players)]


def parse_agents(text: str, max_players: int, game, catalog) -> LineupSpec:
    """`--agents a,b,c,d` or `mixed`, each name checked against the agents of `game` (its
    own, for this project, and the generic ones); `mixed` draws from `game.mixed_agents`."""
    from toolkit.agents import agent_names

    text = (text or "").strip()
    if text == MIXED:
        styles = tuple(sorted(game.mixed_agents(catalog)))
        if not styles:
            raise UsageError("--agents mixed: this game offers no agents to mix")
        return LineupSpec((), styles)
    names = tuple(n.strip() for n in text.split(","))
    if not text or any(not n for n in names):
        raise UsageError(f"--agents: expected a comma list of agent names or 'mixed', got '{text}'")
    known = agent_names(game, catalog)
    for name in names:
        if name.partition(":")[0] not in known:
            raise UsageError(f"--agents: unknown agent '{name}' (known: {', '.join(known)}, "
                             "mixed)")
    if len(names) == 1:
        names = names * max_players
    if len(names) < max_players:
        raise UsageError(f"--agents: {len(names)} names for up to {max_players} players; "
                         "give one per seat (or a single name for every seat)")
    if len(names) > max_players:
        raise UsageError(f"--agents: {len(names)} names for at most {max_players} players; "
                         "give one per seat (or a single name for every seat)")
    return LineupSpec(names)


@dataclass(frozen=True, slots=True)
class Game:
    """One game to play: its index in the run, its seed and its agents (one per seat)."""

    index: int
    seed: int
    agents: tuple[str, ...]


def rotates(spec: LineupSpec, players: int, rotate: bool = True) -> bool:
    """Whether a run seats this line-up in every rotation: a fixed line-up of different
    agents, unless turned off (a mixed draw moves every style through every seat anyway,
    and rotating one agent in every seat would replay the same game)."""
    return rotate and not spec.mixed and len(set(spec.names[:players])) > 1


def plan_games(master: int, count: int, player_counts: list[int], spec: LineupSpec,
               start: int = 0, rotate: bool = True) -> list[Game]:
    """Games start..start+count-1 of the run `RunPlan(master, player_counts, spec, rotate)`
    as a list (one tuple a distinct line-up)."""
    plan = RunPlan(master, tuple(player_counts), spec, rotate)
    lineups: dict[tuple, tuple] = {}  # one tuple a distinct line-up (a long run's plan)
    return [Game(g.index, g.seed, lineups.setdefault(g.agents, g.agents))
            for g in plan.games(range(start, start + count))]


@dataclass(frozen=True)
class RunPlan:
    """A run's plan as its rule, not a list: game `index` of every run with these options
    (master seed, player counts, line-up, rotation) is `game(index)`, so a batch travels
    as the plan and its game indices and the worker derives its games. Player counts come
    in turn, seeds from the master seed. A fixed line-up of different agents is rotated
    (see `rotates`): the games of one player count come in groups of `players`, one seed a
    group (the seed of its first game), and in the r-th game of a group the line-up is
    turned by r seats, so each agent plays the same deal from every seat and agent and seat
    are not confounded."""

    master: int
    player_counts: tuple[int, ...]
    spec: LineupSpec
    rotate: bool = True

    def game(self, index: int) -> Game:
        counts = len(self.player_counts)
        players = self.player_counts[index % counts]
        turn = (index // counts) % players if rotates(self.spec, players, self.rotate) else 0
        seed = seed_for(self.master, index - turn * counts)
        agents = self.spec.for_game(seed, players)
        return Game(index, seed, tuple(agents[(s - turn) % players] for s in range(players)))

    def games(self, indices: Iterable[int]) -> Iterator[Game]:
        return (self.game(i) for i in indices)


class Todo:
    """The games of a run still to play, as ranges of indices (one range unless a resumed
    run saved some); `take(n)` hands out the next n in order: a range when they are
    consecutive, else a tuple."""

    def __init__(self, count: int, saved: Iterable[int] = ()):
        self.ranges: deque[range] = deque()
        start = 0
        for index in sorted(set(saved)):
            if index >= count:
                break
            if index > start:
                self.ranges.append(range(start, index))
            start = index + 1
        if start < count:
            self.ranges.append(range(start, count))
        self.left = sum(len(r) for r in self.ranges)

    def __len__(self) -> int:
        return self.left

    def take(self, n: int) -> range | tuple[int, ...]:
        parts = []
        while n > 0 and self.ranges:
            first = self.ranges.popleft()
            if len(first) > n:
                self.ranges.appendleft(first[n:])
                first = first[:n]
            parts.append(first)
            n -= len(first)
        self.left -= sum(len(r) for r in parts)
        if len(parts) == 1:
            return parts[0]
        return tuple(i for r in parts for i in r)
