# toolkit: compile
"""What a seat may see, and full states consistent with it. Hidden: the deck's order and
contents, and the cards of another player's hand that nobody else has seen (its starting
hand, card by card until each leaves the hand; everything else reaches a hand in the open).
While starting hands are chosen, which of their 18 basics the others kept is hidden too.
Hidden cards show as -1 placeholders."""

from __future__ import annotations

import random

from toolkit.games.nanhuang2.cards import FIELD

HIDDEN = -1


def observation(state, seat: int):
    # the log is not needed to decide; the game's chance is not the player's to see: the
    # observation's stream is random.Random(0) (made only if something draws from it)
    obs = _hide(state, state.clone(log=False, rng=False), seat)
    obs.deck = [HIDDEN] * len(state.deck)
    return obs


def view(state, seat: int):
    """The observation (the same value) as a view that shares the state's lists, sets and
    dicts wherever it hides nothing: cheaper than a copy, for an agent that only reads what
    it sees (the warlord, in batch.py) and decides before the state changes again. Its
    hidden deck is a list shared by every view of that many cards."""
    obs = _hide(state, state.shallow(), seat)
    size = len(state.deck)
    while len(_HIDDEN_DECKS) <= size:
        _HIDDEN_DECKS.append([HIDDEN] * len(_HIDDEN_DECKS))
    obs.deck = _HIDDEN_DECKS[size]
    return obs


_HIDDEN_DECKS: list = []   # size -> [HIDDEN] * size (views only: never changed)


def _hide(state, obs, seat: int):
    """`obs`, a copy or a view of `state` (its players and boxes lists its own), with what
    `seat` may not see hidden but the deck (the caller's: a list of its own, or a view's
    shared one)."""
    for s in range(len(obs.players)):
        if s != seat:
            p = obs.players[s]
            if p.secret:   # (else the hand and empty secret are already right)
                p = p.shallow()
                p.hand = [HIDDEN if u in p.secret else u for u in p.hand]
                p.secret = set()
                obs.players[s] = p
            if state.phase == "setup" and p.hand:   # its choice of starting hand is its own
                obs.box[s] = {}
    return obs


def visible(state) -> set[int]:
    seen = {u for u in state.wilds if u is not None}
    if state.event is not None:
        seen.add(state.event)
    seen.update(state.exile, state.tokens)
    for pile in list(state.supply.values()) + [p for box in state.box for p in box.values()]:
        seen.update(pile)
    for p in state.players:
        seen.update(p.hand)
        for z in FIELD:
            seen.update(p.zone(z))
    seen.discard(HIDDEN)
    return seen


def determinize(obs, seat: int, rng: random.Random):
    """Deal the unseen cards at random, consistently with what `seat` saw: another player's
    hidden hand cards are starting basics, drawn from the basics seen nowhere (during setup:
    from that player's own 18, the rest back to its box); the unseen market cards are the
    deck, shuffled. The game's chance gets a fresh stream from `rng`."""
    state = obs.clone()
    seen = visible(state)
    for s, p in enumerate(state.players):
        if s != seat and state.phase == "setup" and p.hand and not state.box[s]:
            own = [u for u in state.dealt[s] if u not in seen]
            rng.shuffle(own)
            p.hand, rest = own[:len(p.hand)], own[len(p.hand):]
            state.box[s] = {cid: [u for u in rest if state.cards[u] == cid]
                            for cid in state.t.basics}
            p.secret = set(p.hand)
            seen.update(own)
    unseen = [u for u in range(len(state.cards)) if u not in seen]
    rng.shuffle(unseen)
    basics = [u for u in unseen if state.spec(u).kind in ("basic", "token")]
    deck = [u for u in unseen if state.spec(u).kind not in ("basic", "token")]
    for s, p in enumerate(state.players):
        if s != seat and HIDDEN in p.hand:
            count = p.hand.count(HIDDEN)
            dealt, basics = basics[:count], basics[count:]
            p.hand = [u for u in p.hand if u != HIDDEN] + dealt
            p.secret = set(dealt)
    state.deck = deck + basics            # (none left over in a state the game reached)
    rng.shuffle(state.deck)
    state.rng = random.Random(rng.getrandbits(64))
    return state
