# toolkit: compile
"""Phase 4, random events (seed): each player may play one event from behind the screen.
The seed leaves the events to its appendix B, which it does not include; the effect of each
event is the example's `op` (events.yaml says what each one does)."""

from __future__ import annotations

from toolkit.games.kings_and_things import flow
from toolkit.games.kings_and_things.combat_end import drop_fort, lose_unit
from toolkit.games.kings_and_things.data import base
from toolkit.games.kings_and_things.state import value_of


def _creatures(state, data, hex_, seat):
    """The creatures of `seat` in a hex, weakest first."""
    return sorted((t for t in state.units_at(hex_, seat) if not state.units[t]["hero"]),
                  key=lambda t: (value_of(data, state.units[t]["thing"]), int(t[1:])))


def targets(state, data, seat, event) -> list:
    op = data.card(event).op
    others = [s for s in range(state.n) if s != seat]
    if op == "juju":
        lands = sorted(t for t in data.terrains if data.land(t))
        return [(h, t) for h in state.hexes_of(seat) if data.land(state.terrain[h])
                for t in lands if t != state.terrain[h]]
    if op in ("defect",):
        return [(s,) for s in others if state.racks[s]]
    if op == "pox":
        return [(s,) for s in others if any(u["owner"] == s for u in state.units.values())]
    if op == "disaster":
        return [(h,) for h in range(len(state.terrain)) if state.owner[h] not in (None, seat)
                and any(not state.units[t]["hero"] for t in state.units_at(h, state.owner[h]))]
    if op == "vandals":
        return [(h,) for h in range(len(state.terrain)) if state.owner[h] not in (None, seat)
                and 1 <= state.fort[h] <= 3]
    if op == "cloud":
        return [(h,) for h in range(len(state.terrain)) if state.seats_at(h)]
    return [()]


def resolve(state, data, seat, event, args) -> None:
    card = data.card(event)
    op, amount = card.op, int(card.amount)
    if op == "juju":  # a special income counter keyed to the old terrain is lost
        state.terrain[args[0]] = args[1]
        town = state.income[args[0]]
        if town and data.card(town).terrain not in ("any", args[1]):
            state.income[args[0]] = None
            state.to_cup(town)
    elif op == "plague":
        for hex_ in range(len(state.terrain)):
            for s in sorted(state.seats_at(hex_)):
                weak = _creatures(state, data, hex_, s)
                if len(weak) >= amount:
                    lose_unit(state, data, weak[0])
    elif op == "defect":
        rack = sorted(state.racks[args[0]])
        thing = rack[state.rng.randrange(len(rack))]
        state.racks[args[0]].remove(thing)
        if len(state.racks[seat]) < data.setting("rack_limit"):
            state.racks[seat].append(thing)
        else:
            state.to_cup(thing)
    elif op == "harvest":
        state.gold[seat] += amount * len(state.hexes_of(seat))
    elif op == "lode":
        state.gold[seat] += amount * sum(int(data.card(state.income[h]).value)
                                         for h in state.hexes_of(seat) if state.income[h])
    elif op == "pox":
        hexes = {u["hex"] for u in state.units.values() if u["owner"] == args[0]}
        biggest = max(sorted(hexes), key=lambda h: len(_creatures(state, data, h, args[0])))
        weak = _creatures(state, data, biggest, args[0])
        for token in weak[:len(weak) // 2]:
            lose_unit(state, data, token)
    elif op == "disaster":
        for token in _creatures(state, data, args[0], state.owner[args[0]]):
            if state.roll() <= amount:
                lose_unit(state, data, token)
    elif op == "vandals":
        drop_fort(state, args[0])
    elif op == "cloud":
        state.cloud = args[0]
    elif op == "workers":
        state.free_builds.append(seat)


class Events(flow.Phase):
    name = "events"

    def legal(self, state, data):
        seat = state.actor
        acts = []
        for thing in sorted(state.racks[seat]):
            if data.kind(thing) == "random_event":
                acts += [("event", thing) + t for t in targets(state, data, seat, thing)]
        return acts + [("pass",)] if acts else []

    def apply(self, state, data, action):
        if action[0] == "event":
            seat, thing = state.actor, action[1]
            state.racks[seat].remove(thing)
            resolve(state, data, seat, thing, action[2:])
            state.to_cup(thing)
            state.note("event", seat, base(thing), list(action[2:]))
            state.count("events", seat)
        return True


flow.register(Events())
