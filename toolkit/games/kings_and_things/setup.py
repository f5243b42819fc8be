# toolkit: compile
"""A new game and its setup (seed, 'setup'): the tiles laid in a spiral, the first player by
2d6, starting hexes chosen in order, then rounds of claims in play order until each player
holds `starting_hexes` (3: a second and third hex), each adjacent to your own, 10 gold and
a tower each, 10 things drawn, any number exchanged 1 for 1, then placed."""

from __future__ import annotations

import random

from toolkit.errors import ContentError
from toolkit.games.kings_and_things import flow
from toolkit.games.kings_and_things.data import Data
from toolkit.games.kings_and_things.hexmap import lay_tiles, start_candidates
from toolkit.games.kings_and_things.phases import deploy
from toolkit.games.kings_and_things.state import State


def new_state(data: Data, seed: int, seats, *, rings: int | None = None,
              terrain: list | None = None) -> State:
    n = len(seats)
    if not 2 <= n <= 4:
        raise ContentError(f"Kings & Things takes 2 to 4 players, not {n}")
    rng = random.Random(seed)
    if rings is None:
        rings = data.setting("board_rings" if n == 4 else "board_rings_small")
    board, deck = lay_tiles(data.tiles, rings, data.setting("sea_set_aside"), rng, data.land)
    if terrain is not None:
        board = list(terrain)
    pool = {c: heroes[rng.randrange(len(heroes))] for c, heroes in sorted(data.counters.items())}
    state = State(seats=list(seats), rings=rings, terrain=board, owner=[None] * len(board),
                  fort=[0] * len(board), income=[None] * len(board), deck=deck,
                  units={}, racks=[[] for _ in seats], gold=[0] * n, cup=list(data.instances),
                  hero_pool=pool, forts_left={f.level: int(f.copies) for f in data.forts},
                  rng=rng, key=data.key)
    rolls = [(state.roll() + state.roll(), rng.random(), s) for s in range(n)]
    first = max(rolls)[2]
    state.order = [(first + i) % n for i in range(n)]
    state.gold = [data.setting("starting_gold")] * n
    return state


def new_game(data: Data, seed: int, seats) -> State:
    state = new_state(data, seed, seats)
    flow.enter(state, data, "setup_start")
    return state


class StartHex(flow.Phase):
    name = "setup_start"

    def legal(self, state, data):
        taken = {h for h, o in enumerate(state.owner) if o is not None}
        return [("start", h) for h in start_candidates(state.rings)
                if h not in taken and data.land(state.terrain[h])]

    def apply(self, state, data, action):
        state.owner[action[1]] = state.actor
        return True


class ClaimHex(flow.Phase):
    """Rounds of claims in play order, one hex a turn, until each player holds
    `starting_hexes` (a player with no land hex left to claim is passed over)."""
    name = "setup_claim"

    def start_turn(self, state, data, seat):
        return bool(self._claims(state, data, seat))

    def legal(self, state, data):
        return self._claims(state, data, state.actor)

    def _claims(self, state, data, seat):
        own = set(state.hexes_of(seat))
        if len(own) >= data.setting("starting_hexes"):
            return []
        return [("claim", h) for h in range(len(state.terrain))
                if state.owner[h] is None and data.land(state.terrain[h])
                and own & set(state.neighbours(h))]

    def apply(self, state, data, action):
        state.owner[action[1]] = state.actor
        return True

    def more(self, state, data):
        return any(self._claims(state, data, seat) for seat in state.order)


class Things(flow.Phase):
    """Per player: tower, exchanges, then placing the 10 things."""
    name = "setup_things"

    def start_turn(self, state, data, seat):
        state.sub = {"step": "tower", "pending": state.draw(data, data.setting("starting_things"))}
        state.sub["fresh"] = list(state.sub["pending"])
        return True

    def legal(self, state, data):
        sub, seat = state.sub, state.actor
        if sub["step"] == "tower":
            return [("tower", h) for h in state.hexes_of(seat)]
        if sub["step"] == "exchange":
            return [("exchange", t) for t in sorted(sub["fresh"])] + [("keep",)]
        return deploy.legal(state, data, seat, sub["pending"])

    def apply(self, state, data, action):
        sub, seat = state.sub, state.actor
        if action[0] == "tower":
            state.fort[action[1]] = 1
            state.forts_left[1] -= 1
            sub["step"] = "exchange"
        elif action[0] == "exchange":
            got = state.draw(data, 1)
            sub["fresh"].remove(action[1])
            sub["pending"].remove(action[1])
            state.to_cup(action[1])
            sub["pending"] += got
        elif action[0] == "keep":
            sub["step"] = "deploy"
        else:
            return deploy.apply(state, data, seat, sub["pending"], action)
        return False


for _phase in (StartHex(), ClaimHex(), Things()):
    flow.register(_phase)
