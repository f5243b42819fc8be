"""The `random` agent: a uniform choice among the legal actions (the baseline to beat)."""

from __future__ import annotations

import random
from typing import Any, Sequence

from toolkit.agents.base import register


class RandomAgent:
    """Picks uniformly from the legal actions with its own seeded stream."""

    name = "random"
    observes = False  # needs no observation: the runner may pass None

    def __init__(self, seat: int, rng: random.Random):
        self.seat = seat
        self.rng = rng

    def choose(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        return legal_actions[self.rng.randrange(len(legal_actions))]


@register("random")
def make_random(game, catalog, seat: int, rng: random.Random, arg: str | None) -> RandomAgent:
    if arg is not None:
        from toolkit.errors import UsageError
        raise UsageError(f"agent 'random' takes no argument, got 'random:{arg}'")
    return RandomAgent(seat, rng)
