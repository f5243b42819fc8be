# toolkit: compile
"""Hidden information (bluffing): what a seat sees, and full states consistent with it.

Hidden from a seat: the other players' racks (only their size shows), which thing each
face-down enemy counter is (until shown in a battle), the other players' things being drawn
or placed, the cup's content (only its size), the order of the face-down replacement
tiles (only which tiles they are: the board shows the rest of the set) and the future dice."""

from __future__ import annotations

import random

HIDDEN = "?"


def _shallow(state):
    """copy.copy of the state (its attributes shared), without copy's dispatch."""
    new = object.__new__(type(state))
    new.__dict__.update(state.__dict__)
    return new


def fast_clone(state):
    """An independent copy, cheaper than a deep copy: the log's events are never changed,
    so they are shared."""
    new = _shallow(state)
    for name in ("terrain", "owner", "fort", "income", "deck", "gold", "order", "firsts",
                 "removed",
                 "free_builds", "built", "cup", "dice", "draws", "log"):
        setattr(new, name, list(getattr(state, name)))
    new.racks = [list(r) for r in state.racks]
    new.units = {t: dict(u) for t, u in state.units.items()}
    new.hero_pool, new.forts_left = dict(state.hero_pool), dict(state.forts_left)
    new.citadel_since = dict(state.citadel_since)
    new.battles = {h: list(s) for h, s in state.battles.items()}
    new.stats = {k: list(v) for k, v in state.stats.items()}
    new.sub = copy_sub(state.sub)
    new.battle = copy_battle(state.battle)
    if state.rng is not None:
        new.rng = random.Random()
        new.rng.setstate(state.rng.getstate())
    return new


def copy_sub(sub: dict) -> dict:
    """A copy of a phase's working data (its values are strings, ints and flat lists)."""
    return {k: list(v) if type(v) is list else v for k, v in sub.items()}


def copy_battle(b: dict | None) -> dict | None:
    """A copy of a battle: its units' dicts and its flat lists copied, the scalars shared."""
    if b is None:
        return None
    out = {k: list(v) if type(v) is list else v for k, v in b.items()}
    out["units"] = [[dict(u) for u in side] for side in b["units"]]
    return out


def observation(state, seat: int):
    obs = _shallow(state)
    obs.rng, obs.dice = None, []
    obs.racks = [list(r) if s == seat else [HIDDEN] * len(r) for s, r in enumerate(state.racks)]
    obs.cup = [HIDDEN] * len(state.cup)
    units = obs.units = {}
    for t, u in state.units.items():
        units[t] = seen = dict(u)
        if not (u["owner"] == seat or u["shown"]):
            seen["thing"] = None
    obs.sub = sub = copy_sub(state.sub)
    if state.actor != seat:
        for key in ("pending", "fresh"):
            if key in sub:
                sub[key] = [HIDDEN] * len(sub[key])
    obs.battle = copy_battle(state.battle)
    obs.log = list(state.log)
    obs.stats = {k: list(v) for k, v in state.stats.items()}
    obs.terrain, obs.owner, obs.fort = list(state.terrain), list(state.owner), list(state.fort)
    obs.income, obs.deck, obs.gold = list(state.income), sorted(state.deck), list(state.gold)
    obs.order, obs.firsts, obs.removed = list(state.order), list(state.firsts), list(state.removed)
    obs.free_builds, obs.built = list(state.free_builds), list(state.built)
    obs.hero_pool, obs.forts_left = dict(state.hero_pool), dict(state.forts_left)
    obs.battles = {h: list(s) for h, s in state.battles.items()}
    obs.citadel_since = dict(state.citadel_since)
    return obs


def _known(obs, data) -> list[str]:
    seen = [t for r in obs.racks for t in r if t != HIDDEN]
    seen += [u["thing"] for u in obs.units.values() if u["thing"] and not u["hero"]]
    seen += [t for t in obs.income if t] + list(obs.removed)
    for key in ("pending", "fresh"):
        seen += [t for t in obs.sub.get(key, []) if t != HIDDEN and key == "pending"]
    if obs.battle:
        b = obs.battle
        seen += [u["thing"] for side in b["units"] for u in side
                 if u["thing"] and u["token"] is None and u["kind"] == "unit"]
        seen += list(b["spoils"]) + ([b["income"]] if b["income"] else [])
    return seen


def determinize(obs, seat: int, rng: random.Random, data):
    """A full state equal to `obs` in all `seat` sees, the hidden things dealt at random."""
    state = fast_clone(obs)
    state.rng = random.Random(rng.getrandbits(64))
    unknown = list(data.instances)
    for thing in _known(obs, data):
        if thing in unknown:
            unknown.remove(thing)
    rng.shuffle(unknown)
    creatures = [t for t in unknown if data.kind(t) == "creature"]
    for token in sorted(state.units, key=lambda t: int(t[1:])):
        unit = state.units[token]
        if unit["thing"] is None:
            pick = creatures.pop() if creatures else unknown[-1]
            unknown.remove(pick)
            unit["thing"] = pick
    for s, rack in enumerate(state.racks):
        if s != seat:
            state.racks[s] = [unknown.pop() for _ in rack]
    if "pending" in state.sub:
        state.sub["pending"] = [t if t != HIDDEN else unknown.pop() for t in state.sub["pending"]]
        if "fresh" in state.sub:
            fresh = [t for t in state.sub["pending"]][:len(state.sub["fresh"])]
            state.sub["fresh"] = fresh
    state.cup = sorted(unknown)
    return state
