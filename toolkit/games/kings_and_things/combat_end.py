# toolkit: compile
"""The end of a battle or exploration: who holds the hex, the post-combat damage rolls
(each fort, city, village and special income counter: on a 1 or a 6 a counter is destroyed
and a fort drops one level; citadels are immune), treasures and magic found by an explorer,
and the winner's control marker."""

from __future__ import annotations

from toolkit.games.kings_and_things import victory


def lose_unit(state, data, token) -> None:
    """A unit leaves the board: a creature to the cup, a hero back to the pool, flipped."""
    from toolkit.games.kings_and_things.phases.heroes import return_hero
    unit = state.units.pop(token)
    if unit["hero"]:
        return_hero(state, data, unit["thing"])
    else:
        state.to_cup(unit["thing"])


def drop_fort(state, hex_) -> None:
    """A fort drops one level (a tower is removed); its counter goes back to the bank."""
    level = state.fort[hex_]
    if not level or level == 4:
        return
    state.forts_left[level] += 1
    if level > 1 and state.forts_left[level - 1] > 0:
        state.forts_left[level - 1] -= 1
        state.fort[hex_] = level - 1
    else:
        state.fort[hex_] = 0


def post_combat(state, data, hex_) -> None:
    if state.fort[hex_] and state.fort[hex_] < 4 and state.roll() in (1, 6):
        drop_fort(state, hex_)
        state.note("fort_damaged", hex_)
    if state.income[hex_] and state.roll() in (1, 6):
        state.to_cup(state.income[hex_])
        state.income[hex_] = None
        state.note("income_destroyed", hex_)


def capture(state, data, hex_, seat) -> None:
    before = state.owner[hex_]
    state.owner[hex_] = seat
    state.count("captures", seat)
    state.note("capture", seat, hex_, before)
    victory.track_citadels(state, data)


def finish(state, data) -> None:
    """Resolve the battle in `state.battle` and clear it."""
    from toolkit.games.kings_and_things.combat import MAX_ROUNDS, alive
    b = state.battle
    hex_, attacker, defender = b["hex"], b["seats"][0], b["seats"][1]
    if b["round"] > MAX_ROUNDS:  # a stalemate: the attacker gives up its stack
        for unit in list(b["units"][0]):
            if unit["token"] and unit["token"] in state.units:
                lose_unit(state, data, unit["token"])
        b["units"][0] = []
    won = bool(alive(b, 0)) and not alive(b, 1)
    state.battle = None
    state.battles.pop(hex_, None)
    for side in (0, 1):  # neutral defenders left over go back to the cup
        for unit in b["units"][side]:
            if unit["token"] is None and unit["kind"] == "unit" and unit["thing"]:
                state.to_cup(unit["thing"])
    if b["explore"]:
        _end_exploration(state, data, b, won)
        return
    state.count("battles", attacker)
    if defender >= 0:
        state.count("battles", defender)
    if won:
        state.count("battles_won", attacker)
        if state.owner[hex_] != attacker:
            capture(state, data, hex_, attacker)
    elif defender >= 0 and (alive(b, 1) or not alive(b, 0)):
        state.count("battles_won", defender)
    post_combat(state, data, hex_)
    victory.track_citadels(state, data)
    state.note("battle_end", hex_, attacker, defender, won)


def _end_exploration(state, data, b, won) -> None:
    hex_, seat = b["hex"], b["seats"][0]
    state.count("explorations", seat)
    if won:
        state.income[hex_] = b["income"]
        capture(state, data, hex_, seat)
        for thing in b["spoils"]:
            if len(state.racks[seat]) < data.setting("rack_limit"):
                state.racks[seat].append(thing)
            else:
                state.to_cup(thing)
        post_combat(state, data, hex_)
    else:
        for thing in b["spoils"] + ([b["income"]] if b["income"] else []):
            state.to_cup(thing)
    state.note("explored", hex_, seat, won)
