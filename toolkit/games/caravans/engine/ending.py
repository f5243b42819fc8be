"""The end of the game: the phase, the reason, and the tokens of parties nobody took."""

from __future__ import annotations

from toolkit.games.caravans.engine.tokens import place_equipment


def game_over(state, reason: str) -> None:
    if state.phase != "over":
        state.phase, state.end_reason = "over", reason
        for entry in state.pending:
            if entry["kind"] == "capture":  # a party nobody took: its equipment goes back
                place_equipment(state, entry["party"]["equipment"])
            elif entry["kind"] == "place_equipment":  # a leader's choice left unmade
                place_equipment(state, entry["tokens"])
            elif entry["kind"] == "loot":  # goods nobody looted
                state.goods_discard.extend(entry["cards"])
        state.pending.clear()
        state.combat = state.raid = state.visit = None
        state.in_turn = False
        state.log.append(("end", reason, state.round))
