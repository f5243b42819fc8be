"""Phase 5, movement (seed): each creature or hero moves up to 4 points (`move_points`); a
creature on foot pays each hex's terrain `move_cost` (terrains.yaml: the seed's swamp,
mountain, forest and jungle 2, every other hex 1), a flyer 1 everywhere. A move stops on entering
an unexplored hex, a hex with enemy counters, or an enemy's hex; flyers fly over enemy hexes
unless enemy flyers wait there (each stops one). Only flyers cross the sea, and nothing ends a move on it.
Units starting beside enemy units are pinned. Forts, income counters and control markers
never move. The example lets at most two players meet in one hex."""

from __future__ import annotations

import heapq

from toolkit.games.kings_and_things import flow
from toolkit.games.kings_and_things.state import stack_limit_ok


def flies(state, data, token) -> bool:
    unit = state.units[token]
    if unit["hex"] in state.sub.get("balloons", ()) and unit["owner"] == state.actor:
        return True
    return bool(data.card(unit["thing"]).flying)


def _flyers_held(state, data, hex_, seat) -> bool:
    """Enemy flyers in a hex stop as many moving flyers: a flyer flies on only once its
    side has had as many flyers stopped there (moved in this phase) as the enemy shows."""
    theirs = mine = 0
    for u in state.units.values():
        if u["hex"] != hex_ or u["thing"] is None or not data.card(u["thing"]).flying:
            continue
        if u["owner"] != seat:
            theirs += 1
        elif u["moved"]:
            mine += 1
    return theirs > mine


def _stops(state, data, hex_, seat, flying, occ) -> bool:
    if not data.land(state.terrain[hex_]):
        return False  # only flyers get here, and they fly on
    if state.owner[hex_] is None:
        return True
    enemy_units = any(o != seat for o in occ.get(hex_, {}))
    if flying:
        return enemy_units and _flyers_held(state, data, hex_, seat)
    return enemy_units or state.owner[hex_] != seat


def reach(state, data, token, occ: dict | None = None) -> list[int]:
    """The hexes `token` may end its move on."""
    occ = state.occupancy() if occ is None else occ
    unit, seat = state.units[token], state.units[token]["owner"]
    flying = flies(state, data, token)
    points = data.setting("move_points")
    best = {unit["hex"]: 0}
    queue = [(0, unit["hex"])]
    while queue:
        cost, hex_ = heapq.heappop(queue)
        if cost > best.get(hex_, 99) or (hex_ != unit["hex"]
                                         and _stops(state, data, hex_, seat, flying, occ)):
            continue
        for nxt in state.neighbours(hex_):
            terrain = state.terrain[nxt]
            if not flying and not data.land(terrain):
                continue
            step = 1 if flying else data.move_cost(terrain)
            if cost + step <= points and cost + step < best.get(nxt, 99):
                best[nxt] = cost + step
                heapq.heappush(queue, (cost + step, nxt))
    return [h for h in sorted(best) if h != unit["hex"] and data.land(state.terrain[h])
            and stack_limit_ok(state, data, h, seat, occupancy=occ)
            and _two_sides(state, h, seat, occ)]


def _two_sides(state, hex_, seat, occ) -> bool:
    sides = set(occ.get(hex_, {})) | {seat}
    if state.owner[hex_] is not None:
        sides.add(state.owner[hex_])
    return len(sides) <= 2


def pinned(state, token) -> bool:
    unit = state.units[token]
    return unit["hex"] == state.cloud or any(o != unit["owner"]
                                              for o in state.seats_at(unit["hex"]))


class Movement(flow.Phase):
    name = "move"

    def start_turn(self, state, data, seat):
        state.sub = {"balloons": []}
        return any(u["owner"] == seat for u in state.units.values())

    def legal(self, state, data):
        seat = state.actor
        acts = []
        occ = state.occupancy()
        known: dict[tuple, list[int]] = {}   # units alike in a hex reach the same hexes
        for token, unit in sorted(state.units.items(), key=lambda i: int(i[0][1:])):
            if unit["owner"] != seat or unit["moved"] or pinned(state, token):
                continue
            key = (unit["hex"], flies(state, data, token))
            if key not in known:
                known[key] = reach(state, data, token, occ)
            acts += [("move", token, h) for h in known[key]]
        for thing in sorted(state.racks[seat]):
            if data.kind(thing) == "magic_item" and data.card(thing).op == "fly":
                hexes = sorted({u["hex"] for u in state.units.values() if u["owner"] == seat
                                and u["hex"] not in state.sub["balloons"]})
                acts += [("balloon", thing, h) for h in hexes]
        return acts + [("end",)]

    def apply(self, state, data, action):
        seat = state.actor
        if action[0] == "end":
            return True
        if action[0] == "balloon":
            state.racks[seat].remove(action[1])
            state.to_cup(action[1])
            state.sub["balloons"].append(action[2])
            return False
        token, dest = action[1], action[2]
        unit = state.units[token]
        unit["hex"], unit["moved"] = dest, True
        if state.owner[dest] != seat or any(o != seat for o in state.seats_at(dest)):
            arrivals = state.battles.setdefault(dest, [])
            if seat not in arrivals:
                arrivals.append(seat)
        return False


flow.register(Movement())
