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
    for player in ctx.state.players:
        for _ in range(p.remove):
            wanted = [r for r in ctx.state.rules.races if player.bounty.get(r)]
            if wanted:
                worst = max(wanted, key=lambda r: player.bounty[r])
                player.bounty[worst] -= 1


effects.register({
    "npc_enter": (("event",), npc_enter),
    "move_npc": (("event",), move_npc),
    "storm": (("event",), storm),
    "war": (("war",), war),
    "demand_shift": (("event",), demand_shift),
    "market_boom": (("sell_bonus",), market_boom),
    "plague": (("event",), plague),
    "treasure": (("treasure",), treasure),
    "amnesty": (("event",), amnesty),
})
