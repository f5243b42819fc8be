"""Handlers of the event operations (registered into effects.HANDLERS below): NPCs entering and
moving, storms, plague, demand shifts, amnesty, and the modifiers that answer queries while
an event is active (war, market boom, treasure)."""

from __future__ import annotations

from toolkit.games.caravans.engine import effects, hazards, npc
from toolkit.games.caravans.engine.tavern import swap_demand


def npc_enter(ctx, p):
    npc.enter(ctx.state, p.npc, p.region)


def move_npc(ctx, p):
    npc.move(ctx.state, p.npc, p.toward)


def storm(ctx, p):
    hazards.strike_regions(ctx.state, set(p.regions), p.hits, "storm")


def war(ctx, p):
    if sorted(ctx.extra.get("races", ())) == sorted(p.races):
        ctx.value = True


def demand_shift(ctx, p):
    if p.tavern in ctx.state.demand:
        swap_demand(ctx.state, p.tavern)


def market_boom(ctx, p):
    if ctx.extra.get("good") == p.good:
        ctx.value += p.bonus


def plague(ctx, p):
    hazards.plague(ctx.state, p.race, p.mercenaries)


def treasure(ctx, p):
    if ctx.extra.get("region") == p.region:
        ctx.value *= p.multiplier


def amnesty(ctx, p):
    """Each player removes `p.remove` of its bounty markers; a player wanted by several
    races chooses which (AMNESTY decisions, in turn order); one race: no choice."""
    state = ctx.state
    owed = []
    for seat in state.order:
        if not remove_markers(state, seat, p.remove):
            owed.append(seat)
    for seat in reversed(owed):
        state.pending.append({"kind": "amnesty", "player": seat, "left": p.remove})


def remove_markers(state, seat: int, left: int) -> bool:
    """Remove markers while only one race is left to take them from; False when the
    player still owes a choice among several races."""
    player = state.players[seat]
    while left > 0:
        wanted = [r for r in state.rules.races if player.bounty.get(r)]
        if len(wanted) > 1:
            return False
        if wanted:
            player.bounty[wanted[0]] -= 1
        left -= 1 if wanted else left
    return True


effects.register({
    "npc_enter": npc_enter,
    "move_npc": move_npc,
    "storm": storm,
    "war": war,
    "demand_shift": demand_shift,
    "market_boom": market_boom,
    "plague": plague,
    "treasure": treasure,
    "amnesty": amnesty,
})
