# toolkit: compile
"""The decisions inside a battle: magic items played at its start, bribes of explored
defenders, which unit absorbs a hit, and retreat or stay."""

from __future__ import annotations

from toolkit.games.kings_and_things import combat
from toolkit.games.kings_and_things.data import base
from toolkit.games.kings_and_things.state import stack_limit_ok

BATTLE_ITEMS = ("bow", "sword", "dispel", "shield", "fan", "wall", "golem", "luck", "talisman")


def items(state, data, side) -> list[str]:
    b = state.battle
    seat = b["seats"][side]
    if seat < 0 or b["round"] > 1:
        return []
    return sorted(t for t in state.racks[seat] if data.kind(t) == "magic_item"
                  and data.card(t).op in BATTLE_ITEMS)


def bribe_cost(state, data, unit) -> int:
    b = state.battle
    rich = bool(b["spoils"]) or b["income"] is not None
    return unit["value"] * (2 if rich else 1)


def bribes(state, data) -> list[dict]:
    b = state.battle
    if not b["explore"]:
        return []
    gold = state.gold[b["seats"][0]]
    return [u for u in b["units"][1] if u["hp"] > 0 and u["kind"] in ("unit", "town")
            and bribe_cost(state, data, u) <= gold]


def legal(state, data) -> list:
    b = state.battle
    stage = b["stage"]
    if stage == "items":
        return [("item", t) for t in items(state, data, b["items_side"])] + [("fight_on",)]
    if stage == "bribe":
        return [("bribe", u["id"]) for u in bribes(state, data)] + [("fight_on",)]
    if stage == "absorb":
        seen, acts = set(), []
        for unit in combat.candidates(b, b["absorbing"]):
            if combat._same(unit) not in seen:
                seen.add(combat._same(unit))
                acts.append(("absorb", unit["id"]))
        return acts
    if stage == "retreat":
        return [("retreat", h) for h in combat.retreats(state, b, b["retreat_side"])] + [("stay",)]
    return []


def apply(state, data, action) -> bool:
    """Apply a battle decision and move the battle on; True once it is over."""
    b = state.battle
    kind = action[0]
    if kind == "item":
        _use_item(state, data, b, b["items_side"], action[1])
    elif kind == "fight_on":
        if b["stage"] == "items":
            b["items_side"] += 1
        else:
            b["bribed"] = True
    elif kind == "bribe":
        unit = next(u for u in b["units"][1] if u["id"] == action[1])
        state.gold[b["seats"][0]] -= bribe_cost(state, data, unit)
        state.note("bribe", b["seats"][0], base(unit["thing"]))
        if unit["kind"] == "town":
            unit["hp"] = 0
        else:
            combat.kill(state, data, b, 1, unit)
    elif kind == "absorb":
        side = b["absorbing"]
        unit = next(u for u in combat.candidates(b, side) if u["id"] == action[1])
        b["hits"][side] -= 1
        combat.hit(state, data, b, side, unit)
    elif kind == "retreat":
        _retreat(state, data, b, b["retreat_side"], action[1])
        b["retreat_side"] += 1
    elif kind == "stay":
        b["retreat_side"] += 1
    return combat.run(state, data)


def _use_item(state, data, b, side, thing) -> None:
    seat = b["seats"][side]
    state.racks[seat].remove(thing)
    state.to_cup(thing)
    card = data.card(thing)
    op, amount = card.op, int(card.amount)
    own = [u for u in b["units"][side] if u["kind"] == "unit"]
    state.note("item", seat, base(thing))
    if op in ("bow", "sword") and own:
        pool = [u for u in own if u["step"] == "melee"] if op == "bow" else own
        if pool:
            best = max(pool, key=lambda u: (u["value"], u["id"]))
            best["value"] += amount
            if op == "bow":
                best["step"] = "ranged"
            else:
                best["charge"] = True
    elif op == "shield":
        b["shield"][side] += amount
    elif op in ("dispel", "fan", "luck", "talisman"):
        b[op][side] = True
    elif op == "wall":
        b["units"][side].append(combat.structure(data, "wall", amount, "none"))
        b["units"][side][-1]["id"] = f"wall:{thing}"
    elif op == "golem":
        golem = combat.structure(data, "golem", amount, "melee")
        golem.update(id=f"golem:{thing}", hp=1)
        b["units"][side].append(golem)


def _retreat(state, data, b, side, dest) -> None:
    """The side's creatures and heroes leave to `dest`; any beyond the stack limit are lost
    (weakest first). Forts and towns stay and fight on alone."""
    seat = b["seats"][side]
    leaving = sorted((u for u in b["units"][side] if u["token"]),
                     key=lambda u: (-u["value"], u["id"]))
    for unit in leaving:
        b["units"][side].remove(unit)
        token = unit["token"]
        if stack_limit_ok(state, data, dest, seat):
            state.units[token]["hex"] = dest
            state.units[token]["moved"] = True
        else:
            from toolkit.games.kings_and_things.combat_end import lose_unit
            lose_unit(state, data, token)
    state.note("retreat", seat, b["hex"], dest)
