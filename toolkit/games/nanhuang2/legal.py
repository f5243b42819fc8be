# toolkit: compile
"""The legal actions of the player to act, in a fixed order. An action is a tuple whose
first item names its kind (see describe.FIELDS for the meaning of the rest)."""

from __future__ import annotations

from collections import Counter

from toolkit.games.nanhuang2.cards import FIELD
from toolkit.games.nanhuang2.rules import (basic_price, card_power, defeat_cost, may_target,
                                           strike_cost, targets, wild_price)
from toolkit.games.nanhuang2.setup import start_choices

MAX_ASKS = 3   # cards one trade may ask for


def legal_actions(state) -> list[tuple]:
    if state.phase == "over":
        return []
    if state.pending is not None:
        return _pending(state)
    if state.phase == "setup":
        return start_choices(state)
    if state.phase == "end":
        p = state.players[state.current]
        return [("take_back", u) for u in _distinct(state, p.facilities, p.moved)] + [("finish",)]
    return _main(state)


def _distinct(state, uids, moved):
    """The first uid of each card id among `uids` (copies act alike), skipping the set
    `moved`."""
    out = []
    if not uids:
        return out
    cards = state.cards
    ids = []   # the card ids of `out` (a few: a list is quicker to search than a set)
    for u in uids:
        if not moved or u not in moved:
            cid = cards[u]
            if cid not in ids:
                ids.append(cid)
                out.append(u)
    return out


def _pending(state) -> list[tuple]:
    kind = state.pending[0]
    if kind == "deal":
        return _deal(state)
    if kind == "offer":
        _, _, to, _, _, _, asks = state.pending
        have = Counter([state.cards[u] for u in state.players[to].hand])
        ok = not Counter(asks) - have
        return ([("accept",)] if ok else []) + [("decline",)]
    if kind == "wipe":
        _, _, victim, candidates, _ = state.pending
        return [("wipe", victim, u) for u in candidates] + [("wipe", victim, -1)]
    return [("plague", 1), ("plague", 0)]   # hit the earlier players (breaking protection) or not


def _main(state) -> list[tuple]:
    seat = state.current
    p = state.players[seat]
    t = state.t
    out: list[tuple] = [("end",)]
    if p.exile_chance:
        out += [("exile", i) for i, u in enumerate(state.wilds)
                if u is not None and not state.spec(u).strong]
    for i, u in enumerate(state.wilds):
        if u is None:
            continue
        kind = state.spec(u).kind
        if kind in ("soldier", "monster") and p.power >= defeat_cost(state, u):
            out.append(("defeat", i))
        if p.economy >= wild_price(state, u):
            out.append(("buy", i))
    for cid, pile in state.supply.items():
        if pile and p.economy >= basic_price(state, cid):
            out.append(("basic", cid))
    if p.power >= t.labour[0]:
        out.append(("labour",))
    for u in _distinct(state, p.hand, p.moved):
        kind = state.spec(u).kind
        if kind == "effect":
            out.extend(_plays(state, seat, u))
        else:
            for z in FIELD:
                if t.fits(kind, z) and _room(state, p, z):
                    out.append(("place", u, z))
    for u in _distinct(state, p.front + p.back, p.moved):
        out.append(("recall", u))
    for z, other in (("front", "back"), ("back", "front")):
        if _room(state, p, other):
            out += [("shift", u) for u in _distinct(state, p.zone(z), p.shifted)
                    if t.fits(state.spec(u).kind, other)]
    seen = set()
    for target, u in targets(state, seat):
        if p.power >= strike_cost(state, u):
            key = (target, state.cards[u])
            if key not in seen:
                seen.add(key)
                out.append(("strike", target, u))
    if state.offers < t.setting("offers_per_turn"):
        out.extend(_offers(state, seat))
    return out


def _room(state, p, zone: str) -> bool:
    cap = state.t.zone_slots[zone]
    return cap == 0 or len(p.zone(zone)) < cap


def _plays(state, seat: int, uid: int) -> list[tuple]:
    spec = state.spec(uid)
    action = spec.action
    if action in ("gain_power", "gain_economy"):
        return [("play", uid, -1, -1)]
    if action == "conscript":
        return [("play", uid, -1, -1)] if state.tokens else []
    if action == "clear_path":
        return [("play", uid, -1, i) for i, u in enumerate(state.wilds)
                if u is not None and not state.spec(u).strong]
    if action == "spy":
        return [("play", uid, s, -1) for s in range(state.n)
                if may_target(state, seat, s, False) and state.players[s].hand]
    # slay: a card of power up to `amount` on a field, under the same guards as a strike;
    # smite: the same, but reaching any zone of the field
    seen, out = set(), []
    for target, u in targets(state, seat, guarded=action != "smite"):
        if card_power(state, u) <= spec.amount and (target, state.cards[u]) not in seen:
            seen.add((target, state.cards[u]))
            out.append(("play", uid, target, u))
    return out


def _offers(state, seat: int) -> list[tuple]:
    """Opening a trade with a living opponent (its terms are then added one by one)."""
    return [("offer", to) for to in state.alive() if to != seat]


def _deal(state) -> list[tuple]:
    """Terms of the trade being put together: hand cards, power and economy given (they
    reach the other player at its next phase 1), basic cards asked for; then propose."""
    _, frm, to, cards, power, economy, asks = state.pending
    p = state.players[frm]
    out = [("give_card", u) for u in _distinct(state, p.hand, set(cards))]
    if p.power > power:
        out.append(("give_power",))
    if p.economy > economy:
        out.append(("give_economy",))
    if len(asks) < MAX_ASKS:
        out += [("ask", cid) for cid in state.t.basics]
    if cards or power or economy or asks:
        out.append(("propose",))
    return out + [("cancel",)]
