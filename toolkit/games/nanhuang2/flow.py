# toolkit: compile
"""The turn cycle: phase 1 (losing after empty starts, the field's power and economy,
monsters leaving, 弱者补偿), the end of a turn (the event's end), the next living player,
elimination, and the end of the game (one survivor, or the round limit)."""

from __future__ import annotations

from toolkit.games.nanhuang2.rules import field_strength, income, to_exile
from toolkit.games.nanhuang2.wilds import expire_event


def begin_play(state) -> None:
    """After the starting hands: the basics left go to the always-available area."""
    merge_boxes(state)
    state.round = 1
    state.current = 0
    start_turn(state, 0)


def merge_boxes(state) -> None:
    """The basics nobody chose go to the always-available area."""
    state.supply = {cid: [u for box in state.box for u in box.get(cid, ())]
                    for cid in state.t.basics}
    state.box = [{} for _ in state.box]


def start_turn(state, seat: int) -> None:
    p = state.players[seat]
    p.turns += 1
    p.moved.clear()
    p.shifted.clear()
    state.offers = 0
    state.wiped = set()
    state.log.append(("turn", seat, state.round))
    if not p.field():
        p.empty_starts += 1
        if p.empty_starts >= state.t.setting("empty_starts_to_lose"):
            eliminate(state, seat)
            if state.phase != "over":
                advance(state)
            return
    else:
        p.empty_starts = 0
    # phase 1: the field's power and economy, plus what trades promised
    power, economy = income(state, seat)
    p.power = power + p.incoming[0]
    p.economy = economy + p.incoming[1]
    p.incoming = [0, 0]
    state.log.append(("income", seat, p.power, p.economy))
    for zone in (p.front, p.back):
        for uid in [u for u in zone if state.spec(u).kind == "monster"]:
            zone.remove(uid)
            state.exile.append(uid)
            state.log.append(("monster_leaves", seat, uid))
    mine = field_strength(state, seat)
    rivals = [field_strength(state, s) for s in state.alive() if s != seat]
    weakest = bool(rivals)
    for r in rivals:
        if not mine < r:
            weakest = False
    p.exile_chance = weakest
    state.snapshot = {}
    for s in state.alive():
        q = state.players[s]
        if s != seat and q.field():
            state.snapshot[s] = q.field()
    state.phase = "main"


def end_turn(state) -> None:
    """The turn's player is done (after taking facilities back, if it wished)."""
    seat = state.current
    p = state.players[seat]
    p.power = p.economy = 0
    p.exile_chance = False
    expire_event(state, seat)
    advance(state)


def advance(state) -> None:
    """The next living player's turn; a new round after the last seat."""
    seat = state.current
    for _ in range(state.n):
        seat += 1
        if seat >= state.n:
            seat = 0
            state.round += 1
            if state.round > state.t.setting("round_limit"):
                finish(state, state.alive())
                return
        if state.players[seat].alive:
            state.current = seat
            start_turn(state, seat)
            return
    finish(state, state.alive())


def eliminate(state, seat: int) -> None:
    """A player fails: its cards leave the game (to the exile), its event ends."""
    p = state.players[seat]
    p.alive = False
    p.out_round = state.round
    for uid in p.hand + p.field():
        to_exile(state, uid)
    p.hand, p.front, p.back, p.facilities = [], [], [], []
    p.power = p.economy = 0
    p.incoming = [0, 0]
    if state.event is not None and state.event_owner == seat:
        state.exile.append(state.event)
        state.event, state.event_owner = None, -1
    state.log.append(("out", seat, state.round))
    alive = state.alive()
    if len(alive) <= 1:
        finish(state, alive)


def finish(state, winners) -> None:
    state.phase = "over"
    state.pending = None
    state.winners = list(winners)
    state.current = -1
    state.log.append(("over", -1, tuple(winners)))
