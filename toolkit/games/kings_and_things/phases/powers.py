# toolkit: compile
"""Phase 8, special powers (seed): the Master Thief and the Assassin Primus act only now.
The seed's appendix A is not included; here the Master Thief takes gold equal to a d6 roll
(at most `thief_max`) from a chosen player, and the Assassin Primus kills an enemy creature
in its hex or next to it on a roll of `assassin_hit` or less."""

from __future__ import annotations

from toolkit.games.kings_and_things import flow
from toolkit.games.kings_and_things.combat_end import lose_unit


class Powers(flow.Phase):
    name = "powers"

    def start_turn(self, state, data, seat):
        state.sub = {"used": []}
        return bool(self.legal(state, data))

    def legal(self, state, data):
        seat, acts = state.actor, []
        for token, unit in sorted(state.units.items(), key=lambda i: int(i[0][1:])):
            if unit["owner"] != seat or not unit["hero"] or token in state.sub["used"]:
                continue
            power = data.heroes[unit["thing"]].power
            if power == "thief":
                acts += [("steal", token, s) for s in range(state.n)
                         if s != seat and state.gold[s] > 0]
            elif power == "assassin":
                near = {unit["hex"], *state.neighbours(unit["hex"])}
                acts += [("assassinate", token, t) for t, u in sorted(state.units.items())
                         if u["owner"] != seat and not u["hero"] and u["hex"] in near]
        return acts + [("done",)] if acts else []

    def apply(self, state, data, action):
        if action[0] == "done":
            return True
        seat = state.actor
        state.sub["used"].append(action[1])
        roll = state.roll()
        if action[0] == "steal":
            take = min(roll, data.setting("thief_max"), state.gold[action[2]])
            state.gold[action[2]] -= take
            state.gold[seat] += take
            state.note("steal", seat, action[2], take)
        elif roll <= data.setting("assassin_hit") and action[2] in state.units:
            lose_unit(state, data, action[2])
            state.note("assassinate", seat, action[2])
        return not self.legal(state, data)[:-1]


flow.register(Powers())
