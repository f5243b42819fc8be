"""The handler of every effect operation of toolkit.content.ops, in one registry.

`HANDLERS[op]` is `(hooks, function)`. The engine asks for effects at named hooks
(`fire(state, seat, hook, value, **extra)`), walking the seat's sources in a fixed order:
hero abilities, followers, party equipment, special weapons (and, for "cancel", tricks in
hand). Each handler looks at `ctx.hook` and changes `ctx.value` or the state. Events fire
the "event" hook once when drawn and answer the query hooks (war, sell_bonus, ...) while
active (`fire_events`). Hooks:

party_max hero_stat dice cancel flee pre_melee pre_ranged ranged_win melee_choice ignore
buy_draw free_moves enter_wanted recruit_discount raid_bonus free_repair reroll contest
play event war sell_bonus rumor_free treasure toll
"""

from __future__ import annotations

from functools import partial

from toolkit.engine.cards import gain_gold, use_card
from toolkit.engine import event_ops
from toolkit.engine.rng import SKULL, roll


class Ctx:
    __slots__ = ("state", "seat", "hook", "value", "extra", "source", "where")

    def __init__(self, state, seat, hook, value, extra, source="", where=""):
        self.state, self.seat, self.hook, self.value = state, seat, hook, value
        self.extra, self.source, self.where = extra, source, where


def _compiled(rules) -> dict:
    """source id -> its operations as (hooks, handler, params), built once per Rules."""
    if rules.compiled is None:
        rules.compiled = {src: tuple((HANDLERS[op][0], HANDLERS[op][1], params)
                                     for op, params in ops)
                          for src, ops in rules.effects.items()}
    return rules.compiled


def fire(state, seat, hook, value, equipment=True, **extra):
    """Pass `value` through the seat's effects answering `hook`; returns the new value."""
    player = state.players[seat]
    compiled = state.rules.compiled or _compiled(state.rules)
    ctx = None
    for where, sources in _sources(player, equipment, hook, extra.get("party")):
        for source in sources:
            for hooks, fn, params in compiled.get(source, ()):
                if hook in hooks:
                    if ctx is None:
                        ctx = Ctx(state, seat, hook, value, extra)
                    ctx.source, ctx.where = source, where
                    fn(ctx, params)
    return value if ctx is None else ctx.value


def _sources(player, equipment, hook, party=None):
    party = party or player.party
    found = [("hero", (player.hero,) if player.hero else ()), ("follower", player.followers)]
    if equipment and party is not None:
        found.append(("equipment", party.equipment))
    found.append(("weapon", player.weapons))
    if hook == "cancel":
        found.append(("hand", tuple(player.hand)))
    return found


def fire_events(state, hook, value, **extra):
    """Pass `value` through the active events answering `hook`."""
    if not state.active_events:
        return value
    compiled = state.rules.compiled or _compiled(state.rules)
    ctx = Ctx(state, None, hook, value, extra)
    for event_id, _duration in state.active_events:
        for hooks, fn, params in compiled.get(event_id, ()):
            if hook in hooks:
                ctx.source, ctx.where = event_id, "event"
                fn(ctx, params)
    return ctx.value


def run_event_op(state, event_id, op, params) -> None:
    """Resolve one operation of a freshly drawn event."""
    hooks, fn = HANDLERS[op]
    if "event" in hooks:
        fn(Ctx(state, None, "event", None, {}, event_id, "event"), params)


def tricks(state, seat, hook) -> list:
    """Distinct glory cards in the seat's hand that answer `hook` when used."""
    found = []
    for card in state.players[seat].hand:
        if card not in found and any(hook in HANDLERS[op][0]
                                     for op, _ in state.rules.effects.get(card, ())):
            found.append(card)
    return found


def use_trick(state, seat, card_id, hook, value=None, **extra):
    """Use a trick from the hand: run its operations answering `hook`, then discard it."""
    player = state.players[seat]
    player.hand.remove(card_id)
    ctx = Ctx(state, seat, hook, value, extra, card_id, "hand")
    for op, params in state.rules.effects.get(card_id, ()):
        hooks, fn = HANDLERS[op]
        if hook in hooks:
            fn(ctx, params)
    state.glory_discard.append(card_id)
    use_card(player, card_id)
    state.log.append(("trick", seat, card_id))
    return ctx.value


def play(state, seat, card_id, arg="") -> None:
    """Play a trick on the owner's turn (its 'play' operations)."""
    use_trick(state, seat, card_id, "play", None, arg=arg)


# --- passive modifiers --------------------------------------------------------------------
def _modify_stat(ctx, p):
    ctx.value = dict(ctx.value)
    ctx.value[p.stat] = ctx.value.get(p.stat, 0) + p.by


def _modify_hero_stat(ctx, p):
    if ctx.extra.get("stat") == p.stat:
        ctx.value += p.by


def _extra_die(ctx, p):
    if p.check in ctx.extra.get("checks", ()):
        ctx.value += p.dice


def _add_param(attr, ctx, p):
    ctx.value += getattr(p, attr)


def _add(attr):
    """A handler adding parameter `attr` to the value (picklable, unlike a closure)."""
    return partial(_add_param, attr)


def _buy_draw(ctx, p):
    """More goods drawn when buying: always (hero, follower) or at this visit (a trick)."""
    if ctx.hook == "play":
        ctx.state.visit.bonus_draw += p.by
    else:
        ctx.value += p.by


def _flag(ctx, p):
    ctx.value = True


def _cancel_hit(ctx, p):
    """Cancel one hit: equipment flips, a trick is discarded, others once per combat."""
    if ctx.value > 0:
        return
    state, player = ctx.state, ctx.state.players[ctx.seat]
    combat = state.combat
    left = combat.setdefault("cancel", {}) if combat is not None else {}
    key = f"p{ctx.seat}:{ctx.source}"
    if left.get(key, 0) > 0:
        left[key] -= 1
    elif ctx.where == "equipment" and ctx.source not in player.party.flipped:
        player.party.flipped.append(ctx.source)
        left[key] = p.hits - 1
    elif ctx.where == "hand" and ctx.source in player.hand:
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


def _one_shot(ctx):
    """Flip a one-shot piece of equipment; False if it is already used."""
    party = ctx.state.players[ctx.seat].party
    if ctx.where == "equipment":
        if ctx.source in party.flipped:
            return False
        party.flipped.append(ctx.source)
    return True


def _flee_strike(ctx, p):
    from toolkit.engine.party import take_hits
    if _one_shot(ctx):
        take_hits(ctx.state, ctx.extra["opponent"], p.hits)


def _pre_melee_strike(ctx, p):
    from toolkit.engine.party import lose_mercenaries, party_of
    dice = roll(ctx.state.rng["dice"], ctx.state.rules.faces, p.dice)
    ctx.state.log.append(("roll", f"p{ctx.seat}", "venom", dice))
    if SKULL in dice:
        lose_mercenaries(party_of(ctx.state, ctx.extra["opponent"]), 1)


def _volley(ctx, p):
    from toolkit.engine.party import take_hits
    state = ctx.state
    dice = roll(state.rng["dice"], state.rules.faces, state.players[ctx.seat].party.cur["attack"])
    state.log.append(("roll", f"p{ctx.seat}", "volley", dice))
    if dice.count(SKULL):
        take_hits(state, ctx.extra["opponent"], dice.count(SKULL))


def _redirect_hits(ctx, p):
    if ctx.extra.get("weapon") == ctx.source:
        ctx.value = p.location


def _melee_boost(ctx, p):
    if ctx.extra.get("weapon") == ctx.source:
        ctx.value += p.dice
        if p.no_flee:
            ctx.extra["combat"]["no_flee"] = ctx.seat


def _ignore_event(ctx, p):
    if ctx.extra.get("event") == p.event:
        ctx.value = True


def _reroll_check(ctx, p):
    state = ctx.state
    ctx.value = roll(state.rng["dice"], state.rules.faces, ctx.extra["dice"])


# --- tricks --------------------------------------------------------------------------------
def _extra_action(ctx, p):
    ctx.state.players[ctx.seat].actions += p.actions


def _sell_at_demand(ctx, p):
    from toolkit.engine.tavern import sell_cards
    sell_cards(ctx.state, ctx.seat, ctx.extra["arg"], p.cards, demanded_price=True)


def _free_recruit(ctx, p):
    party = ctx.state.players[ctx.seat].party
    party.cur["mercenaries"] = min(party.top["mercenaries"],
                                   party.cur["mercenaries"] + p.mercenaries)


def _gain_gold(ctx, p):
    seats = [ctx.seat] if ctx.hook == "play" else range(len(ctx.state.players))
    for seat in seats:
        if ctx.state.players[seat].hero:
            gain_gold(ctx.state, seat, p.amount, ctx.source)


HANDLERS = {
    "modify_stat": (("party_max",), _modify_stat),
    "modify_hero_stat": (("hero_stat",), _modify_hero_stat),
    "extra_die": (("dice",), _extra_die),
    "cancel_hit": (("cancel",), _cancel_hit),
    "flee_strike": (("flee",), _flee_strike),
    "pre_melee_strike": (("pre_melee",), _pre_melee_strike),
    "volley": (("pre_ranged",), _volley),
    "redirect_hits": (("ranged_win",), _redirect_hits),
    "melee_boost": (("melee_choice",), _melee_boost),
    "ignore_event": (("ignore",), _ignore_event),
    "buy_draw": (("buy_draw", "play"), _buy_draw),
    "free_move": (("free_moves",), _add("per_turn")),
    "enter_wanted_taverns": (("enter_wanted",), _flag),
    "recruit_discount": (("recruit_discount",), _add("percent")),
    "raid_bonus": (("raid_bonus",), _add("gold_per_card")),
    "free_repair": (("free_repair",), _add("points")),
    "reroll_check": (("reroll",), _reroll_check),
    "combat_dice": (("contest",), _add("dice")),
    "extra_action": (("play",), _extra_action),
    "sell_at_demand": (("play",), _sell_at_demand),
    "free_recruit": (("play",), _free_recruit),
    "gain_gold": (("play", "event"), _gain_gold),
    "npc_enter": (("event",), event_ops.npc_enter),
    "move_npc": (("event",), event_ops.move_npc),
    "storm": (("event",), event_ops.storm),
    "war": (("war",), event_ops.war),
    "demand_shift": (("event",), event_ops.demand_shift),
    "market_boom": (("sell_bonus",), event_ops.market_boom),
    "plague": (("event",), event_ops.plague),
    "rumor_no_check": (("rumor_free",), _flag),
    "treasure": (("treasure",), event_ops.treasure),
    "amnesty": (("event",), event_ops.amnesty),
    "tolls": (("toll",), _add("gold")),
}

PLAYABLE = {"extra_action", "sell_at_demand", "free_recruit", "gain_gold", "buy_draw"}
"""Operations a trick performs when played from the hand on the owner's turn."""
