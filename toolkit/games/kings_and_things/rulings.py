"""Rulings hooks: a position from a ruling's `setup:`, steps matched to actions, the
game's own expectations, and exact probabilities by enumerating the dice.

    setup:
      players: 2                 # default 2; seed: any int
      terrain: {default: plains, 3: forest}   # every hex plains but hex 3 (default: random)
      phase: move                # the phase to start in (default move); round: 1
      order: [1, 2]              # player order, first player first (seats from 1)
      gold: [10, 10]
      hexes: {0: {owner: 1, fort: 1, income: copper_mine}, 1: {owner: 2}}
      units: [{seat: 1, thing: goblins, hex: 0}, {seat: 2, thing: ice_lord, hex: 1}]
      racks: {1: [magic_sword]}
      pool: [master_thief]       # heroes whose side is face up in the pool
      dice: [3, 5]               # the next rolls; draws: [elves] the next things drawn
      arrivals: {5: [2]}         # who entered a contested hex first
      citadel_since: {1: 1}
Units get tokens u1, u2, ... in the order listed; `thing` names an entry id (the first
copy still in the cup is used)."""

from __future__ import annotations

from toolkit.errors import ContentError
from toolkit.games.kings_and_things import flow
from toolkit.games.kings_and_things.actions import to_json
from toolkit.games.kings_and_things.data import base
from toolkit.games.kings_and_things.setup import new_state

SETUP_KEYS = {"players", "seed", "terrain", "rings", "phase", "round", "order", "gold",
              "hexes", "units", "racks", "pool", "dice", "draws", "arrivals", "citadel_since",
              "empty_cup"}


def _take(state, data, id_: str) -> str:
    for thing in sorted(state.cup):
        if base(thing) == id_:
            state.cup.remove(thing)
            return thing
    raise ContentError(f"ruling setup: no copy of '{id_}' is left in the cup")


def scenario(data, setup, seed):
    unknown = sorted(set(setup) - SETUP_KEYS)
    if unknown:
        raise ContentError(f"setup key '{unknown[0]}' is not known to Kings & Things "
                           f"(known: {', '.join(sorted(SETUP_KEYS))})")
    n = int(setup.get("players", 2))
    state = new_state(data, int(setup.get("seed", seed)), ["rulings"] * n,
                      rings=setup.get("rings"))
    terrain = setup.get("terrain")
    if terrain:
        default = terrain.get("default")
        for hex_ in range(len(state.terrain)):
            state.terrain[hex_] = terrain.get(hex_, default or state.terrain[hex_])
    state.order = list(setup.get("order", range(n)))
    state.gold = list(setup.get("gold", [data.setting("starting_gold")] * n))
    state.round = int(setup.get("round", 1))
    for hex_, spec in (setup.get("hexes") or {}).items():
        hex_ = int(hex_)
        state.owner[hex_] = spec.get("owner")
        if spec.get("fort"):
            state.fort[hex_] = int(spec["fort"])
            state.forts_left[state.fort[hex_]] -= 1
        if spec.get("income"):
            state.income[hex_] = _take(state, data, spec["income"])
    for spec in setup.get("units") or []:
        thing = spec["thing"]
        if thing in data.heroes:
            state.hero_pool.pop(int(data.heroes[thing].counter), None)
            token = state.new_unit(int(spec["seat"]), thing, int(spec["hex"]), hero=True)
        else:
            token = state.new_unit(int(spec["seat"]), _take(state, data, thing),
                                   int(spec["hex"]))
        state.units[token]["moved"] = bool(spec.get("moved", False))
        state.units[token]["shown"] |= bool(spec.get("shown", False))
    for seat, ids in (setup.get("racks") or {}).items():
        state.racks[int(seat)] = [_take(state, data, i) for i in ids]
    for hero in setup.get("pool") or []:
        state.hero_pool[int(data.heroes[hero].counter)] = hero
    if setup.get("empty_cup"):   # the cup has run dry: what it held is out of play
        state.removed.extend(state.cup)
        state.cup, state.cup_emptied = [], True
    state.dice = list(setup.get("dice", []))
    state.draws = [_take_name(state, i) for i in setup.get("draws", [])]
    state.battles = {int(h): list(s) for h, s in (setup.get("arrivals") or {}).items()}
    state.citadel_since = {int(s): int(r) for s, r in (setup.get("citadel_since") or {}).items()}
    phase = setup.get("phase", "move")
    if phase not in flow.PHASES:
        raise ContentError(f"setup phase '{phase}' is not a phase of Kings & Things "
                           f"(phases: {', '.join(flow.ROUND)})")
    flow.enter(state, data, phase)
    return state


def _take_name(state, id_: str) -> str:
    """The instance a forced draw will take (the first copy of `id_` in the cup)."""
    for thing in sorted(state.cup):
        if base(thing) == id_:
            return thing
    raise ContentError(f"ruling setup: draws names '{id_}', which is not in the cup")


def step_matches(state, action, step) -> bool:
    data = to_json(action)
    if data["kind"] != step.get("do"):
        return False
    for key, want in step.items():
        if key in ("do", "by"):
            continue
        got = data.get(key)
        if key in ("thing", "other", "hero") and isinstance(got, str):
            got = base(got)
        if got != want:
            return False
    return True


def ruling_problems(ruling) -> list[tuple[tuple, str]]:
    """Problems of a ruling's Kings & Things parts found when the rulings load: unknown
    setup keys, action kinds and expectation facts."""
    from toolkit.games.kings_and_things.actions import ARGS
    from toolkit.games.kings_and_things.rulings_expect import KNOWN
    out = []
    for key in sorted(set(ruling.get("setup") or {}) - SETUP_KEYS):
        out.append((("setup", key), f"unknown setup key '{key}' (known: "
                    f"{', '.join(sorted(SETUP_KEYS))})"))
    for i, step in enumerate(ruling.get("steps") or []):
        kind = step.get("do")
        if kind not in ARGS and kind != "event":
            out.append((("steps", i, "do"), f"unknown action '{kind}' (known: "
                        f"{', '.join(sorted(ARGS))}, event)"))
    for i, item in enumerate(ruling.get("expect") or []):
        inner = item.get("probability", item)
        unknown = sorted(set(inner) - KNOWN) if isinstance(inner, dict) else []
        if unknown:
            out.append((("expect", i, unknown[0]), f"unknown expectation '{unknown[0]}'"))
    return out
