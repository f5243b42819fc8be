# toolkit: compile
"""Crafting: each faction's crafting pieces pay the suits of a card's cost once a turn;
items come from the limited supply, a persistent card is never crafted twice, favors
clear a suit of enemy pieces."""

from __future__ import annotations

from toolkit.games.root import board, cards
from toolkit.games.root import vagabond_items as vi
from toolkit.games.root.data import SUITS

PIECE = {"marquise": "workshop", "eyrie": "roost", "alliance": "sympathy"}


def pieces(s, st, seat) -> dict:
    """Unused crafting pieces by suit this turn."""
    fac = s.fac(seat)
    avail = dict.fromkeys(SUITS, 0)
    if fac == "vagabond":
        at = s.f["vagabond"]["at"]
        if at in st.suit:
            avail[st.suit[at]] = vi.ready(s, "hammer")
        return avail
    for c in st.suit:
        n = len(board.buildings(s, c, fac, PIECE[fac]) + board.tokens(s, c, fac, PIECE[fac]))
        avail[st.suit[c]] += n
    for suit, used in s.flags.get("crafted_with", {}).items():
        avail[suit] -= used
    return avail


def affordable(cost, avail) -> bool:
    for x in SUITS:
        if avail[x] < cost.count(x):
            return False
    total = 0
    for n in avail.values():
        total += n
    return len(cost) <= total


def options(s, st, seat) -> list:
    avail = None   # the crafting pieces, found for the first card that needs them
    out = []
    for card in sorted(set(s.hands[seat])):
        info = st.cards[card]
        if info["type"] not in ("item", "persistent", "once") or not info["cost"]:
            continue
        if info["type"] == "item" and s.supply.get(info["item"], 0) <= 0:
            continue
        if info["type"] == "persistent" and cards.has_effect(s, st, seat, info["effect"]):
            continue
        if avail is None:
            avail = pieces(s, st, seat)
        if affordable(info["cost"], avail):
            out.append(("craft", card))
    return out


def apply(s, st, seat, card):
    info = st.cards[card]
    fac = s.fac(seat)
    _pay(s, st, seat, info["cost"])
    s.hands[seat].remove(card)
    if info["type"] == "item":
        item = info["item"]
        s.supply[item] -= 1
        if fac == "vagabond":
            s.f["vagabond"]["items"].append([item, False, False])
        else:
            s.crafted[seat].append(item)
        vp = info["vp"]
        if fac == "eyrie" and s.f["eyrie"]["leader"] != "builder":
            vp = 1   # Disdain for Trade
        board.gain(s, seat, vp)
        cards.discard(s, st, card)
    elif info["type"] == "persistent":
        s.tableau[seat].append(card)
    else:
        favor(s, st, seat, info["suit"])
        cards.discard(s, st, card)


def _pay(s, st, seat, cost):
    if s.fac(seat) == "vagabond":
        vi.exhaust(s, "hammer", len(cost))
        return
    used = s.flags.setdefault("crafted_with", {})
    avail = pieces(s, st, seat)
    for x in cost:
        if x == "any":
            x = max(SUITS, key=lambda k: (avail[k], -SUITS.index(k)))
        avail[x] -= 1
        used[x] = used.get(x, 0) + 1


def favor(s, st, seat, suit):
    """Remove every enemy piece in each clearing of `suit`; buildings and tokens score."""
    fac = s.fac(seat)
    for c in st.clearings:
        if st.suit[c] != suit:
            continue
        board.clear_enemies(s, c, fac, seat)
