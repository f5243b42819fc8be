"""The expectations a Kings & Things ruling may state, and exact odds by enumeration.

    {seat: 1, gold: 12}   {seat: 1, rack: 3}   {seat: 1, income: 7}   {seat: 1, hexes: 4}
    {hex: 5, owner: 2}    {hex: 5, fort: 2}    {hex: 5, income_counter: null}
    {hex: 5, units: 3}    {hex: 5, terrain: swamp}
    {unit: u1, at: 5}     {unit: u1, at: null} (gone)       {unit: u1, reach: [1, 2]}
    {phase: combat}       {stage: absorb}      {draws: 3}   {hits: [1, 0]}   {pending: 10}
    {step: place} (the phase's own step)       {defenders: 2} (standing in the battle)
    {logged: bluff}       {pool: master_thief}  {cup: 230}
    {battle_odds: {attacker: [[2], [3, ranged]], defender: [[4, charge]]}, equals: 1/3}
"""

from __future__ import annotations

from fractions import Fraction

from toolkit.errors import ToolkitError
from toolkit.games.kings_and_things.data import base
from toolkit.games.kings_and_things.state import NeedDie, income

MAX_DICE = 12
KNOWN = {"battle_odds", "equals", "seat", "gold", "rack", "income", "hexes", "units", "hex",
         "owner", "fort", "income_counter", "terrain", "unit", "at", "reach", "phase", "stage",
         "draws", "hits", "cup", "out_of_cup", "pending", "step", "defenders", "logged", "pool",
         # the generic runner's own
         "over", "winners", "current", "legal", "is", "probability"}


def _seat(seat):
    return seat + 1 if isinstance(seat, int) else seat


def _pair(want, got):
    return None if want == got else (str(want), str(got))


def expect(state, data, item):
    if "battle_odds" in item:
        from toolkit.games.kings_and_things.odds import parse_side, win_chance
        spec = item["battle_odds"]
        got = win_chance(parse_side(spec["attacker"]), parse_side(spec["defender"]))
        return _pair(Fraction(str(item.get("equals"))), got)
    if "seat" in item:
        seat = int(item["seat"])
        facts = {"gold": lambda: state.gold[seat], "rack": lambda: len(state.racks[seat]),
                 "income": lambda: income(state, data, seat),
                 "hexes": lambda: len(state.hexes_of(seat)),
                 "units": lambda: sum(u["owner"] == seat for u in state.units.values())}
        return _facts(item, facts, "seat")
    if "hex" in item:
        hex_ = int(item["hex"])
        facts = {"owner": lambda: state.owner[hex_], "fort": lambda: state.fort[hex_],
                 "income_counter": lambda: base(state.income[hex_]) if state.income[hex_]
                 else None,
                 "units": lambda: len(state.units_at(hex_)),
                 "terrain": lambda: state.terrain[hex_]}
        return _facts(item, facts, "hex")
    if "unit" in item:
        token = item["unit"]
        if "reach" in item:
            from toolkit.games.kings_and_things.phases.movement import reach
            got = reach(state, data, token) if token in state.units else []
            return _pair(sorted(item["reach"]), got)
        unit = state.units.get(token)
        return _pair(item.get("at"), unit["hex"] if unit else None)
    b = state.battle
    simple = {"phase": lambda: state.phase, "stage": lambda: b["stage"] if b else None,
              "draws": lambda: state.sub.get("draws"), "hits": lambda: b["hits"] if b else None,
              "cup": lambda: len(state.cup),
              "out_of_cup": lambda: len(data.instances) - len(state.cup),  # things drawn
              "pending": lambda: len(state.sub.get("pending", [])),
              "step": lambda: state.sub.get("step"),
              "defenders": lambda: len([u for u in b["units"][1] if u["hp"] > 0]) if b else None}
    for key, fact in simple.items():
        if key in item:
            return _pair(item[key], fact())
    if "logged" in item:
        kinds = [e[0] for e in state.log]
        return None if item["logged"] in kinds else (f"'{item['logged']}' in the log",
                                                    ", ".join(kinds[-8:]) or "nothing")
    if "pool" in item:
        return None if item["pool"] in state.hero_pool.values() else (
            f"{item['pool']} face up in the pool", ", ".join(sorted(state.hero_pool.values())))
    return f"expectation {sorted(item)} is not known to Kings & Things"


def _facts(item, facts, selector):
    for key, want in item.items():
        if key == selector:
            continue
        if key not in facts:
            return f"'{key}' is not a fact of a {selector} (known: {', '.join(sorted(facts))})"
        problem = _pair(want, facts[key]())
        if problem:
            if key == "owner":   # a seat: shown from 1, as the ruling wrote it
                return (f"owner {_seat(want)}", f"owner {_seat(facts[key]())}")
            return (f"{key} {want}", f"{key} {problem[1]}")
    return None


def probability(game, catalog, setup, seed, play, holds):
    """The exact chance that `holds` after `play`, over every roll of the dice (draws from
    the cup must be forced in the setup)."""
    total = Fraction(0)
    stack = [[]]
    while stack:
        prefix = stack.pop()
        state = game.scenario(catalog, dict(setup, dice=list(setup.get("dice", [])) + prefix),
                              seed)
        state.enumerating = True
        try:
            state = play(state)
            ok = holds(state)
        except NeedDie:
            if len(prefix) >= MAX_DICE:
                raise ToolkitError(f"more than {MAX_DICE} dice to enumerate; force some "
                                   "rolls with 'dice:' in the setup")
            stack += [prefix + [d] for d in range(6, 0, -1)]
            continue
        if ok:
            total += Fraction(1, 6 ** len(prefix))
    return total
