# toolkit: compile
"""The wilds and the event slot: a card that leaves the wilds is replaced at once from the
deck; an event drawn acts at once and stays until the end of its drawer's next turn; while
anyone still has 后手保护, a drawn 强力 card goes to the exile as if never drawn."""

from __future__ import annotations

from toolkit.games.nanhuang2.rules import protection_on, protected, to_exile


def take_from_wilds(state, slot: int) -> int:
    """Remove the card of `slot` and refill the slot; returns the card taken."""
    uid = state.wilds[slot]
    state.wilds[slot] = None
    refill(state, slot)
    return uid


def refill(state, slot: int) -> None:
    drawer = state.current
    while state.deck and state.wilds[slot] is None:
        uid = state.deck.pop()
        spec = state.spec(uid)
        if spec.strong and protection_on(state):
            state.exile.append(uid)
            state.log.append(("discarded_strong", drawer, uid))
        elif spec.kind == "incident":
            start_event(state, uid, drawer)
        else:
            state.wilds[slot] = uid
            state.log.append(("refill", drawer, uid, slot))


def start_event(state, uid: int, drawer: int) -> None:
    """The event slot holds one card: a new event replaces the old one."""
    if state.event is not None:
        state.exile.append(state.event)
    state.event, state.event_owner = uid, drawer
    state.event_turn = state.players[drawer].turns
    state.log.append(("event", drawer, uid))
    if state.spec(uid).action == "plague":
        hit = [s for s in state.alive() if s != drawer and not protected(state, drawer, s)]
        # hitting an earlier player breaks the drawer's own protection: the drawer chooses
        optional = [s for s in hit if s < drawer and state.round <= state.t.setting(
            "protection_rounds") and (s, drawer) not in state.broken]
        amount = state.spec(uid).amount
        for seat in hit:
            if seat not in optional:
                lose_random(state, seat, amount)
        if optional and state.pending is None:
            state.pending = ("plague", drawer, tuple(optional), amount)


def lose_random(state, seat: int, count: int) -> None:
    """`seat` exiles `count` random cards from its hand."""
    hand = state.players[seat].hand
    for _ in range(min(count, len(hand))):
        uid = hand.pop(state.rng.randrange(len(hand)))
        state.players[seat].secret.discard(uid)
        to_exile(state, uid)
        state.players[seat].stats["cards_lost"] += 1
        state.log.append(("lost", seat, uid))


def expire_event(state, seat: int) -> None:
    """At the end of `seat`'s turn: its event ends if it was drawn in an earlier turn."""
    if state.event is not None and state.event_owner == seat and \
            state.players[seat].turns > state.event_turn:
        state.exile.append(state.event)
        state.log.append(("event_ends", seat, state.event))
        state.event, state.event_owner = None, -1
