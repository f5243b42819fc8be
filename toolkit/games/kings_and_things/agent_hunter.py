# toolkit: compile
"""`hunter`: a test opponent, the counter of the review of issue #23. It is the heuristic
plus one rule: once an enemy holds a citadel, every unit that can reach it goes there (bluffs
too). It is not offered to users (the game's agents do not list it); the agent tests and
`bench/agents_kt_nh.py` play it against the heuristic, which must not lose to it."""

from __future__ import annotations

from toolkit.games.kings_and_things.agent import Heuristic
from toolkit.games.kings_and_things.phases.movement import Moves


class Hunter(Heuristic):
    def _make_plan(self, obs, data):
        citadels = {h for h in range(len(obs.owner))
                    if obs.fort[h] == 4 and obs.owner[h] not in (None, self.seat)}
        if not citadels:
            return super()._make_plan(obs, data)
        moves = Moves(obs, data)
        plan = []
        for token, u in sorted(obs.units.items(), key=lambda i: int(i[0][1:])):
            if u["owner"] != self.seat or u["moved"]:
                continue
            dests = [h for h in moves.reach(token) if h in citadels]
            if dests:
                plan.append((token, dests[0]))
        return plan or super()._make_plan(obs, data)


def make_hunter(game, catalog, seat, rng, arg=None):
    return Hunter(seat, rng)
