# toolkit: compile
"""The rules every other module asks about: what a field is worth, who may target whom
(后手保护, guarded rows, truce), prices under events, and the wilds' refill with its draws."""

from __future__ import annotations

from toolkit.games.nanhuang2.cards import FIELD


def event_action(state) -> tuple[str | None, int]:
    if state.event is None:
        return None, 0
    spec = state.spec(state.event)
    return spec.action, spec.amount


def card_power(state, uid: int) -> int:
    """A card's power where it stands on a field (a monster's 1.5x, rounded down)."""
    return state.t.field_power[state.cards[uid]]


def field_strength(state, seat: int) -> int:
    """The sum of the powers of every card on a field (弱者补偿 compares these)."""
    total = 0
    p = state.players[seat]
    for u in p.field():
        total += card_power(state, u)
    return total


def income(state, seat: int) -> tuple[int, int]:
    """The power and economy a field gives in phase 1: printed values (monsters 1.5x),
    tag abilities, and the running event."""
    p = state.players[seat]
    cards = p.field()
    specs = [state.spec(u) for u in cards]
    power = field_strength(state, seat)
    economy = 0
    for s in specs:
        economy += s.economy
    for s in specs:
        if s.ability in ("tag_power", "tag_economy"):
            others = -1 if s.ability_tag in s.tags else 0
            for o in specs:
                if s.ability_tag in o.tags:
                    others += 1
            if s.ability == "tag_power":
                power += s.amount * others
            else:
                economy += s.amount * others
    action, amount = event_action(state)
    if action == "sandstorm":
        power = max(0, power - amount)
    elif action == "harvest":
        economy += amount
    return power, economy


def wild_price(state, uid: int) -> int:
    action, amount = event_action(state)
    return state.spec(uid).price + (amount if action == "toll" else 0)


def basic_price(state, cid: str) -> int:
    action, amount = event_action(state)
    return max(0, state.t.specs[cid].price - (amount if action == "fair" else 0))


def defeat_cost(state, uid: int) -> int:
    spec = state.spec(uid)
    action, amount = event_action(state)
    return spec.power + (amount if action == "beast_tide" and spec.kind == "monster" else 0)


def strike_cost(state, uid: int) -> int:
    """Killing a card on a field costs twice its printed power (a monster: twice printed,
    not 1.5x first)."""
    return int(state.spec(uid).power * state.t.setting("strike_multiplier"))


# ---- 后手保护: second-player protection ------------------------------------------------
def protection_on(state) -> bool:
    """Whether any player still has protection (the first rounds, a pair not yet broken)."""
    if state.round > state.t.setting("protection_rounds"):
        return False
    alive = state.alive()
    for a in alive:
        for b in alive:
            if a < b and (a, b) not in state.broken:
                return True
    return False


def protected(state, attacker: int, target: int) -> bool:
    """Whether `target` is protected from `attacker`: in the first rounds a player earlier in
    the turn order may not act against a later one, until the later one acted against it."""
    return (attacker < target and state.round <= state.t.setting("protection_rounds")
            and (attacker, target) not in state.broken)


def note_hostile(state, attacker: int, target: int) -> None:
    """A later player acting against an earlier one ends that earlier player's restraint."""
    if target < attacker and state.round <= state.t.setting("protection_rounds"):
        state.broken.add((target, attacker))


def may_target(state, attacker: int, target: int, field: bool) -> bool:
    p = state.players[target]
    if target == attacker or not p.alive:
        return False
    if protected(state, attacker, target):
        return False
    if not field:
        return True
    action = event_action(state)[0]
    return action != "truce"


def open_zones(state, target: int) -> list[str]:
    """The zones of `target`'s field that may be struck now (a guarded zone only once every
    zone guarding it is empty: the back row behind an empty front, facilities behind both)."""
    p = state.players[target]
    return [z for z in FIELD if p.zone(z) and not _guarded(p, state.t.guards[z])]


def _guarded(p, guards: tuple) -> bool:
    """Whether any of the zones `guards` of the field `p` holds a card."""
    for g in guards:
        if p.zone(g):
            return True
    return False


def targets(state, attacker: int, guarded: bool = True) -> list[tuple[int, int]]:
    """(seat, uid) of every field card the attacker may strike now (with `guarded` False,
    an effect that reaches past the front and back rows, as the document allows)."""
    out = []
    for seat in range(state.n):
        if may_target(state, attacker, seat, True):
            p = state.players[seat]
            for z in (open_zones(state, seat) if guarded else FIELD):
                for uid in p.zone(z):
                    out.append((seat, uid))
    return out


# ---- leaving play -------------------------------------------------------------------
def to_exile(state, uid: int) -> None:
    """A card dies: tokens go back to the token area, every other card to the exile."""
    if state.spec(uid).kind == "token":
        state.tokens.append(uid)
    else:
        state.exile.append(uid)


def remove_from_field(state, seat: int, uid: int) -> None:
    p = state.players[seat]
    for z in FIELD:
        zone = p.zone(z)
        if uid in zone:
            zone.remove(uid)
            return
    raise ValueError(f"card {uid} is not on seat {seat + 1}'s field")
