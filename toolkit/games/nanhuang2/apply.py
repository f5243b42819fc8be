# toolkit: compile
"""Applying an action: each kind of action's effect on the state, in the rules' words."""

from __future__ import annotations

from toolkit.errors import ContentError
from toolkit.games.nanhuang2 import flow
from toolkit.games.nanhuang2.rules import (basic_price, defeat_cost, note_hostile,
                                           remove_from_field, strike_cost, to_exile,
                                           wild_price)
from toolkit.games.nanhuang2.setup import choose_start
from toolkit.games.nanhuang2.wilds import lose_random, refill, take_from_wilds


def is_over(state) -> bool:
    return state.phase == "over"


def current_player(state) -> int:
    if state.phase == "over":
        return -1
    if state.pending is not None:
        return state.pending[2] if state.pending[0] == "offer" else state.pending[1]
    return state.current


def apply_action(state, action):
    handler = HANDLERS.get(action[0]) if isinstance(action, tuple) and action else None
    if handler is None:
        raise ContentError(f"{action!r} is not a nanhuang2 action")
    # the frequent kinds called directly (compiled: C calls, no argument tuple), the
    # others (and an action of another length, which the handler refuses) by HANDLERS
    fast, size = FAST.get(action[0], 0), len(action)
    if fast == 1 and size == 1:
        _end(state)
    elif fast == 2 and size == 2:
        _buy(state, action[1])
    elif fast == 3 and size == 2:
        _basic(state, action[1])
    elif fast == 4 and size == 2:
        _recall(state, action[1])
    elif fast == 5 and size == 3:
        _place(state, action[1], action[2])
    elif fast == 6 and size == 3:
        _strike(state, action[1], action[2])
    elif fast == 7 and size == 1:
        _labour(state)
    elif fast == 8 and size == 2:
        _defeat(state, action[1])
    elif fast == 9 and size == 2:
        _exile(state, action[1])
    elif fast == 10 and size == 2:
        _shift(state, action[1])
    elif fast == 11 and size == 1:
        _finish(state)
    elif fast == 12 and size == 2:
        _take_back(state, action[1])
    elif fast == 13 and size == 4:
        _play(state, action[1], action[2], action[3])
    else:
        handler(state, *action[1:])
    return state


def _start(state, *counts):
    choose_start(state, counts)
    if state.current + 1 < state.n:
        state.current += 1
    else:
        flow.begin_play(state)


def _player(state):
    return state.players[state.current]


def _defeat(state, slot):
    p = _player(state)
    uid = state.wilds[slot]
    p.power -= defeat_cost(state, uid)
    spec = state.spec(uid)
    p.economy += spec.spoils
    p.stats["monsters_defeated" if spec.kind == "monster" else "soldiers_defeated"] += 1
    p.picks.append(("defeated", spec.id))
    take_from_wilds(state, slot)
    state.exile.append(uid)


def _buy(state, slot):
    p = _player(state)
    uid = state.wilds[slot]
    p.economy -= wild_price(state, uid)
    p.stats["bought"] += 1
    p.picks.append(("bought", state.cards[uid]))
    take_from_wilds(state, slot)
    p.hand.append(uid)


def _basic(state, cid):
    p = _player(state)
    p.economy -= basic_price(state, cid)
    p.hand.append(state.supply[cid].pop())
    p.stats["basics_bought"] += 1


def _labour(state):
    p = _player(state)
    cost, gain = state.t.labour
    p.power -= cost
    p.economy += gain
    p.stats["labour"] += 1


def _place(state, uid, zone):
    p = _player(state)
    p.hand.remove(uid)
    p.secret.discard(uid)
    p.zone(zone).append(uid)
    p.moved.add(uid)


def _recall(state, uid):
    p = _player(state)
    remove_from_field(state, state.current, uid)
    p.hand.append(uid)
    p.moved.add(uid)


def _shift(state, uid):
    p = _player(state)
    src, dst = (p.front, p.back) if uid in p.front else (p.back, p.front)
    src.remove(uid)
    dst.append(uid)
    p.shifted.add(uid)


def _strike(state, target, uid):
    p = _player(state)
    p.power -= strike_cost(state, uid)
    p.stats["strikes"] += 1
    _kill(state, target, uid)


def _kill(state, target, uid):
    """A card on `target`'s field dies; emptying a field that had cards at phase 1 is 清场."""
    note_hostile(state, state.current, target)
    remove_from_field(state, target, uid)
    to_exile(state, uid)
    victim = state.players[target]
    victim.stats["cards_lost"] += 1
    if (not victim.field() and target in state.snapshot
            and target not in state.wiped):
        state.wiped.add(target)
        state.log.append(("cleared", state.current, target))
        _player(state).stats["wipes"] += 1
        candidates = tuple([u for u in state.snapshot[target] if u in state.exile])
        picks = int(state.t.setting("wipe_rewards"))
        if candidates and picks > 0 and state.pending is None:
            state.pending = ("wipe", state.current, target, candidates, picks)


def _play(state, uid, seat, target):
    p = _player(state)
    spec = state.spec(uid)
    p.hand.remove(uid)
    state.exile.append(uid)
    p.stats["effects_played"] += 1
    action = spec.action
    if action == "gain_power":
        p.power += spec.amount
    elif action == "gain_economy":
        p.economy += spec.amount
    elif action == "conscript":
        for _ in range(min(spec.amount, len(state.tokens))):
            p.hand.append(state.tokens.pop())
    elif action == "clear_path":
        _clear_path(state, target)
    elif action == "spy":
        note_hostile(state, state.current, seat)
        lose_random(state, seat, spec.amount)
    elif action in ("slay", "smite"):
        _kill(state, seat, target)


def _clear_path(state, slot):
    """Exile the slot's card and the monsters next to it (never a 强力 card), then refill."""
    hit = [slot] + [s for s in state.t.adjacent[slot] if state.wilds[s] is not None
                    and state.spec(state.wilds[s]).kind == "monster"
                    and not state.spec(state.wilds[s]).strong]
    uids = [state.wilds[s] for s in hit]
    for s in hit:
        state.wilds[s] = None
    state.exile.extend(uids)
    _player(state).stats["exiled_wilds"] += len(uids)
    for s in hit:
        refill(state, s)


def _exile(state, slot):
    p = _player(state)
    p.exile_chance = False
    uid = state.wilds[slot]
    p.stats["exiled_wilds"] += 1
    take_from_wilds(state, slot)
    state.exile.append(uid)


def _offer(state, to):
    state.offers += 1
    state.pending = ("deal", state.current, to, (), 0, 0, ())


def _term(state, index, value):
    deal = list(state.pending)
    deal[index] = deal[index] + value
    state.pending = tuple(deal)


def _give_card(state, uid):
    """A card put into a trade is shown to the table."""
    _term(state, 3, (uid,))
    _player(state).secret.discard(uid)


def _propose(state):
    state.pending = ("offer",) + state.pending[1:]


def _cancel(state):
    state.pending = None


def _accept(state):
    """A trade binds: cards change hands now; power and economy leave the giver now and
    reach the taker at its next phase 1 (even if the giver is out by then)."""
    _, frm, to, cards, power, economy, asks = state.pending
    state.pending = None
    giver, taker = state.players[frm], state.players[to]
    for uid in cards:
        giver.hand.remove(uid)
        giver.secret.discard(uid)
        taker.hand.append(uid)
    for cid in asks:
        uid = next(u for u in taker.hand if state.cards[u] == cid)
        taker.hand.remove(uid)
        taker.secret.discard(uid)
        giver.hand.append(uid)
    giver.power -= power
    giver.economy -= economy
    taker.incoming[0] += power
    taker.incoming[1] += economy
    giver.stats["trades"] += 1
    taker.stats["trades"] += 1
    state.log.append(("trade", frm, to, cards, power, economy, asks))


def _decline(state):
    state.pending = None


def _wipe(state, victim, uid):
    """清场 reward: one card (of `wipe_rewards`) from the exile, or none (-1: stop)."""
    _, seat, _, candidates, picks = state.pending
    state.pending = None
    if uid >= 0:
        state.exile.remove(uid)
        _player(state).hand.append(uid)
        left = tuple(u for u in candidates if u != uid)
        if picks > 1 and left:
            state.pending = ("wipe", seat, victim, left, picks - 1)


def _plague(state, hit):
    _, drawer, optional, amount = state.pending
    state.pending = None
    if hit:
        for seat in optional:
            note_hostile(state, drawer, seat)
            lose_random(state, seat, amount)


def _end(state):
    p = _player(state)
    for u in p.facilities:
        if u not in p.moved:   # a facility that may still go back to the hand
            state.phase = "end"
            return
    flow.end_turn(state)


def _take_back(state, uid):
    p = _player(state)
    p.facilities.remove(uid)
    p.hand.append(uid)
    p.moved.add(uid)


def _finish(state):
    state.phase = "main"
    flow.end_turn(state)


# the kinds apply_action calls directly, by number (compiled: Cython compares two different
# strings in full; a dict finds the kind by its hash)
FAST = {"end": 1, "buy": 2, "basic": 3, "recall": 4, "place": 5, "strike": 6, "labour": 7,
        "defeat": 8, "exile": 9, "shift": 10, "finish": 11, "take_back": 12, "play": 13}

HANDLERS = {
    "start": _start, "defeat": _defeat, "buy": _buy, "basic": _basic, "labour": _labour,
    "place": _place, "recall": _recall, "shift": _shift, "strike": _strike, "play": _play,
    "exile": _exile, "offer": _offer, "accept": _accept,
    "give_card": _give_card, "give_power": lambda s: _term(s, 4, 1),
    "give_economy": lambda s: _term(s, 5, 1), "ask": lambda s, cid: _term(s, 6, (cid,)),
    "propose": _propose, "cancel": _cancel, "decline": _decline, "wipe": _wipe,
    "plague": _plague, "end": _end, "take_back": _take_back, "finish": _finish,
}
