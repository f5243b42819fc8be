"""What one player may see (observation) and a re-sampled full state for search (determinize).

Hidden from a seat: deck orders (decks appear sorted), other players' goods, glory hands,
rumors and buy offers (None placeholders, counts kept), their stash gold (0; the number of
deposits is public), face-down tavern equipment ("?"), during setup the others' heroes and
parties ("?"/None), and a combat choice the other side has made but not yet revealed
("hidden"). Observations carry no random streams. Carried gold stays visible: every gain
and spend is public, so it is known to a player who watched the whole game.
"""

from __future__ import annotations

from toolkit.engine.actions import Action, ActionKind
from toolkit.engine.rng import Streams, stream
from toolkit.engine.state import clone

DECKS = ("goods_deck", "glory_deck", "hero_deck", "event_deck", "mission_deck", "rumor_deck",
         "eq_reserve")


def observation(state, seat: int):
    """A copy of the state with everything `seat` cannot see removed."""
    view = clone(state, streams=False, records=False)
    for name in DECKS:
        setattr(view, name, sorted(getattr(state, name)))
    for player in view.players:
        if player.seat == seat:
            continue
        player.goods = [None] * len(player.goods)
        player.hand = [None] * len(player.hand)
        player.rumors = [None] * len(player.rumors)
        player.stash = 0
        if view.phase == "setup":
            player.hero, player.party, player.region = "?", None, None
    for tavern, token in view.tavern_eq.items():
        if token is not None and tavern not in view.eq_revealed:
            view.tavern_eq[tavern] = "?"
    if view.visit is not None and view.turn_seat != seat:
        view.visit.offer = [None] * len(view.visit.offer)
        view.visit.prices = {}
    view.log = _masked(state.log, seat, _log_entry)
    view.history = _masked(state.history, None, _history_entry)
    _hide_choice(view, seat)
    return view


def _log_entry(entry, seat):
    """A log entry as `seat` sees it: others' buy offers are left out (None)."""
    return None if entry[0] == "offer" and entry[1] != seat else entry


def _history_entry(action, seat):
    return action if action.kind is not ActionKind.BUY else _HIDDEN_BUY


class _Masked:
    """The masked copy of an append-only list (log, history), extended as it grows."""

    __slots__ = ("source", "done", "last", "items")

    def __init__(self, source):
        self.source, self.done, self.last, self.items = source, 0, None, []


_MASKED: dict = {}  # (id of the list, seat) -> _Masked; holding the list keeps its id unique
_MASKED_MAX = 64


def _masked(source: list, seat, mask) -> list:
    """`source` with `mask(item, seat)` applied (None drops the item), as a new list; the
    work done for earlier calls on the same growing list is reused."""
    key = (id(source), seat)
    entry = _MASKED.get(key)
    n = len(source)
    if entry is None or entry.source is not source or entry.done > n \
            or (entry.done and source[entry.done - 1] is not entry.last):
        if len(_MASKED) >= _MASKED_MAX:
            _MASKED.clear()
        entry = _MASKED[key] = _Masked(source)
    items = entry.items
    for item in source[entry.done:]:
        shown = mask(item, seat)
        if shown is not None:
            items.append(shown)
    entry.done, entry.last = n, source[n - 1] if n else None
    return items[:]


_HIDDEN_BUY = Action(ActionKind.BUY, ("?",))


def _hide_choice(view, seat) -> None:
    combat = view.combat
    if combat is None:
        return
    for side in (0, 1):
        ref = combat["sides"][side]
        if combat["choices"][side] is not None and ref != f"p{seat}":
            combat["choices"][side] = "hidden"
            for i in range(len(view.history) - 1, -1, -1):
                if view.history[i].kind is ActionKind.COMBAT_CHOICE:
                    view.history[i] = Action(ActionKind.COMBAT_CHOICE, ("hidden",))
                    break


def determinize(state, seat: int, rng):
    """A full state equal to the truth in all `seat` sees, the rest re-sampled with `rng`."""
    out = clone(state, streams=False)  # its streams are new, below
    others = [p for p in out.players if p.seat != seat]
    offer_hidden = out.visit is not None and out.turn_seat != seat
    _redeal(rng, out, "goods_deck", [(p, "goods") for p in others],
            [out.visit] if offer_hidden else [])
    _redeal(rng, out, "glory_deck", [(p, "hand") for p in others])
    _redeal(rng, out, "rumor_deck", [(p, "rumors") for p in others])
    for name in ("hero_deck", "event_deck", "mission_deck"):
        rng.shuffle(getattr(out, name))
    hidden = [t for t, e in out.tavern_eq.items() if e is not None and t not in out.eq_revealed]
    tokens = [out.tavern_eq[t] for t in hidden] + out.eq_reserve
    rng.shuffle(tokens)
    for tavern in hidden:
        out.tavern_eq[tavern] = tokens.pop()
    out.eq_reserve = tokens
    gpp = out.rules.game.stash.gold_per_point
    for player in others:
        player.stash = player.deposits * gpp
    if offer_hidden:
        from toolkit.engine.tavern import offer_prices
        out.visit.prices = offer_prices(out, out.visit.offer)
    _resample_choice(out, seat, rng)
    base = rng.getrandbits(64)
    out.rng = Streams({k: stream(base, k) for k in state.rng})
    return out


def _redeal(rng, out, deck: str, holders, visits=()) -> None:
    pool = list(getattr(out, deck))
    for owner, attr in holders:
        pool += getattr(owner, attr)
    for visit in visits:
        pool += visit.offer
    rng.shuffle(pool)
    for owner, attr in holders:
        n = len(getattr(owner, attr))
        setattr(owner, attr, [pool.pop() for _ in range(n)])
    for visit in visits:
        visit.offer = [pool.pop() for _ in range(len(visit.offer))]
    setattr(out, deck, pool)


def _resample_choice(out, seat, rng) -> None:
    from toolkit.engine.combat import choice_options
    combat = out.combat
    if combat is None:
        return
    for side in (0, 1):
        ref = combat["sides"][side]
        if ref[0] == "p" and ref != f"p{seat}" and combat["choices"][side] is not None:
            options = choice_options(out, int(ref[1:]), side)
            combat["choices"][side] = options[int(rng.random() * len(options))]
