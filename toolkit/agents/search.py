"""The generic `search` agent: flat Monte Carlo over determinized worlds, for any game.

For each decision with more than one legal action it samples `budget` worlds consistent with
what its seat sees (`game.determinize(observation, seat, rng)`), rounds the budget over the
legal actions so that every action is tried on the same worlds (a paired comparison), plays
each trial to the end with uniformly random moves for every seat, and picks the action
with the best mean result (`game.results` share of its seat). A rollout longer than
MAX_ROLLOUT actions scores an even share. `search:N` sets the budget (rollouts per decision,
default DEFAULT_BUDGET); ties go to the earliest legal action, so play is deterministic for
a seed. A game may offer a stronger search of its own under the same name.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from toolkit.agents.base import parse_budget, register

DEFAULT_BUDGET = 64
MAX_ROLLOUT = 2_000


class SearchAgent:
    """Determinized flat Monte Carlo with random rollouts."""

    name = "search"

    def __init__(self, game, seat: int, rng: random.Random, budget: int = DEFAULT_BUDGET):
        self.game = game
        self.seat = seat
        self.rng = rng
        self.budget = budget

    def choose(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        game = self.game
        totals = [0.0] * len(legal_actions)
        rounds = max(1, self.budget // len(legal_actions))
        for _ in range(rounds):
            world = game.determinize(observation, self.seat, self.rng)
            seed = self.rng.getrandbits(32)
            for i, action in enumerate(legal_actions):
                totals[i] += self._rollout(game.clone(world), action, seed)
        best = max(range(len(totals)), key=lambda i: (totals[i], -i))
        return legal_actions[best]

    def _rollout(self, world, action, seed: int) -> float:
        """Apply `action`, then random moves for every seat; this seat's share of the win."""
        game = self.game
        rng = random.Random(seed)
        world = game.apply_action(world, action)
        for _ in range(MAX_ROLLOUT):
            if game.is_terminal(world):
                return game.results(world)[self.seat]
            legal = game.legal_actions(world)
            world = game.apply_action(world, legal[int(rng.random() * len(legal))])
        if game.is_terminal(world):
            return game.results(world)[self.seat]
        try:  # unfinished: an even share, so no action gains from a long rollout
            return 1.0 / max(1, len(game.results(world)))
        except Exception:
            return 0.0


def paired_verdict(values: list[list[float]], min_gain: float = 0.0,
                   confidence: float = 2.0) -> int:
    """Index of the winning candidate of a paired comparison: `values[i][k]` is candidate
    i's value on world k (the same world and dice for every candidate), index 0 the
    default (a policy's favourite). The default stays unless a rival beats it by a mean
    difference above `min_gain` and above `confidence` standard errors of the paired
    differences; among such rivals, the largest mean gain."""
    best, best_gain = 0, 0.0
    for i in range(1, len(values)):
        diffs = [b - a for a, b in zip(values[0], values[i])]
        n = len(diffs)
        if n < 2:
            continue
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean > max(best_gain, min_gain, confidence * (var / n) ** 0.5):
            best, best_gain = i, mean
    return best


@register("search")
def make_search(game, catalog, seat: int, rng: random.Random, arg: str | None) -> SearchAgent:
    return SearchAgent(game, seat, rng, parse_budget(arg, DEFAULT_BUDGET))
