"""What one player may see (observation) and a re-sampled full state for search (determinize).

Hidden from a seat: every deck's contents (an observation keeps only how many cards each
deck holds, as None placeholders: with the discard piles public, sorted true contents would
let a player work out everyone's hidden cards), the equipment tokens in reserve, other
players' goods, glory hands, rumors and buy offer (None placeholders, counts kept), their
stash gold (0; the number of deposits is public), face-down tavern equipment ("?"), during
setup the others' heroes and parties ("?"/None, their CHOOSE_PARTY actions "?"), and a
combat choice the other side (player or NPC) has made but not yet revealed ("hidden").
Observations carry no random streams.

Gold (seed 000: gold gained and spent is public, gold held is secret): what a watcher can
count is each rival's gold in all, carried plus stashed (every gain and spend is public);
the split is secret, since a deposit's amount is (STASH actions of others show "?"). A
rival's `gold` in an observation is the watcher's estimate of what it carries
(`seen_gold`: its gold in all less `stash.gold_per_point` for each deposit counted;
never below 0), its `stash` 0.
"""

from __future__ import annotations

import random
from collections import Counter

from toolkit.games.caravans.engine.actions import Action, ActionKind
from toolkit.games.caravans.engine.components import places, totals
from toolkit.games.caravans.engine.rng import PURPOSES, Streams, stream
from toolkit.games.caravans.engine.state import clone
from toolkit.errors import RulesError
from toolkit.games.caravans.engine.tavern import offer_prices
from toolkit.games.caravans.engine.death import start_hero
from toolkit.games.caravans.engine.combat import choice_options
from toolkit.games.caravans.engine.npc import choose as npc_choice

DECKS = ("goods_deck", "glory_deck", "hero_deck", "event_deck", "mission_deck", "rumor_deck",
         "eq_reserve")
HIDDEN = "hidden"   # an unrevealed combat choice
UNKNOWN = "?"       # a face-down token, a secret hero or party


def observation(state, seat: int):
    """A copy of the state with everything `seat` cannot see removed."""
    view = clone(state, streams=False, records=False)
    none = [None]
    # every deck (DECKS) as placeholders, in direct assignments (this runs at every decision)
    view.goods_deck, view.glory_deck = none * len(state.goods_deck), none * len(state.glory_deck)
    view.hero_deck, view.event_deck = none * len(state.hero_deck), none * len(state.event_deck)
    view.mission_deck = none * len(state.mission_deck)
    view.rumor_deck, view.eq_reserve = none * len(state.rumor_deck), none * len(state.eq_reserve)
    view.marker_pool = sorted(state.marker_pool)  # a public set; its order is random
    setup = view.phase == "setup"
    for player in view.players:
        if player.seat == seat:
            continue
        player.goods = none * len(player.goods)
        player.hand = none * len(player.hand)
        player.rumors = none * len(player.rumors)
        player.gold = seen_gold(state.rules, player)
        player.stash = 0
        if setup:
            player.hero, player.party, player.region = UNKNOWN, None, None
            player.heroes = [UNKNOWN] * len(player.heroes)
            player.start_party = None
    revealed = view.eq_revealed
    tavern_eq = view.tavern_eq
    for tavern, token in state.tavern_eq.items():
        if token is not None and tavern not in revealed:
            tavern_eq[tavern] = UNKNOWN
    if view.visit is not None and view.turn_seat != seat:
        view.visit.offer = none * len(view.visit.offer)
        view.visit.prices = {}
    if view.pending:
        for i, entry in enumerate(view.pending):
            if entry["kind"] == "loot" and entry["player"] != seat:  # the looted goods
                view.pending[i] = {**entry, "cards": none * len(entry["cards"])}
    view.log = _masked(state.log, seat, _log_entry)
    view.history = _masked(state.history, None, _history_entry)
    if setup:
        _hide_parties(view, seat)
    _hide_choice(view, seat)
    return view


def seen_gold(rules, player) -> int:
    """A player's carried gold as the others can count it: all its gold (carried and
    stashed: gains and spends are public) less `gold_per_point` for each deposit."""
    return max(0, player.gold + player.stash
               - player.deposits * rules.game.stash.gold_per_point)


def _log_entry(entry, seat):
    """A log entry as `seat` sees it: others' buy offers are left out (None)."""
    return None if entry[0] == "offer" and entry[1] != seat else entry


def _history_entry(action, seat):
    """Others' buys hide the good, deposits the amount (the masked list is everyone's:
    the mover's own entries are masked too)."""
    if action.kind is ActionKind.BUY:
        return _HIDDEN_BUY
    return action if action.kind is not ActionKind.STASH else _HIDDEN_STASH


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


_HIDDEN_BUY = Action(ActionKind.BUY, (UNKNOWN,))
_HIDDEN_STASH = Action(ActionKind.STASH, (UNKNOWN,))
_HIDDEN_PARTY = Action(ActionKind.CHOOSE_PARTY, (UNKNOWN,))
_HIDDEN_CHOICE = Action(ActionKind.COMBAT_CHOICE, (HIDDEN,))


def _hide_parties(view, seat) -> None:
    """Setup: the i-th action is the CHOOSE_PARTY of the i-th seat in turn order."""
    for i, action in enumerate(view.history):
        if action.kind is ActionKind.CHOOSE_PARTY and view.order[i] != seat:
            view.history[i] = _HIDDEN_PARTY


def _hide_choice(view, seat) -> None:
    combat = view.combat
    if combat is None or (view.pending and view.pending[-1]["kind"] in ("flee_strike",
                                                                        "block_hit")):
        return  # a FLEE_STRIKE or BLOCK_HIT decision comes after the choices are revealed
    for side in (0, 1):
        ref = combat["sides"][side]
        if combat["choices"][side] is not None and ref != f"p{seat}":
            combat["choices"][side] = HIDDEN
            if ref[0] == "p":  # a player's choice is also its last COMBAT_CHOICE action
                _hide_last_choice(view.history)


def _hide_last_choice(history: list) -> None:
    for i in range(len(history) - 1, -1, -1):
        if history[i].kind is ActionKind.COMBAT_CHOICE:
            history[i] = _HIDDEN_CHOICE
            return


def determinize(state, seat: int, rng: random.Random):
    """A full, playable state equal to the truth in all `seat` sees (`state` may be the
    true state or the seat's observation); the rest is re-sampled with `rng`: the unseen
    cards and tokens of each kind (all in the box less those in sight) are shuffled and
    dealt to the decks and to the hidden holdings, with the right counts (a rumor's truth
    follows its card); during setup the others' heroes and chosen parties are re-drawn;
    hidden combat choices are sampled; fresh random streams are drawn from `rng`."""
    out = observation(state, seat) if state.rng else clone(state, streams=False)
    _deal_unseen(out, seat, rng)
    others = [p for p in out.players if p.seat != seat]
    if out.phase == "setup":
        _resample_setup(out, others, rng)
    gpp = out.rules.game.stash.gold_per_point
    for player in others:
        player.stash = player.deposits * gpp  # the hidden amount, from the public deposits
    if out.visit is not None and out.visit.prices == {} and out.visit.offer:
        out.visit.prices = offer_prices(out, out.visit.offer)
    _resample_choice(out, seat, rng)
    base = rng.getrandbits(64)
    out.rng = Streams({k: stream(base, k) for k in PURPOSES})
    return out


def _slots(out, seat: int) -> dict:
    """Component family -> the hidden places of a view, as (container, key) pairs."""
    others = [p for p in out.players if p.seat != seat]
    offer = [out.visit.offer] if out.visit is not None else []

    def holes(*lists):
        return [(lst, i) for lst in lists for i, v in enumerate(lst) if v is None]
    return {
        "goods card": holes(out.goods_deck, *(p.goods for p in others), *offer,
                            *(d["cards"] for d in out.pending if d["kind"] == "loot")),
        "glory card": holes(out.glory_deck, *(p.hand for p in others)),
        "hero card": holes(out.hero_deck) + [(p, "hero") for p in others
                                              if p.hero == UNKNOWN],
        "event card": holes(out.event_deck),
        "mission card": holes(out.mission_deck),
        "rumor card": holes(out.rumor_deck, *(p.rumors for p in others)),
        "equipment token": holes(out.eq_reserve) + [
            (out.tavern_eq, t) for t, e in out.tavern_eq.items() if e == UNKNOWN],
    }


def _deal_unseen(out, seat: int, rng: random.Random) -> None:
    seen, box = places(out), _box(out.rules)
    for family, slots in _slots(out, seat).items():
        left = box[family].copy()
        left.subtract(c for c in seen[family] if c is not None and c != UNKNOWN)
        pool = sorted(left.elements())  # sorted: the shuffle alone decides the deal
        if len(pool) != len(slots):
            raise RulesError(f"determinize: {len(slots)} hidden {family}s but "
                             f"{len(pool)} unseen ones")
        rng.shuffle(pool)
        for (holder, key), card in zip(slots, pool):
            if isinstance(holder, (list, dict)):
                holder[key] = card
            else:
                setattr(holder, key, card)


_BOXES: dict = {}  # id(rules) -> (rules, family -> Counter of every copy in the box)


def _box(rules) -> dict:
    hit = _BOXES.get(id(rules))
    if hit is None or hit[0] is not rules:
        hit = _BOXES[id(rules)] = (rules, {f: Counter(c) for f, c in totals(rules).items()})
    return hit[1]


def _resample_setup(out, others, rng: random.Random) -> None:
    """The others' secret heroes are dealt above; those who already chose a party get one
    drawn from the starting parties, placed as CHOOSE_PARTY would place it."""
    choosing = {d["player"] for d in out.pending if d["kind"] == "choose_party"}
    parties = list(out.rules.game.starting.parties)
    for player in others:
        player.heroes = [player.hero]
        if player.seat not in choosing:
            player.start_party = parties[int(rng.random() * len(parties))]
            start_hero(out, player.seat, player.start_party, top_up=False)


def _resample_choice(out, seat, rng) -> None:
    combat = out.combat
    if combat is None:
        return
    for side in (0, 1):
        if combat["choices"][side] != HIDDEN:
            continue
        ref = combat["sides"][side]
        if ref[0] != "p":  # an NPC follows its fixed, public rule
            combat["choices"][side] = npc_choice(out, combat, side)
            continue
        options = choice_options(out, int(ref[1:]), side)
        combat["choices"][side] = options[int(rng.random() * len(options))]
