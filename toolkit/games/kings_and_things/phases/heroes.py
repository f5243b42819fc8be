# toolkit: compile
"""Phase 2, recruiting a special character (seed): dismiss any of your heroes first (their
counter goes back flipped), then try for one unowned hero: 2d6 must reach twice its combat
value; each 5 gold spent before the roll adds 1, each 10 gold spent after it adds 1. A
player holds at most one Terrain Lord (notes)."""

from __future__ import annotations

from toolkit.games.kings_and_things import flow
from toolkit.games.kings_and_things.state import stack_limit_ok


def return_hero(state, data, hero: str) -> None:
    """A hero leaves play: its counter goes back to the pool, flipped."""
    counter = int(data.heroes[hero].counter)
    sides = data.counters[counter]
    state.hero_pool[counter] = sides[(sides.index(hero) + 1) % len(sides)]


def _own_heroes(state, seat):
    return [t for t, u in sorted(state.units.items()) if u["owner"] == seat and u["hero"]]


class Heroes(flow.Phase):
    name = "heroes"

    def start_turn(self, state, data, seat):
        state.sub = {"step": "choose"}
        return bool(state.hexes_of(seat))

    def legal(self, state, data):
        seat, sub = state.actor, state.sub
        if sub["step"] == "choose":
            acts = [("dismiss", t) for t in _own_heroes(state, seat)]
            lords = any(data.heroes[state.units[t]["thing"]].power == "lord"
                        for t in _own_heroes(state, seat))
            room = any(stack_limit_ok(state, data, h, seat) for h in state.hexes_of(seat))
            per = data.setting("hero_gold_before")
            for counter, hero in sorted(state.hero_pool.items()):
                if not room or (lords and data.heroes[hero].power == "lord"):
                    continue
                need = 2 * int(data.heroes[hero].value)
                for k in range(0, min(state.gold[seat] // per, max(0, need - 2)) + 1):
                    acts.append(("recruit", hero, k))
            return acts + [("pass",)]
        if sub["step"] == "after":
            per = data.setting("hero_gold_after")
            acts = [("pay", sub["short"])] if state.gold[state.actor] >= per * sub["short"] else []
            return acts + [("decline",)]
        return [("hero_at", sub["hero"], h) for h in state.hexes_of(seat)
                if stack_limit_ok(state, data, h, seat)]

    def apply(self, state, data, action):
        seat, sub, kind = state.actor, state.sub, action[0]
        if kind == "dismiss":
            hero = state.units.pop(action[1])["thing"]
            return_hero(state, data, hero)
            return False
        if kind == "pass" or kind == "decline":
            return True
        if kind == "recruit":
            hero, spend = action[1], action[2]
            state.gold[seat] -= spend * data.setting("hero_gold_before")
            total = state.roll() + state.roll() + spend
            need = 2 * int(data.heroes[hero].value)
            sub.update(hero=hero, short=max(0, need - total))
            state.note("hero_roll", seat, hero, total, need)
            sub["step"] = "place" if total >= need else "after"
            if sub["step"] == "after" and not self.legal(state, data)[:-1]:
                return True
            return False
        if kind == "pay":
            state.gold[seat] -= action[1] * data.setting("hero_gold_after")
            sub["step"] = "place"
            return False
        # hero_at: the hero joins you on one of your hexes
        hero = action[1]
        del state.hero_pool[int(data.heroes[hero].counter)]
        state.new_unit(seat, hero, action[2], hero=True)
        state.count("heroes", seat)
        return True


flow.register(Heroes())
