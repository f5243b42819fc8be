# toolkit: compile
"""Phase 1 (gold collection) and phase 9 (pass the first player marker to the left), which
need no decision, and the round limit of this example."""

from __future__ import annotations

from toolkit.games.kings_and_things import flow, victory
from toolkit.games.kings_and_things.state import income


class Income(flow.Phase):
    name = "income"

    def start_phase(self, state, data):
        state.round += 1
        # who holds the first-player marker this round (a new list: copies share the old)
        state.firsts = state.firsts + [state.order[0]]
        for seat in state.order:
            gain = income(state, data, seat)
            state.gold[seat] += gain
            state.count("income", seat, gain)

    def start_turn(self, state, data, seat):
        return False


class Rotate(flow.Phase):
    name = "rotate"

    def start_phase(self, state, data):
        state.order = state.order[1:] + state.order[:1]
        state.cloud, state.free_builds, state.built, state.battles = None, [], [], {}
        for unit in state.units.values():
            unit["moved"] = False
        if state.round >= data.setting("round_limit"):
            victory.round_limit(state, data)

    def start_turn(self, state, data, seat):
        return False


flow.register(Income())
flow.register(Rotate())
