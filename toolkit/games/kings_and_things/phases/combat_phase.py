# toolkit: compile
"""Phase 6, combat (seed): in player order each player resolves one battle or exploration
of theirs (their choice which), round and round until none is left. A hex where two
players' units meet is a battle (the first there, or the hex's owner, defends); a player's
units alone in an unexplored hex explore it; units in an enemy hex with no units fight its
fort and city or village, or take it at once if it has none."""

from __future__ import annotations

from toolkit.games.kings_and_things import battle_choices, combat, combat_end, explore, flow


def conflicts(state) -> dict[int, tuple[int, int | None]]:
    """hex -> (attacker, defender): defender None for an exploration, and the owner (with
    no units there) for an attack on an empty enemy hex."""
    out = {}
    occ = state.occupancy()
    for hex_ in sorted(occ):   # a hex with no units holds no conflict
        seats = set(occ[hex_])
        owner = state.owner[hex_]
        if len(seats) == 2:
            arrivals = state.battles.get(hex_, [])
            if owner in seats:
                defender = owner
            else:
                first = [s for s in arrivals if s in seats]
                defender = min(seats - set(arrivals)) if seats - set(arrivals) else first[0]
            out[hex_] = (min(seats - {defender}), defender)
        elif len(seats) == 1:
            (seat,) = seats
            if owner is None:
                out[hex_] = (seat, None)
            elif owner != seat:
                out[hex_] = (seat, owner)
    return out


class Combat(flow.Phase):
    name = "combat"

    def start_turn(self, state, data, seat):
        return any(a == seat for a, _ in conflicts(state).values())

    def legal(self, state, data):
        if state.battle is not None:
            return battle_choices.legal(state, data)
        return [("fight", h) for h, (a, _) in sorted(conflicts(state).items())
                if a == state.actor]

    def apply(self, state, data, action):
        if state.battle is not None:
            over = battle_choices.apply(state, data, action)
        else:
            over = self._begin(state, data, action[1])
        if over:
            state.actor = state.order[state.turn]
        return over

    def _begin(self, state, data, hex_) -> bool:
        attacker, defender = conflicts(state)[hex_]
        if defender is None:
            if not explore.start(state, data, hex_, attacker):
                return True
        else:
            has_units = bool(state.units_at(hex_, defender))
            town = state.income[hex_]
            if not has_units and not state.fort[hex_] and not (town and data.card(town).fights):
                combat_end.capture(state, data, hex_, attacker)
                state.battles.pop(hex_, None)
                return True
            combat.start(state, data, hex_, attacker, defender)
        return combat.run(state, data)

    def more(self, state, data):
        return bool(conflicts(state))


flow.register(Combat())
