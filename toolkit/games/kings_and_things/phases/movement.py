"""Phase 5, movement (seed): each creature or hero moves up to 4 points (`move_points`); a
creature on foot pays each hex's terrain `move_cost` (terrains.yaml: the seed's swamp,
mountain, forest and jungle 2, every other hex 1), a flyer 1 everywhere. A move stops on entering
an unexplored hex, a hex with enemy counters, or an enemy's hex; flyers fly over enemy hexes
unless enemy flyers wait there (each stops one). Only flyers cross the sea, and nothing ends a move on it.
Units starting beside enemy units are pinned. Forts, income counters and control markers
never move. The example lets at most two players meet in one hex."""

from __future__ import annotations

from toolkit.games.kings_and_things import flow
from toolkit.games.kings_and_things.data import base
from toolkit.games.kings_and_things.state import stack_limit_ok


def flies(state, data, token) -> bool:
    unit = state.units[token]
    if unit["hex"] in state.sub.get("balloons", ()) and unit["owner"] == state.actor:
        return True
    return base(unit["thing"]) in data.flying


class Moves:
    """Where units may move in one position: what the moving rules ask of each hex for a
    seat (where a move stops, where it may end) worked out once, and each start's reach
    remembered (units of a seat alike in a hex, flying or not, reach the same hexes).
    The position must not change while it is used."""

    def __init__(self, state, data, occ: dict | None = None):
        self.state, self.data = state, data
        self.occ = state.occupancy() if occ is None else occ
        self.land = [t in data.lands for t in state.terrain]
        self.nb = state.neighbours
        self.points = data.setting("move_points")
        self.seats: dict[int, tuple] = {}    # seat -> (stops on foot, stops flying, ends)
        self.memo: dict[tuple, list[int]] = {}
        self.flyers: dict | None = None       # hex -> [(owner, moved) of each known flyer]

    def reach(self, token) -> list[int]:
        """The hexes `token` may end its move on (a shared list: not to be changed)."""
        unit = self.state.units[token]
        key = (unit["hex"], flies(self.state, self.data, token), unit["owner"])
        got = self.memo.get(key)
        if got is None:
            got = self.memo[key] = self._reach(unit["hex"], key[1], unit["owner"])
        return got

    def _flyers(self):
        """hex -> [(seat, moved) of each face-up-known flyer there] (unknown things skipped)."""
        if self.flyers is None:
            out: dict[int, list] = {}
            flying = self.data.flying
            for u in self.state.units.values():
                if u["thing"] is not None and base(u["thing"]) in flying:
                    out.setdefault(u["hex"], []).append((u["owner"], u["moved"]))
            self.flyers = out
        return self.flyers

    def _flyers_held(self, hex_, seat) -> bool:
        """Enemy flyers in a hex stop as many moving flyers: a flyer flies on only once its
        side has had as many flyers stopped there (moved in this phase) as the enemy shows."""
        theirs = mine = 0
        for owner, moved in self._flyers().get(hex_, ()):
            if owner != seat:
                theirs += 1
            elif moved:
                mine += 1
        return theirs > mine

    def _facts(self, seat):
        facts = self.seats.get(seat)
        if facts is None:
            state, occ, land = self.state, self.occ, self.land
            foot, fly = [], []
            for hex_, owner in enumerate(state.owner):
                if not land[hex_]:
                    foot.append(False)  # only flyers get here, and they fly on
                    fly.append(False)
                elif owner is None:
                    foot.append(True)
                    fly.append(True)
                else:
                    enemy_units = any(o != seat for o in occ.get(hex_, ()))
                    foot.append(enemy_units or owner != seat)
                    fly.append(enemy_units and self._flyers_held(hex_, seat))
            facts = self.seats[seat] = (foot, fly, {})
        return facts

    def _reach(self, start, flying, seat) -> list[int]:
        foot, fly, ends = self._facts(seat)
        stops = fly if flying else foot
        land, nb, points = self.land, self.nb, self.points
        costs, terrain = self.data.costs, self.state.terrain
        best = {start: 0}
        queue = [[] for _ in range(points + 1)]   # hexes by the cost they were reached at
        queue[0].append(start)
        for cost in range(points + 1):
            for hex_ in queue[cost]:
                if cost > best[hex_] or (hex_ != start and stops[hex_]):
                    continue
                for nxt in nb(hex_):
                    if flying:
                        step = cost + 1
                    elif not land[nxt]:
                        continue
                    else:
                        step = cost + costs[terrain[nxt]]
                    if step <= points and step < best.get(nxt, 99):
                        best[nxt] = step
                        queue[step].append(nxt)
        out = []
        for hex_ in sorted(best):
            if hex_ == start:
                continue
            ok = ends.get(hex_)
            if ok is None:
                ok = ends[hex_] = (land[hex_] and stack_limit_ok(self.state, self.data, hex_, seat,
                                                                 occupancy=self.occ)
                                   and _two_sides(self.state, hex_, seat, self.occ))
            if ok:
                out.append(hex_)
        return out


def reach(state, data, token, occ: dict | None = None) -> list[int]:
    """The hexes `token` may end its move on."""
    return list(Moves(state, data, occ).reach(token))


def _two_sides(state, hex_, seat, occ) -> bool:
    sides = set(occ.get(hex_, {})) | {seat}
    if state.owner[hex_] is not None:
        sides.add(state.owner[hex_])
    return len(sides) <= 2


def pinned(state, token, occ: dict | None = None) -> bool:
    unit = state.units[token]
    seats = state.seats_at(unit["hex"]) if occ is None else occ.get(unit["hex"], ())
    return unit["hex"] == state.cloud or any(o != unit["owner"] for o in seats)


class Movement(flow.Phase):
    name = "move"

    def start_turn(self, state, data, seat):
        state.sub = {"balloons": []}
        return any(u["owner"] == seat for u in state.units.values())

    def legal(self, state, data):
        seat = state.actor
        acts = []
        moves = Moves(state, data)
        for token, unit in sorted(state.units.items(), key=lambda i: int(i[0][1:])):
            if unit["owner"] != seat or unit["moved"] or pinned(state, token, moves.occ):
                continue
            acts += [("move", token, h) for h in moves.reach(token)]
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
