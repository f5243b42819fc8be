# toolkit: compile
"""A new game: the market deck shuffled, seven cards in the wilds (no event and no 强力 card
at the start: those go back and are redrawn), each player's 18 basics dealt to choose a
starting hand from, the tokens set aside."""

from __future__ import annotations

from itertools import product

from toolkit.errors import ContentError
from toolkit.game import seeded_stream
from toolkit.games.nanhuang2.cards import table
from toolkit.games.nanhuang2.state import State


def new_game(catalog, seed: int, seats) -> State:
    t = table(catalog)
    seats = list(seats)
    low, high = catalog.game.players.min, catalog.game.players.max
    if not low <= len(seats) <= high:
        raise ContentError(f"nanhuang2 is played by {low} to {high} players, not {len(seats)} "
                           "(game.yaml players)")
    state = State(t, seed, seats)
    state.rng = seeded_stream(seed, "chance")
    cards = state.cards
    for cid in t.deck:
        state.deck.append(len(cards))
        cards.append(cid)
    for seat in range(len(seats)):
        for cid, per in t.basics.items():
            state.box[seat][cid] = list(range(len(cards), len(cards) + per))
            state.dealt[seat] += state.box[seat][cid]
            cards.extend([cid] * per)
    for cid in t.tokens:
        state.tokens.append(len(cards))
        cards.append(cid)
    state.uspecs = [t.specs[cid] for cid in cards]   # (State.spec reads them by uid)
    state.rng.shuffle(state.deck)
    deal_wilds(state)
    return state


def deal_wilds(state) -> None:
    """Fill the empty wilds slots; events and 强力 cards go back, the deck is shuffled and
    the slots they took are drawn again (until no such card is left in the deck's reach)."""
    for _ in range(100):
        back = []
        for slot, uid in enumerate(state.wilds):
            if uid is None and state.deck:
                uid = state.deck.pop()
                state.wilds[slot] = uid
            if uid is not None and (state.spec(uid).kind == "incident" or state.spec(uid).strong):
                back.append(uid)
                state.wilds[slot] = None
        if not back:
            return
        state.deck.extend(back)
        state.rng.shuffle(state.deck)
        if all(state.spec(u).kind == "incident" or state.spec(u).strong for u in state.deck):
            return  # nothing else left to draw: the slots stay empty
    # a deck of almost only events and strong cards: leave the remaining slots empty


def compositions(t) -> list[tuple]:
    """Every split of the starting hand over the basic kinds, at most the dealt copies each."""
    size = int(t.setting("starting_hand"))
    ranges = (range(min(size, per) + 1) for per in t.basics.values())
    return [combo for combo in product(*ranges) if sum(combo) == size]


_CHOICES: dict[int, tuple] = {}  # id(table) -> (table, its start actions)


def start_choices(state) -> list[tuple]:
    """The starting hands as actions (worked out once per table: it never changes)."""
    t = state.t
    found = _CHOICES.get(id(t))
    if found is None or found[0] is not t:
        if len(_CHOICES) > 64:
            _CHOICES.clear()
        found = _CHOICES[id(t)] = (t, [("start",) + combo for combo in compositions(t)])
    return list(found[1])


def choose_start(state, counts) -> None:
    """The current player's starting hand: `counts` of each basic in table order."""
    p = state.players[state.current]
    p.start = tuple(counts)
    for cid, count in zip(state.t.basics, counts):
        for _ in range(count):
            p.hand.append(state.box[state.current][cid].pop())
    p.secret = set(p.hand)
