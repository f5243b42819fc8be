"""Shortest paths on the region graph of a catalog, for agents that walk toward a goal."""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import Iterable, Mapping


@lru_cache(maxsize=16)
def distances(catalog) -> Mapping[str, Mapping[str, int]]:
    """region -> region -> number of moves between them (breadth-first, all pairs)."""
    graph = {rid: tuple(r.adjacent) for rid, r in catalog.regions.items()}
    return {start: _bfs(graph, start) for start in graph}


def _bfs(graph: Mapping[str, tuple[str, ...]], start: str) -> dict[str, int]:
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in graph.get(here, ()):
            if nxt not in seen:
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    return seen


def distance(catalog, a: str, b: str) -> int:
    """Moves from region a to region b (a large number when unreachable)."""
    return distances(catalog).get(a, {}).get(b, 99)


def nearest(catalog, here: str, goals: Iterable[str]) -> tuple[str | None, int]:
    """The closest of `goals` to `here` and its distance (None, 99 when there is none)."""
    best, best_d = None, 99
    for goal in sorted(set(goals)):
        d = distance(catalog, here, goal)
        if d < best_d:
            best, best_d = goal, d
    return best, best_d


def progress(catalog, here: str, there: str, goals: Iterable[str]) -> int:
    """How many moves closer to the nearest goal a step from `here` to `there` brings
    (1 closer, 0 same, -1 farther)."""
    goals = list(goals)
    return nearest(catalog, here, goals)[1] - nearest(catalog, there, goals)[1]
