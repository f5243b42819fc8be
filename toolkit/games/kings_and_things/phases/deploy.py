# toolkit: compile
"""Placing things (setup step 6 and the recruit phase): creatures face down on your own
hexes (a creature whose terrain you do not hold is a bluff, seed 'bluff creatures'), special
income counters face up on a hex of their terrain (cities and villages on any land) with at
most one per hex, everything else behind the screen, at most `rack_limit` there."""

from __future__ import annotations

from toolkit.games.kings_and_things.data import Data
from toolkit.games.kings_and_things.state import State, stack_limit_ok


def legal(state: State, data: Data, seat: int, pending: list[str]) -> list:
    actions = []
    rack = state.racks[seat]
    hexes = state.hexes_of(seat)
    occ = state.occupancy()
    room = [h for h in hexes if stack_limit_ok(state, data, h, seat, occupancy=occ)]
    for thing in sorted(pending) + sorted(t for t in rack if data.kind(t) == "creature"):
        kind = data.kind(thing)
        if kind == "creature":
            actions += [("place", thing, h) for h in room]
        elif kind == "income_counter":
            want = data.card(thing).terrain
            actions += [("place", thing, h) for h in hexes if state.income[h] is None
                        and data.land(state.terrain[h])
                        and want in ("any", state.terrain[h])]
        if kind == "treasure":
            actions.append(("cash", thing))
        if thing in pending:
            if len(rack) < data.setting("rack_limit"):
                actions.append(("rack", thing))
            actions.append(("discard", thing))
    if not pending:
        actions.append(("done",))
    return actions


def apply(state: State, data: Data, seat: int, pending: list[str], action) -> bool:
    """Apply a placing action; True once the player is done."""
    kind, thing = action[0], (action[1] if len(action) > 1 else None)
    if kind == "done":
        return True
    source = pending if thing in pending else state.racks[seat]
    source.remove(thing)
    if kind == "place":
        if data.kind(thing) == "income_counter":
            state.income[action[2]] = thing
        else:
            state.new_unit(seat, thing, action[2])
    elif kind == "rack":
        state.racks[seat].append(thing)
    elif kind == "cash":
        state.gold[seat] += int(data.card(thing).gold)
        state.to_cup(thing)
    elif kind == "discard":
        state.to_cup(thing)
    return False
