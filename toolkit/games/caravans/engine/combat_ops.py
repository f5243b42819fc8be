"""Handlers of the combat operations (registered into effects.HANDLERS below): cancelled hits,
strikes on flight, before melee and before ranged combat, redirected hits, melee boosts.

A special weapon acts only in the round it is declared; the same operation on a hero
ability, a follower or equipment is always on."""

from __future__ import annotations

from toolkit.games.caravans.engine import effects
from toolkit.games.caravans.engine.party import lose_mercenaries, party_of, take_hits
from toolkit.games.caravans.engine.rng import SKULL, roll
from toolkit.games.caravans.engine.state import use_card


def cancel_hit(ctx, p):
    """Cancel one hit: equipment flips (in a fight only when its holder chose it: a
    BLOCK_HIT decision passes use=<equipment>), a trick is discarded, others once per
    combat."""
    if ctx.value > 0:
        return
    state, player = ctx.state, ctx.state.players[ctx.seat]
    combat = state.combat
    left = combat.setdefault("cancel", {}) if combat is not None else {}
    key = f"p{ctx.seat}:{ctx.source}"
    if left.get(key, 0) > 0:
        left[key] -= 1
    elif ctx.where == "equipment" and ctx.source not in player.party.flipped and (
            combat is None or ctx.extra.get("use") == ctx.source):
        player.party.flipped.append(ctx.source)
        left[key] = p.hits - 1
    elif ctx.where == "hand" and ctx.source in player.hand and (
            combat is None or f"p{ctx.seat}:{ctx.source}" in combat.get("armed", ())):
        player.hand.remove(ctx.source)
        state.glory_discard.append(ctx.source)
        use_card(player, ctx.source)
        left[key] = p.hits - 1
    elif ctx.where in ("hero", "follower") and combat is not None and key not in left:
        left[key] = p.hits - 1
    else:
        return
    ctx.value += 1
    state.log.append(("cancel", ctx.seat, ctx.source))


def one_shot(ctx):
    """Flip a one-shot piece of equipment; False if it is already used."""
    party = ctx.state.players[ctx.seat].party
    if ctx.where == "equipment":
        if ctx.source in party.flipped:
            return False
        party.flipped.append(ctx.source)
    return True


def flee_strike(ctx, p):
    """Equipment strikes only if its holder chose to flip it (a FLEE_STRIKE decision);
    a hero ability or follower always does."""
    if ctx.where == "equipment" and ctx.source not in ctx.extra.get("use", ()):
        return
    if one_shot(ctx):
        take_hits(ctx.state, ctx.extra["opponent"], p.hits)


def pre_melee_strike(ctx, p):
    dice = roll(ctx.state.rng["dice"], ctx.state.rules.faces, p.dice)
    ctx.state.log.append(("roll", f"p{ctx.seat}", "venom", dice))
    if SKULL in dice:
        lose_mercenaries(party_of(ctx.state, ctx.extra["opponent"]), 1)


def volley(ctx, p):
    state = ctx.state
    dice = roll(state.rng["dice"], state.rules.faces, state.players[ctx.seat].party.cur["attack"])
    state.log.append(("roll", f"p{ctx.seat}", "volley", dice))
    if dice.count(SKULL):
        take_hits(state, ctx.extra["opponent"], dice.count(SKULL))


def declared(ctx) -> bool:
    """A special weapon acts only when declared this round; a hero ability, a follower or
    equipment is always on."""
    return ctx.where != "weapon" or ctx.extra.get("weapon") == ctx.source


def redirect_hits(ctx, p):
    if declared(ctx):
        ctx.value = p.location


def melee_boost(ctx, p):
    if declared(ctx):
        ctx.value += p.dice
        if p.no_flee:
            ctx.extra["combat"]["no_flee"] = ctx.seat


effects.register({
    "cancel_hit": (("cancel",), cancel_hit),
    "flee_strike": (("flee",), flee_strike),
    "pre_melee_strike": (("pre_melee",), pre_melee_strike),
    "volley": (("pre_ranged",), volley),
    "redirect_hits": (("ranged_win",), redirect_hits),
    "melee_boost": (("melee_choice",), melee_boost),
})
