"""Fill the placeholders of an observation before it is determinised.

`engine.observation` hides other players' goods, glory hands and rumors, and another
player's buy offer, as None placeholders (counts kept). `engine.determinize` re-deals those
holdings from the deck together with the deck itself, so it needs real cards in the slots:
this gives each placeholder a card drawn at random from the matching deck (or, if the deck
is short, from the whole card list), which determinize then re-shuffles. The view itself is
not changed; a copy is returned. An NPC's combat choice hidden as "hidden" is restored
from the NPC's fixed rule (engine.npc.choose), which everyone knows.
"""

from __future__ import annotations

import random

from toolkit.engine import clone
from toolkit.engine.npc import choose as npc_choice

ZONES = (("goods_deck", "goods"), ("glory_deck", "hand"), ("rumor_deck", "rumors"))


def fill_hidden(view, rng: random.Random):
    """A copy of `view` whose None placeholders hold plausible cards."""
    if not _has_placeholders(view):
        return view
    out = clone(view)
    everything = {"goods_deck": list(range(len(out.rules.cards))),
                  "glory_deck": list(out.rules.glory), "rumor_deck": list(out.rules.rumors)}
    for deck, attr in ZONES:
        for player in out.players:
            held = getattr(player, attr)
            if None in held:
                setattr(player, attr, [c if c is not None else _take(out, deck, everything, rng)
                                       for c in held])
    if out.visit is not None and None in out.visit.offer:
        out.visit.offer = [c if c is not None else _take(out, "goods_deck", everything, rng)
                           for c in out.visit.offer]
    combat = out.combat
    for side in _hidden_npc_sides(out):
        combat["choices"][side] = npc_choice(out, combat, side)
    return out


def _hidden_npc_sides(view) -> list[int]:
    combat = view.combat
    if combat is None:
        return []
    return [s for s in (0, 1)
            if combat["choices"][s] == "hidden" and combat["sides"][s][0] == "n"]


def _has_placeholders(view) -> bool:
    if _hidden_npc_sides(view):
        return True
    if view.visit is not None and None in view.visit.offer:
        return True
    return any(None in getattr(p, attr) for p in view.players for _deck, attr in ZONES)


def _take(out, deck: str, everything: dict, rng: random.Random):
    cards = getattr(out, deck)
    if cards:
        return cards.pop(int(rng.random() * len(cards)))
    pool = everything[deck]
    return pool[int(rng.random() * len(pool))]
