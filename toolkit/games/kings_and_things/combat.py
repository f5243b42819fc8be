# toolkit: compile
"""A battle in one hex (seed, phase 6 'resolving combat'): rounds of a magic step, a ranged
step and a melee step, then retreats (attacker first, then defender). In a step every unit
of that kind on both sides rolls a d6 and hits on a roll at or under its combat value;
chargers roll two dice; citadels fight in the magic step and castles in the ranged step.
Hits are applied only once every unit of the step has rolled, and the side taking them
chooses which of its own units absorb them. A creature or hero absorbs one hit; a fort,
city or village absorbs as many as its value and is then neutralised.

The battle lives in `state.battle`; `run` moves it on until a player must decide (absorbing
hits, items, bribes, retreats) or it is over."""

from __future__ import annotations

from toolkit.games.kings_and_things import combat_end
from toolkit.games.kings_and_things.state import State, supported

STEPS = ("magic", "ranged", "melee")
MAX_ROUNDS = 60


def unit_of(data, token, thing) -> dict:
    card = data.card(thing)
    step = "magic" if card.magic else "ranged" if card.ranged else "melee"
    ward = 1 if getattr(card, "power", None) == "swordmaster" else 0
    return {"id": token, "token": token, "thing": thing, "value": int(card.value),
            "step": step, "charge": bool(card.charge), "hp": 1, "flying": bool(card.flying),
            "kind": "unit", "ward": ward}


def structure(data, kind, value, step, thing=None) -> dict:
    return {"id": kind, "token": None, "thing": thing, "value": value, "step": step,
            "charge": False, "hp": value, "flying": False, "kind": kind, "ward": 0}


def new_battle(hex_, seats, explore=False) -> dict:
    return {"hex": hex_, "seats": list(seats), "explore": explore, "units": [[], []],
            "round": 1, "step": 0, "stage": "items", "items_side": 0, "absorbing": 0,
            "retreat_side": 0, "hits": [0, 0], "shield": [0, 0], "talisman": [False, False],
            "luck": [False, False], "dispel": [False, False], "fan": [False, False],
            "spoils": [], "income": None, "decider": None, "bribed": False}


def start(state: State, data, hex_: int, attacker: int, defender: int) -> None:
    """A battle between two players in `hex_`: counters are revealed and bluffs leave."""
    b = new_battle(hex_, (attacker, defender))
    for side, seat in enumerate((attacker, defender)):
        for token in state.units_at(hex_, seat):
            if not supported(state, data, token):
                combat_end.lose_unit(state, data, token)
                state.note("bluff", seat, token)
                state.count("bluffs_caught", seat)
                continue
            state.units[token]["shown"] = True
            b["units"][side].append(unit_of(data, token, state.units[token]["thing"]))
    if state.owner[hex_] == defender:
        if state.fort[hex_]:
            fort = data.fort_at(state.fort[hex_])
            b["units"][1].append(structure(data, "fort", int(fort.value), fort.step))
        town = state.income[hex_]
        if town and data.card(town).fights:
            b["units"][1].append(structure(data, "town", int(data.card(town).value), "melee",
                                           town))
    _warlords(state, data, b)
    state.battle = b


def _warlords(state, data, b) -> None:
    """A Warlord makes the weakest enemy creature desert at the start of a battle."""
    for side in (0, 1):
        if any(u["thing"] in data.heroes and data.heroes[u["thing"]].power == "warlord"
               for u in b["units"][side]):
            foes = [u for u in b["units"][1 - side]
                    if u["kind"] == "unit" and u["thing"] not in data.heroes]
            if foes:
                weakest = min(foes, key=lambda u: (u["value"], u["id"]))
                kill(state, data, b, 1 - side, weakest)


def seat_of(b, side) -> int:
    seat = b["seats"][side]
    return b["decider"] if seat < 0 else seat


def alive(b, side) -> list[dict]:
    return [u for u in b["units"][side] if u["hp"] > 0 and u["kind"] != "wall"]


def kill(state, data, b, side, unit) -> None:
    unit["hp"] = 0
    if unit["kind"] in ("unit", "golem", "wall"):
        b["units"][side].remove(unit)
        if unit["token"]:
            combat_end.lose_unit(state, data, unit["token"])
        elif unit["thing"]:
            state.to_cup(unit["thing"])


def hit(state, data, b, side, unit) -> None:
    """One hit absorbed by `unit` of `side`."""
    if unit["ward"]:
        unit["ward"] -= 1
        return
    unit["hp"] -= 1
    if unit["hp"] <= 0:
        kill(state, data, b, side, unit)


def candidates(b, side) -> list[dict]:
    step = STEPS[b["step"]]
    return [u for u in b["units"][side] if u["hp"] > 0
            and not (u["kind"] == "golem" and step == "ranged")]


def _roll_step(state, data, b) -> None:
    step = STEPS[b["step"]]
    for side in (0, 1):
        foe = 1 - side
        luck = b["luck"][side]
        hits = 0
        for unit in b["units"][side]:
            if unit["hp"] <= 0 or unit["step"] != step:
                continue
            if step == "magic" and b["dispel"][foe] and b["round"] == 1:
                continue
            value = unit["hp"] if unit["kind"] in ("fort", "town") else unit["value"]
            if b["fan"][foe] and unit["flying"]:
                value -= 1
            for _ in range(2 if unit["charge"] else 1):
                roll = state.roll()
                if roll <= value:
                    hits += 1
                elif luck and roll == value + 1:
                    hits, luck = hits + 1, False
        b["hits"][foe] = hits
    for side in (0, 1):
        _soak(state, b, side)


def _soak(state, b, side) -> None:
    """Shields, then the talisman, take hits before any unit does."""
    absorbed = min(b["shield"][side], b["hits"][side])
    b["shield"][side] -= absorbed
    b["hits"][side] -= absorbed
    if b["hits"][side] and b["talisman"][side]:
        b["talisman"][side] = False
        if 2 <= state.roll() <= 5:
            b["hits"][side] -= 1


def _same(unit) -> tuple:
    """Units that are alike for absorbing a hit (then the game picks, not the player)."""
    return (unit["kind"], (unit["thing"] or "").split(":")[0], unit["hp"], unit["ward"])


def over(b) -> bool:
    return not alive(b, 0) or not alive(b, 1) or b["round"] > MAX_ROUNDS


def retreats(state, b, side) -> list[int]:
    seat = b["seats"][side]
    if seat < 0 or not any(u["token"] for u in b["units"][side]):
        return []
    return [h for h in state.neighbours(b["hex"]) if state.owner[h] == seat
            and all(o == seat for o in state.seats_at(h))]


def run(state: State, data) -> bool:
    """Move the battle on; True when it is over (and resolved)."""
    from toolkit.games.kings_and_things import battle_choices as choices
    b = state.battle
    while True:
        stage = b["stage"]
        if stage == "items":
            side = b["items_side"]
            if side > 1:
                b["stage"] = "bribe"
            elif choices.items(state, data, side):
                state.actor = seat_of(b, side)
                return False
            else:
                b["items_side"] += 1
        elif stage == "bribe":
            if not b["bribed"] and choices.bribes(state, data):
                state.actor = b["seats"][0]
                return False
            b["stage"] = "roll"
        elif stage == "roll":
            if over(b):
                combat_end.finish(state, data)
                return True
            _roll_step(state, data, b)
            b["stage"], b["absorbing"] = "absorb", 0
        elif stage == "absorb":
            side = b["absorbing"]
            if side > 1:
                b["step"] += 1
                b["stage"] = "roll"
                if b["step"] == len(STEPS):
                    b["step"], b["stage"], b["retreat_side"] = 0, "retreat", 0
                continue
            cands = candidates(b, side)
            if b["hits"][side] <= 0 or not cands:
                b["hits"][side] = 0
                b["absorbing"] += 1
            elif len({_same(u) for u in cands}) == 1:
                b["hits"][side] -= 1
                hit(state, data, b, side, cands[0])
            else:
                state.actor = seat_of(b, side)
                return False
        elif stage == "retreat":
            side = b["retreat_side"]
            if over(b):
                combat_end.finish(state, data)
                return True
            if side > 1:
                b["round"] += 1
                b["stage"] = "roll"
            elif retreats(state, b, side):
                state.actor = b["seats"][side]
                return False
            else:
                b["retreat_side"] += 1
