# toolkit: compile
"""Exploring an unexplored hex (seed, phase 6): roll a d6; on a 1 or a 6 the hex is taken
without a fight. On 2 to 5 that many things are drawn from the cup as its defenders: events
go straight back; creatures defend (they need no terrain support); of the special income
counters only one that may lie there stays (the best; a city or village fights); treasures
and magic items go to the explorer if the hex is taken. Defenders may be bribed before the
first round, one by one, at their combat value, doubled when the defenders hold treasure,
magic or income. Explored defenders never retreat; the player on the explorer's right
decides for them."""

from __future__ import annotations

from toolkit.games.kings_and_things import combat, combat_end
from toolkit.games.kings_and_things.data import base


def start(state, data, hex_, seat) -> bool:
    """Explore; True when a battle follows (in `state.battle`), False when it is settled."""
    roll = state.roll()
    state.note("explore_roll", seat, hex_, roll)
    if roll in (1, 6):
        combat_end.capture(state, data, hex_, seat)
        state.battles.pop(hex_, None)
        state.count("explorations", seat)
        return False
    b = combat.new_battle(hex_, (seat, -1), explore=True)
    b["decider"] = (seat - 1) % state.n
    towns = []
    for thing in state.draw(data, roll):
        kind = data.kind(thing)
        if kind == "random_event":
            state.to_cup(thing)
        elif kind == "creature":
            unit = combat.unit_of(data, None, thing)
            unit["id"] = f"n:{thing}"
            b["units"][1].append(unit)
        elif kind == "income_counter":
            want = data.card(thing).terrain
            if want in ("any", state.terrain[hex_]):
                towns.append(thing)
            else:
                state.to_cup(thing)
        else:
            b["spoils"].append(thing)
    towns.sort(key=lambda t: (-int(data.card(t).value), t))
    for thing in towns[1:]:
        state.to_cup(thing)
    if towns:
        b["income"] = towns[0]
        card = data.card(towns[0])
        if card.fights:
            town = combat.structure(data, "town", int(card.value), "melee", towns[0])
            b["units"][1].append(town)
    state.note("defenders", hex_, [base(u["thing"]) for u in b["units"][1]])
    state.battle = b
    for token in state.units_at(hex_, seat):
        state.units[token]["shown"] = True
        b["units"][0].append(combat.unit_of(data, token, state.units[token]["thing"]))
    _reveal_bluffs(state, data, b, seat)
    if not combat.alive(b, 1) or not combat.alive(b, 0):
        combat_end.finish(state, data)
        return False
    return True


def _reveal_bluffs(state, data, b, seat) -> None:
    from toolkit.games.kings_and_things.state import supported
    for unit in list(b["units"][0]):
        if not supported(state, data, unit["token"]):
            b["units"][0].remove(unit)
            combat_end.lose_unit(state, data, unit["token"])
            state.note("bluff", seat, unit["token"])
            state.count("bluffs_caught", seat)
