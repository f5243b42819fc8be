# toolkit: compile
"""The shared deck: drawing with an immediate reshuffle, discarding (dominance cards go to
the available row), suits with birds wild, and the hand limit."""

from __future__ import annotations


def suit_of(st, card):
    return st.cards[card]["suit"]


def matches(st, card, suit) -> bool:
    """Birds are wild for a fox, rabbit or mouse demand; a bird demand takes only a bird."""
    cs = st.cards[card]["suit"]
    return cs == suit or (cs == "bird" and suit != "bird") or suit == "any"


def draw(s, seat, n=1) -> int:
    got = 0
    for _ in range(n):
        card = draw_one(s)
        if card is None:
            break
        s.hands[seat].append(card)
        got += 1
    return got


def draw_one(s):
    if not s.deck and s.discard:
        s.deck, s.discard = s.discard, []
        s.rng().shuffle(s.deck)
    return s.deck.pop() if s.deck else None


def discard(s, st, card):
    """A card leaving play: a dominance card becomes available to buy, others are discarded."""
    if st.cards[card]["type"] == "dominance":
        s.available.append(card)
    else:
        s.discard.append(card)


def spend(s, st, seat, card):
    s.hands[seat].remove(card)
    discard(s, st, card)


def matching(s, st, seat, suit):
    """Distinct cards in hand that pay a `suit` demand, exact suit before birds."""
    found = sorted({c for c in s.hands[seat] if matches(st, c, suit)},
                   key=lambda c: (st.cards[c]["suit"] == "bird", c))
    return found


def pick(s, st, seat, suit):
    """The card a payment of `suit` uses: an exact suit first, a bird only when needed."""
    found = matching(s, st, seat, suit)
    return found[0] if found else None


def has_effect(s, st, seat, effect) -> bool:
    for c in s.tableau[seat]:
        if st.cards[c]["effect"] == effect:
            return True
    return False


def drop_effect(s, st, seat, effect):
    card = next(c for c in s.tableau[seat] if st.cards[c]["effect"] == effect)
    s.tableau[seat].remove(card)
    discard(s, st, card)
