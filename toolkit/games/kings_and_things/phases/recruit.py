# toolkit: compile
"""Phase 3, recruiting things (seed): one free draw per 2 hexes you control, up to 5 paid
draws at 5 gold each, one draw per 2 things traded in from behind the screen; all drawn
together, then placed (see deploy)."""

from __future__ import annotations

from toolkit.games.kings_and_things import flow
from toolkit.games.kings_and_things.phases import deploy


class Recruit(flow.Phase):
    name = "recruit"

    def start_turn(self, state, data, seat):
        state.sub = {"step": "buy", "draws": len(state.hexes_of(seat))
                     // data.setting("hexes_per_free_draw"), "pending": []}
        return True

    def legal(self, state, data):
        seat, sub = state.actor, state.sub
        if sub["step"] == "buy":
            most = min(data.setting("paid_draw_max"),
                       state.gold[seat] // data.setting("paid_draw_cost"))
            return [("buy", k) for k in range(most + 1)]
        if sub["step"] == "trade":
            rack = sorted(state.racks[seat])
            acts = []
            if data.setting("trade_in") == 2:
                acts = [("trade", a, b) for i, a in enumerate(rack) for b in rack[i + 1:]]
            return acts + [("draw",)]
        return deploy.legal(state, data, seat, sub["pending"])

    def apply(self, state, data, action):
        seat, sub, kind = state.actor, state.sub, action[0]
        if kind == "buy":
            state.gold[seat] -= action[1] * data.setting("paid_draw_cost")
            sub["draws"] += action[1]
            sub["step"] = "trade"
        elif kind == "trade":
            for thing in action[1:]:
                state.racks[seat].remove(thing)
                state.to_cup(thing)
            sub["draws"] += 1
        elif kind == "draw":
            sub["pending"] = state.draw(data, sub["draws"])
            state.count("drawn", seat, len(sub["pending"]))
            sub["step"] = "deploy"
        else:
            return deploy.apply(state, data, seat, sub["pending"], action)
        return False


flow.register(Recruit())
