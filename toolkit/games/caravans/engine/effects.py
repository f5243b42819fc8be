"""The handler of every effect operation of toolkit.games.caravans.content.ops, in one registry.

`HANDLERS[op]` is `(hooks, function)`. The engine asks for effects at named hooks
(`fire(state, seat, hook, value, **extra)`), walking the seat's sources in a fixed order:
hero abilities, followers, party equipment, special weapons (and, for "cancel", tricks in
hand). Each handler looks at `ctx.hook` and changes `ctx.value` or the state. Events fire
the "event" hook once when drawn and answer the query hooks (war, sell_bonus, ...) while
active (`fire_events`). The hooks are `HOOKS`.

Every operation and its hooks are declared in toolkit/games/caravans/declarations.py
(`HOOKS` and `OP_HOOKS` below are generated from it). Operations that act through higher
rule modules register there (`register`, the handler alone): the combat
operations in combat_ops, the event operations in event_ops, gain_gold in cards and
sell_at_demand in tavern; this module imports none of them (the engine package imports
them all), so every rule module may import this one.

Observers: `OBSERVERS` holds callbacks `(op, ctx)` called after an operation fired and did
something (changed the value passed through its hook, wrote to the log, or ran at an
acting hook: play, event, flee, pre_melee, pre_ranged). With none registered it costs
nothing; `toolkit check` uses it to count the operations a run exercised.
"""

from __future__ import annotations

from contextlib import contextmanager
from functools import partial

from toolkit.games.caravans.engine.rng import roll
from toolkit.games.caravans.engine.state import use_card

# <gen:op-hooks> generated from caravans/declarations.py by scripts/gen_declarations.py: do not edit
HOOKS = (
    "party_max", "hero_stat", "dice", "cancel", "flee", "pre_melee", "pre_ranged",
    "ranged_win", "melee_choice", "ignore", "buy_draw", "free_moves", "enter_wanted",
    "recruit_discount", "raid_bonus", "free_repair", "reroll", "contest", "play", "event",
    "war", "sell_bonus", "rumor_free", "treasure", "toll",
)
OP_HOOKS = {
    "modify_stat": ("party_max",),
    "modify_hero_stat": ("hero_stat",),
    "extra_die": ("dice",),
    "cancel_hit": ("cancel",),
    "flee_strike": ("flee",),
    "pre_melee_strike": ("pre_melee",),
    "volley": ("pre_ranged",),
    "redirect_hits": ("ranged_win",),
    "melee_boost": ("melee_choice",),
    "ignore_event": ("ignore",),
    "buy_draw": ("buy_draw", "play"),
    "free_move": ("free_moves",),
    "enter_wanted_taverns": ("enter_wanted",),
    "recruit_discount": ("recruit_discount",),
    "raid_bonus": ("raid_bonus",),
    "free_repair": ("free_repair",),
    "reroll_check": ("reroll",),
    "combat_dice": ("contest",),
    "extra_action": ("play",),
    "sell_at_demand": ("play",),
    "free_recruit": ("play",),
    "gain_gold": ("play", "event"),
    "npc_enter": ("event",),
    "move_npc": ("event",),
    "storm": ("event",),
    "war": ("war",),
    "demand_shift": ("event",),
    "market_boom": ("sell_bonus",),
    "plague": ("event",),
    "rumor_no_check": ("rumor_free",),
    "treasure": ("treasure",),
    "amnesty": ("event",),
    "tolls": ("toll",),
}
# </gen:op-hooks>
OBSERVERS: list = []
ACTING_HOOKS = frozenset({"play", "event", "flee", "pre_melee", "pre_ranged"})


class Ctx:
    __slots__ = ("state", "seat", "hook", "value", "extra", "source", "where")

    def __init__(self, state, seat, hook, value, extra, source="", where=""):
        self.state, self.seat, self.hook, self.value = state, seat, hook, value
        self.extra, self.source, self.where = extra, source, where


def compiled(rules) -> dict:
    """hook -> source id -> ((op, handler, params), ...) answering it, built once per Rules;
    under the key WHERE, hook -> the kinds of card among its sources."""
    if rules.compiled is None:
        kind_of = {i: kind for kind, ids in (("hero", rules.c.heroes),
                                             ("glory_card", rules.c.glory_cards),
                                             ("equipment", rules.c.equipment),
                                             ("weapon", rules.c.weapons)) for i in ids}
        table: dict = {WHERE: {}}
        for src, ops in rules.effects.items():
            for op, params in ops:
                hooks, fn = HANDLERS[op]
                for hook in hooks:
                    found = table.setdefault(hook, {})
                    found[src] = found.get(src, ()) + ((op, fn, params),)
                    kinds = table[WHERE].get(hook, frozenset())
                    table[WHERE][hook] = kinds | {kind_of.get(src, "other")}
        rules.compiled = table
    return rules.compiled


WHERE = "@where"


def _observed(op, fn, ctx, params) -> None:
    """Run a handler and tell the observers if it did something."""
    before, logged = ctx.value, len(ctx.state.log)
    fn(ctx, params)
    if ctx.hook in ACTING_HOOKS or ctx.value != before or len(ctx.state.log) != logged:
        for observer in OBSERVERS:
            observer(op, ctx)


def fire(state, seat, hook, value, equipment=True, **extra):
    """Pass `value` through the seat's effects answering `hook`; returns the new value."""
    table = state.rules.compiled or compiled(state.rules)
    found = table.get(hook)
    if found is None:
        return value
    kinds = table[WHERE][hook]
    player = state.players[seat]
    hits: list = []  # (where, source, operations) in the fixed order of the sources
    if "hero" in kinds and player.hero in found:
        hits.append(("hero", player.hero, found[player.hero]))
    if "glory_card" in kinds and player.followers:
        _collect(hits, "follower", player.followers, found)
    if "equipment" in kinds and equipment:
        party = extra.get("party") or player.party
        if party is not None and party.equipment:
            _collect(hits, "equipment", party.equipment, found)
    if "weapon" in kinds and player.weapons:
        _collect(hits, "weapon", player.weapons, found)
    if hook == "cancel" and "glory_card" in kinds and player.hand:
        _collect(hits, "hand", tuple(player.hand), found)
    if not hits:
        return value
    ctx = Ctx(state, seat, hook, value, extra)
    for where, source, ops in hits:
        for op, fn, params in ops:
            ctx.source, ctx.where = source, where
            if OBSERVERS:
                _observed(op, fn, ctx, params)
            else:
                fn(ctx, params)
    return ctx.value


def _collect(hits: list, where: str, sources, found: dict) -> None:
    for source in sources:
        ops = found.get(source)
        if ops is not None:
            hits.append((where, source, ops))


def fire_events(state, hook, value, **extra):
    """Pass `value` through the active events answering `hook`."""
    if not state.active_events:
        return value
    table = (state.rules.compiled or compiled(state.rules)).get(hook)
    if table is None:
        return value
    ctx = None
    for event_id, _duration in state.active_events:
        for op, fn, params in table.get(event_id, ()):
            if ctx is None:
                ctx = Ctx(state, None, hook, value, extra)
            ctx.source, ctx.where = event_id, "event"
            if OBSERVERS:
                _observed(op, fn, ctx, params)
            else:
                fn(ctx, params)
    return value if ctx is None else ctx.value


def run_event_op(state, event_id, op, params) -> None:
    """Resolve one operation of a freshly drawn event."""
    hooks, fn = HANDLERS[op]
    if "event" in hooks:
        ctx = Ctx(state, None, "event", None, {}, event_id, "event")
        if OBSERVERS:
            _observed(op, fn, ctx, params)
        else:
            fn(ctx, params)


def tricks(state, seat, hook) -> list:
    """Distinct glory cards in the seat's hand that answer `hook` when used."""
    table = (state.rules.compiled or compiled(state.rules)).get(hook)
    if table is None:
        return []
    return [card for card in dict.fromkeys(state.players[seat].hand) if card in table]


def use_trick(state, seat, card_id, hook, value=None, **extra):
    """Use a trick from the hand: run its operations answering `hook`, then discard it."""
    player = state.players[seat]
    player.hand.remove(card_id)
    ctx = Ctx(state, seat, hook, value, extra, card_id, "hand")
    table = (state.rules.compiled or compiled(state.rules)).get(hook, {})
    for op, fn, params in table.get(card_id, ()):
        if OBSERVERS:
            _observed(op, fn, ctx, params)
        else:
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


def _ignore_event(ctx, p):
    if ctx.extra.get("event") == p.event:
        ctx.value = True


def _reroll_check(ctx, p):
    state = ctx.state
    ctx.value = roll(state.rng["dice"], state.rules.faces, ctx.extra["dice"])


# --- tricks --------------------------------------------------------------------------------
def _extra_action(ctx, p):
    ctx.state.players[ctx.seat].actions += p.actions


def _free_recruit(ctx, p):
    party = ctx.state.players[ctx.seat].party
    party.cur["mercenaries"] = min(party.top["mercenaries"],
                                   party.cur["mercenaries"] + p.mercenaries)


HANDLERS: dict = {}  # op -> (hooks, function), filled by register
PLAYABLE: set = set()
"""Operations a trick performs when played from the hand on the owner's turn."""


def register(handlers: dict) -> None:
    """Add the handlers of operations: op -> function (or (hooks, function), the hooks as
    declared). An operation's hooks are the declared ones (OP_HOOKS, from
    toolkit/games/caravans/declarations.py): an undeclared op, or other hooks, is an error."""
    for op, handler in handlers.items():
        hooks = OP_HOOKS.get(op)
        if hooks is None:
            raise ValueError(f"effect operation {op!r} is not declared in "
                             "toolkit/games/caravans/declarations.py (OPS)")
        if isinstance(handler, tuple):
            if tuple(handler[0]) != hooks:
                raise ValueError(f"effect operation {op!r}: hooks {tuple(handler[0])} "
                                 f"differ from the declared {hooks}")
            handler = handler[1]
        HANDLERS[op] = (hooks, handler)
        if "play" in hooks:
            PLAYABLE.add(op)


register({
    "modify_stat": _modify_stat,
    "modify_hero_stat": _modify_hero_stat,
    "extra_die": _extra_die,
    "ignore_event": _ignore_event,
    "buy_draw": _buy_draw,
    "free_move": _add("per_turn"),
    "enter_wanted_taverns": _flag,
    "recruit_discount": _add("percent"),
    "raid_bonus": _add("gold_per_card"),
    "free_repair": _add("points"),
    "reroll_check": _reroll_check,
    "combat_dice": _add("dice"),
    "extra_action": _extra_action,
    "free_recruit": _free_recruit,
    "rumor_no_check": _flag,
    "tolls": _add("gold"),
})


@contextmanager
def count_ops(counter):
    """Count into `counter` the effect firings that did something (changed the value passed
    through the hook, or acted on the state) while the block runs, through OBSERVERS."""
    def observe(op, ctx):
        counter[op] += 1

    OBSERVERS.append(observe)
    try:
        yield counter
    finally:
        OBSERVERS.remove(observe)
