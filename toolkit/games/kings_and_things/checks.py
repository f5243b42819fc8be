"""The record of a game, the numbers a balance report counts per seat, and the invariants
`check` runs after every action."""

from __future__ import annotations

from collections import Counter

from toolkit.games.kings_and_things.data import by_key
from toolkit.games.kings_and_things.state import income

PER_SEAT = ("income", "drawn", "heroes", "battles", "battles_won", "captures",
            "explorations", "bluffs_caught", "builds", "events")


def record(state, data) -> dict:
    return {
        "rounds": state.round, "end_reason": state.end_reason, "order": list(state.order),
        # turn order: round 1's first player (the report's seat is the place after it) and
        # the marker's holder every round (it passes on at phase 9)
        "first_player": state.firsts[0] if state.firsts else
        (state.order[0] if state.order else None),
        "first_by_round": list(state.firsts),
        "hexes": [len(state.hexes_of(s)) for s in range(state.n)],
        "final_income": [income(state, data, s) for s in range(state.n)],
        "citadels": [len(state.citadels_of(s)) for s in range(state.n)],
        "gold": list(state.gold),
        "stats": {k: list(v) for k, v in sorted(state.stats.items())},
    }


def metrics(rec) -> dict[str, list[float]]:
    n = len(rec.get("hexes", []))
    out = {"hexes": [float(x) for x in rec.get("hexes", [])],
           "final_income": [float(x) for x in rec.get("final_income", [])],
           "citadel": [float(x > 0) for x in rec.get("citadels", [])]}
    stats = rec.get("stats", {})
    for name in PER_SEAT:
        out[name] = [float(x) for x in stats.get(name, [0] * n)]
    return out


def where_things_are(state) -> Counter:
    """Every thing counter, wherever it is (cup, racks, board, battle, hands, out of play)."""
    seen = Counter(state.cup)
    for rack in state.racks:
        seen.update(rack)
    seen.update(u["thing"] for u in state.units.values() if not u["hero"])
    seen.update(t for t in state.income if t)
    seen.update(state.removed)
    seen.update(state.sub.get("pending", []))
    if state.battle:
        b = state.battle
        seen.update(u["thing"] for side in b["units"] for u in side
                    if u["thing"] and u["token"] is None and u["kind"] == "unit")
        seen.update(b["spoils"])
        if b["income"]:
            seen[b["income"]] += 1
    return seen


def _things(state):
    data = by_key(state.key)
    seen = where_things_are(state)
    if seen != Counter(data.instances):
        extra = seen - Counter(data.instances)
        lost = Counter(data.instances) - seen
        return f"things not conserved: extra {sorted(extra)[:3]}, missing {sorted(lost)[:3]}"
    return None


def _gold(state):
    bad = [s for s, g in enumerate(state.gold) if g < 0]
    return f"player {bad[0] + 1} has {state.gold[bad[0]]} gold" if bad else None


def _racks(state):
    limit = by_key(state.key).setting("rack_limit")
    bad = [s for s, r in enumerate(state.racks) if len(r) > limit]
    return f"player {bad[0] + 1} holds {len(state.racks[bad[0]])} things behind the screen" \
        if bad else None


def _stacks(state):
    data = by_key(state.key)
    for hex_, seats in state.occupancy().items():
        for seat, count in seats.items():
            citadel = state.fort[hex_] == 4 and state.owner[hex_] == seat
            if count > data.setting("stack_limit") and not citadel:
                return f"player {seat + 1} has {count} units in hex {hex_}"
        if not data.land(state.terrain[hex_]):
            return f"units stand on the sea in hex {hex_}"
    return None


def _heroes(state):
    data = by_key(state.key)
    on_board = Counter(int(data.heroes[u["thing"]].counter) for u in state.units.values()
                       if u["hero"])
    for counter in data.counters:
        if on_board[counter] + (counter in state.hero_pool) != 1:
            return f"hero counter {counter} is in play {on_board[counter]} times and " \
                   f"{'in' if counter in state.hero_pool else 'not in'} the pool"
    return None


def _forts(state):
    data = by_key(state.key)
    built = Counter(level for level in state.fort if level)
    for fort in data.forts:
        if built[fort.level] + state.forts_left[fort.level] != int(fort.copies):
            return f"{fort.id}: {built[fort.level]} built + {state.forts_left[fort.level]} " \
                   f"in the bank != {fort.copies}"
    return None


def _income_counters(state):
    data = by_key(state.key)
    for hex_, thing in enumerate(state.income):
        if thing is None:
            continue
        want = data.card(thing).terrain
        if want not in ("any", state.terrain[hex_]):
            return f"{thing} lies on {state.terrain[hex_]} (hex {hex_})"
        if state.owner[hex_] is None:
            return f"{thing} lies on unexplored hex {hex_}"
    return None


INVARIANTS = {"things_conserved": _things, "gold_not_negative": _gold,
              "rack_limit": _racks, "stack_limit": _stacks, "heroes_once": _heroes,
              "forts_counted": _forts, "income_counters": _income_counters}
