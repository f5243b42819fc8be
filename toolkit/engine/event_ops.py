"""Handlers of the event operations (registered in effects.HANDLERS): NPCs entering and
moving, storms, plague, demand shifts, amnesty, and the modifiers that answer queries while
an event is active (war, market boom, treasure)."""

from __future__ import annotations


def npc_enter(ctx, p):
    from toolkit.engine.npc import enter
    enter(ctx.state, p.npc, p.region)


def move_npc(ctx, p):
    from toolkit.engine.npc import move
    move(ctx.state, p.npc, p.toward)


def storm(ctx, p):
    from toolkit.engine.hazards import strike_regions
    strike_regions(ctx.state, set(p.regions), p.hits, "storm")


def war(ctx, p):
    if sorted(ctx.extra.get("races", ())) == sorted(p.races):
        ctx.value = True


def demand_shift(ctx, p):
    from toolkit.engine.tavern import swap_demand
    if p.tavern in ctx.state.demand:
        swap_demand(ctx.state, p.tavern)


def market_boom(ctx, p):
    if ctx.extra.get("good") == p.good:
        ctx.value += p.bonus


def plague(ctx, p):
    from toolkit.engine.hazards import plague
    plague(ctx.state, p.race, p.mercenaries)


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
