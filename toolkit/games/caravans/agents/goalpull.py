"""The pull of a position over flat integer data: the readable reference (and the fallback)
of the compiled `goalpull_c.pyx`, which must return exactly the same floats.

A seat's goals, best first, are kept as parallel lists: region number, where (ANY, TAVERN,
OUT) and value, plus the fading per action (`fades[n]`, 0 beyond the table). The board is
the distance matrix `dist[a * n + b]` of tables.Board. `Goals.best(board, region, inside)`
is the best goal value faded by the actions needed to reach it from the position: moves
along shortest paths, plus entering or leaving the tavern. plan.pull subtracts the danger.
"""

from __future__ import annotations

ANY, TAVERN, OUT = 0, 1, 2
WHERE = {"any": ANY, "tavern": TAVERN, "out": OUT}


class Goals:
    """A seat's goals, highest value first, as flat lists."""

    __slots__ = ("regions", "wheres", "values", "fades")

    def __init__(self, regions, wheres, values, fades):
        self.regions, self.wheres = list(regions), list(wheres)
        self.values, self.fades = [float(x) for x in values], [float(x) for x in fades]

    def best(self, dist, n: int, region: int, inside: bool, skip: int = -1) -> float:
        """The best goal's value faded by the actions from (region, inside); 0 if none.
        The tavern goal of region `skip` is left out (visited this turn: plan.goals)."""
        fades = self.fades
        best = 0.0
        for goal, where, value in zip(self.regions, self.wheres, self.values):
            if value <= best:  # best first: no later goal can do better
                break
            if goal == skip and where == TAVERN:
                continue
            if region == goal:
                steps = 0 if where == ANY or (where == TAVERN) == inside else 1
            else:
                steps = dist[region * n + goal] + inside + (where == TAVERN)
            value *= fades[steps] if steps < len(fades) else 0.0
            if value > best:
                best = value
        return best
