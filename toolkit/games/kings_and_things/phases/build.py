# toolkit: compile
"""Phase 7, construction (seed): for `build_cost` gold (5) build a tower on one of your hexes
without a fort, or raise a fort one level (tower, keep, castle, citadel); one build per hex
per turn.
A citadel needs an income of 20 (15 with 2-3 players) and no citadel already held (notes).
Fort counters are limited by the bank. The end of this phase is when a citadel wins."""

from __future__ import annotations

from toolkit.games.kings_and_things import flow, victory
from toolkit.games.kings_and_things.state import income


def citadel_allowed(state, data, seat) -> bool:
    need = data.setting("citadel_income" if state.n == 4 else "citadel_income_small")
    return not state.citadels_of(seat) and income(state, data, seat) >= need


class Build(flow.Phase):
    name = "build"

    def legal(self, state, data):
        seat = state.actor
        free = seat in state.free_builds
        acts = []
        for hex_ in state.hexes_of(seat):
            level = state.fort[hex_]
            if hex_ in state.built or level >= 4 or state.forts_left.get(level + 1, 0) <= 0:
                continue
            cost = 0 if free else data.setting("build_cost")
            if state.gold[seat] < cost or not data.land(state.terrain[hex_]):
                continue
            if level == 3 and not citadel_allowed(state, data, seat):
                continue
            acts.append(("build", hex_))
        return acts + [("done",)] if acts else []

    def apply(self, state, data, action):
        if action[0] == "done":
            return True
        seat, hex_ = state.actor, action[1]
        level = state.fort[hex_]
        if seat in state.free_builds:
            state.free_builds.remove(seat)
        else:
            state.gold[seat] -= data.setting("build_cost")
        if level:
            state.forts_left[level] += 1
        state.forts_left[level + 1] -= 1
        state.fort[hex_] = level + 1
        state.built.append(hex_)
        state.count("builds", seat)
        state.note("build", seat, hex_, level + 1)
        victory.track_citadels(state, data)
        return not self.legal(state, data)

    def end_phase(self, state, data):
        victory.after_construction(state, data)


flow.register(Build())
