"""The game's own agent: `warlord`, a greedy heuristic. It starts with a random hand that
gives both power and economy, keeps its rows full (fighters in front, earners behind), buys
the best card it can afford, defeats what it can for spoils, strikes rivals once free to,
turns spare power into economy, and never gives anything away in a trade."""

from __future__ import annotations

import random
from typing import Any, Sequence


class Warlord:
    name = "warlord"
    observes = True

    def __init__(self, seat: int, rng: random.Random):
        self.seat = seat
        self.rng = rng

    def choose(self, obs: Any, legal: Sequence[tuple]) -> tuple:
        if legal[0][0] == "start":
            return self.start(obs, legal)
        best, best_score = legal[0], None
        self.fight = any(a[0] in ("strike", "defeat") for a in legal)
        for action in legal:
            score = self.score(obs, action) + self.rng.random() * 0.01
            if best_score is None or score > best_score:
                best, best_score = action, score
        return best

    def start(self, s, legal):
        """Any starting hand that gives both power and economy, drawn by its own stream, so
        that the balance report compares starting hands (its `start_hand` groups)."""
        specs = [s.t.specs[cid] for cid in s.t.basics]

        def gives(action, stat):
            return sum(n * getattr(spec, stat) for n, spec in zip(action[1:], specs)) > 0
        good = [a for a in legal if gives(a, "power") and gives(a, "economy")] or list(legal)
        return good[self.rng.randrange(len(good))]

    def score(self, s, a) -> float:
        kind = a[0]
        if kind == "accept":       # a gift is welcome; parting with cards is not
            return 1.0 if not s.pending[6] else -1.0
        if kind == "decline":
            return 0.0
        if kind == "wipe":
            return s.spec(a[2]).price if a[2] >= 0 else 0
        if kind == "plague":
            return a[1]
        if kind == "take_back":
            return -1.0
        if kind in ("finish", "end"):
            return 0.0
        p = s.players[self.seat]
        if kind == "place":
            spec = s.spec(a[1])
            value = spec.power + spec.economy + 1
            fighter = spec.power >= spec.economy     # fighters in front, earners behind
            return 50 + value + (0.5 if (a[2] == "front") == fighter else 0)
        if kind == "buy":
            spec = s.spec(s.wilds[a[1]])
            if spec.kind == "effect":
                return 20 + spec.amount
            return 20 + spec.power + 1.5 * spec.economy - 0.2 * spec.price
        if kind == "defeat":
            return 30 + s.spec(s.wilds[a[1]]).spoils
        if kind == "strike":
            return 40 + s.spec(a[2]).power
        if kind == "play":
            return 45
        if kind == "basic":
            return 10 + (2 if len(p.front) + len(p.back) < 8 else -20)
        if kind == "labour":       # spare power becomes economy once nothing is left to fight
            return -1.0 if self.fight else 2.0
        if kind == "exile":        # deny the rivals the dearest card of the wilds
            return 5 + s.spec(s.wilds[a[1]]).price / 10
        return -5.0   # recall, shift, trades: rarely worth it


def make_warlord(game, catalog, seat: int, rng: random.Random, arg: str | None) -> Warlord:
    if arg is not None:
        from toolkit.errors import UsageError
        raise UsageError(f"agent 'warlord' takes no argument, got 'warlord:{arg}'")
    return Warlord(seat, rng)


AGENTS = {"warlord": make_warlord}
