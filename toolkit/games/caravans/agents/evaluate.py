"""Scoring a position for the search agent's cut-off rollouts, in a style's gold-equivalents.

A seat's worth is its glory (stash points included) at the style's price of glory, plus
what it holds toward more: carried gold, goods at their plain price, cards, the party
(its price less damage, mercenaries, gear), less its bounty. The position value of the
searching seat adds the pull of its goals (plan.py) and subtracts the best rival's worth.
"""

from __future__ import annotations

from toolkit.games.caravans.agents.value import rumor_value
from toolkit.games.caravans.agents.view import View
from toolkit.games.caravans.engine.cards import total_glory
from toolkit.games.caravans.engine.party import damage

CARD = 3.0  # a glory card in hand, in gold


def worth(view: View) -> float:
    """The seat's standing in gold-equivalents, from what the view shows."""
    w, me, game = view.w, view.me, view.game
    value = w["glory"] * total_glory(view.obs, view.seat) + w["gold"] * me.gold
    value += game.sell.price * len(me.goods) + CARD * (len(me.hand) + len(me.followers))
    value += rumor_value(view) * len(me.rumors)
    value -= w["bounty"] * sum(me.bounty.values())
    party = me.party
    if party is not None:
        card = view.catalog.parties[party.kind]
        value += (card.cost or 2 * game.starting.gold) - game.armory.repair * damage(party)
        value += w["recruit"] * party.cur["mercenaries"] + w["equipment"] * len(party.equipment)
    return value + w["weapon"] * len(me.weapons)


def position(state, seat: int, style) -> float:
    """The seat's worth plus the pull of its goals, less the best rival's worth."""
    from toolkit.games.caravans.agents.plan import pull
    mine = View(state, seat, style)
    value = worth(mine)
    if mine.me.hero is not None and mine.me.region is not None:
        value += max(0.0, pull(mine, mine.me.region, mine.me.in_tavern))
    rivals = [worth(View(state, s, style)) for s in range(len(state.players)) if s != seat]
    return value - max(rivals)


def result_value(state, seat: int, style, results: list[float]) -> float:
    """A finished game: a win or loss outweighs any position (ten glory either way)."""
    return (2 * results[seat] - 1) * 10 * style["glory"]
