# toolkit: compile
"""Phase 5, movement (seed): each creature or hero moves up to 4 points (`move_points`); a
creature on foot pays each hex's terrain `move_cost` (terrains.yaml: the seed's swamp,
mountain, forest and jungle 2, every other hex 1), a flyer 1 everywhere. A move stops on entering
an unexplored hex, a hex with enemy counters, or an enemy's hex; flyers fly over enemy hexes
unless enemy flyers wait there (each stops one). Only flyers cross the sea, and nothing ends a move on it.
Units starting beside enemy units are pinned. Forts, income counters and control markers
never move. The example lets at most two players meet in one hex."""

from __future__ import annotations

from toolkit.games.kings_and_things import flow
from toolkit.games.kings_and_things.hexmap import neighbours
from toolkit.games.kings_and_things.state import stack_limit_ok


def flies(state, data, token) -> bool:
    unit = state.units[token]
    if unit["hex"] in state.sub.get("balloons", ()) and unit["owner"] == state.actor:
        return True
    return data.flies(unit["thing"])


class Moves:
    """Where units may move in one position: what the moving rules ask of each hex for a
    seat (where a move stops, where it may end) worked out once, and each start's reach
    remembered (units of a seat alike in a hex, flying or not, reach the same hexes).
    The position must not change while it is used."""

    def __init__(self, state, data, occ=None):
        self.state, self.data = state, data
        self.flyers = None  # hex -> [(owner, moved) of each flyer known there]
        if occ is None:
            self._survey()
        else:
            self.occ = occ
        lands, costs = data.lands, data.costs
        self.land = [t in lands for t in state.terrain]
        self.cost = [costs.get(t, 0) for t in state.terrain]   # asked of land hexes only
        self.nb = neighbours(state.rings)
        self.points = data.setting("move_points")
        self.seats = {}    # seat -> (stops on foot, stops flying, ends per hex)
        self.memo = {}     # (hex, flying, seat) -> the hexes a move from there may end on
        self.board = None   # (content, rings, terrain, move points): what every reach shares

    def reach(self, token):
        """The hexes `token` may end its move on (a shared list: not to be changed)."""
        unit = self.state.units[token]
        flying = flies(self.state, self.data, token)
        key = (unit["hex"], flying, unit["owner"])
        got = self.memo.get(key)
        if got is None:
            got = self.memo[key] = self._reach(unit["hex"], flying, unit["owner"])
        return got

    def _survey(self):
        """The occupancy (state.occupancy) and the flyers known in each hex, in one pass."""
        occ, out = {}, {}
        flyers, cards = self.data.flyers, self.data.cards
        for u in self.state.units.values():
            hex_, owner, thing = u["hex"], u["owner"], u["thing"]
            seats = occ.get(hex_)
            if seats is None:
                seats = occ[hex_] = {}
            seats[owner] = seats.get(owner, 0) + 1
            if thing is not None and (thing in flyers if thing in cards   # data.flies, inlined
                                      else self.data.flies(thing)):
                out.setdefault(hex_, []).append((owner, u["moved"]))
        self.occ, self.flyers = occ, out

    def _flyers_at(self, hex_):
        if self.flyers is None:   # the occupancy was given: the flyers are still to find
            out = {}
            for u in self.state.units.values():
                if u["thing"] is not None and self.data.flies(u["thing"]):
                    out.setdefault(u["hex"], []).append((u["owner"], u["moved"]))
            self.flyers = out
        return self.flyers.get(hex_, ())

    def _flyers_held(self, hex_, seat):
        """Enemy flyers in a hex stop as many moving flyers: a flyer flies on only once its
        side has had as many flyers stopped there (moved in this phase) as the enemy shows."""
        theirs = mine = 0
        for owner, moved in self._flyers_at(hex_):
            if owner != seat:
                theirs += 1
            elif moved:
                mine += 1
        return theirs > mine

    def _facts(self, seat):
        """(stops on foot, stops flying, ends: per hex, may a move end there) for `seat`."""
        facts = self.seats.get(seat)
        if facts is None:
            occ, land, owners = self.occ, self.land, self.state.owner
            foot, fly = [], []
            for hex_ in range(len(land)):
                owner = owners[hex_]
                if not land[hex_]:
                    foot.append(False)  # only flyers get here, and they fly on
                    fly.append(False)
                elif owner is None:
                    foot.append(True)
                    fly.append(True)
                else:
                    enemy_units = False
                    for o in occ.get(hex_, ()):
                        if o != seat:
                            enemy_units = True
                    foot.append(enemy_units or owner != seat)
                    fly.append(enemy_units and self._flyers_held(hex_, seat))
            facts = self.seats[seat] = (tuple(foot), tuple(fly), [None] * len(land))
        return facts

    def _reach(self, start, flying, seat):
        foot, fly, ends = self._facts(seat)
        stops = fly if flying else foot
        if self.board is None:
            self.board = (self.data.key, self.state.rings, tuple(self.state.terrain),
                          self.points)
        key = (self.board, start, flying, stops)
        reached = REACHED.get(key)
        if reached is None:
            if len(REACHED) >= REACHED_MAX:
                REACHED.clear()
            reached = REACHED[key] = self._reached(start, flying, stops)
        out = []
        land, state, data, occ = self.land, self.state, self.data, self.occ
        for hex_ in reached:
            ok = ends[hex_]
            if ok is None:
                ok = ends[hex_] = bool(land[hex_] and stack_limit_ok(state, data, hex_, seat, 1,
                                                                     occ)
                                       and _two_sides(state, hex_, seat, occ))
            if ok:
                out.append(hex_)
        return out

    def _reached(self, start, flying, stops):
        """The hexes other than `start` a move from there gets to within its points, in
        order (where it may end is for `_reach` to say)."""
        land, cost, nb, points = self.land, self.cost, self.nb, self.points
        best = [99] * len(land)
        best[start] = 0
        queue = [[] for _ in range(points + 1)]   # hexes by the cost they were reached at
        queue[0].append(start)
        for spent in range(points + 1):
            for hex_ in queue[spent]:
                if spent > best[hex_] or (hex_ != start and stops[hex_]):
                    continue
                for nxt in nb[hex_]:
                    if flying:
                        step = spent + 1
                    elif not land[nxt]:
                        continue
                    else:
                        step = spent + cost[nxt]
                    if step <= points and step < best[nxt]:
                        best[nxt] = step
                        queue[step].append(nxt)
        return tuple([hex_ for hex_ in range(len(land)) if best[hex_] != 99 and hex_ != start])


# (board, start, flying, stops) -> the hexes reached: the same in every position where the
# hexes a move stops on are the same (a player's own moves change only where it may end)
REACHED: dict = {}
REACHED_MAX = 4096   # entries of ~1 kB: cleared when full


def reach(state, data, token, occ: dict | None = None) -> list[int]:
    """The hexes `token` may end its move on."""
    return list(Moves(state, data, occ).reach(token))


def _two_sides(state, hex_, seat, occ) -> bool:
    there = occ.get(hex_)
    if not there:
        return True   # no units there: at most the mover and the hex's owner
    sides = set(there) | {seat}
    if state.owner[hex_] is not None:
        sides.add(state.owner[hex_])
    return len(sides) <= 2


def _number(token) -> int:
    """A unit token's number (`u12` -> 12): the order units are listed in."""
    return int(token[1:])


def pinned(state, token, occ: dict | None = None) -> bool:
    unit = state.units[token]
    if unit["hex"] == state.cloud:
        return True
    for o in (state.seats_at(unit["hex"]) if occ is None else occ.get(unit["hex"], ())):
        if o != unit["owner"]:
            return True
    return False


class Movement(flow.Phase):
    name = "move"

    def start_turn(self, state, data, seat):
        state.sub = {"balloons": []}
        return any(u["owner"] == seat for u in state.units.values())

    def legal(self, state, data):
        seat = state.actor
        acts = []
        moves = Moves(state, data)
        movers = [token for token, unit in state.units.items()
                  if unit["owner"] == seat and not unit["moved"]]
        for token in sorted(movers, key=_number):
            if not pinned(state, token, moves.occ):
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
