"""Parties on the board: their tracks, stat changes from equipment and followers, and hits.

A combatant is named by a ref string: "p<seat>" for a player, "n:<npc id>" for an NPC.
"""

from __future__ import annotations

from toolkit.games.caravans.engine import effects
from toolkit.games.caravans.engine.rng import SKULL, roll
from toolkit.games.caravans.engine.rules import PARTY_STATS
from toolkit.games.caravans.engine.state import Party

REPAIRABLE = ("defense", "shield", "attack", "cargo")  # the repair order; mercenaries recruit


def party_of(state, ref: str) -> Party:
    if ref[0] == "p":
        return state.players[int(ref[1:])].party
    return state.npcs[ref[2:]].party


def new_party(state, kind: str, seat: int | None = None) -> Party:
    """A fresh party of `kind` with full tracks (the seat's modifiers applied)."""
    top = state.rules.party_base(kind)
    party = Party(kind, top, dict(top))
    if seat is not None:
        party.top = party_max(state, seat, party)
        party.cur = dict(party.top)
    return party


def party_max(state, seat: int, party: Party) -> dict:
    """Maximum tracks of the seat's party: card stats plus modifiers, capped."""
    rules = state.rules
    base = rules.party_base(party.kind)
    top = effects.fire(state, seat, "party_max", base, party=party)
    top["shield"] += top["defense"] - base["defense"]  # the shield track follows defense
    cap = rules.game.combat.stat_cap
    return {k: max(0, min(cap, v)) for k, v in top.items()}


def refresh(state, seat: int, fill: tuple = ()) -> None:
    """Recompute the maxima after equipment or followers changed; `fill` stats rise too."""
    party = state.players[seat].party
    new = party_max(state, seat, party)
    for stat in PARTY_STATS:
        gain = new[stat] - party.top[stat]
        if gain > 0 and stat in fill:
            party.cur[stat] += gain
        party.cur[stat] = max(0, min(party.cur[stat], new[stat]))
    party.top = new


def fills_of(state, source: str) -> tuple:
    """Stats that a newly gained source raises at once (modify_stat with fill)."""
    return tuple(p.stat for op, p in state.rules.effects.get(source, ())
                 if op == "modify_stat" and p.fill and p.by > 0)


def damage(party: Party) -> int:
    """Damage points that repair mends (mercenary losses excluded; REPAIRABLE's tracks)."""
    top, cur = party.top, party.cur
    return (top["defense"] - cur["defense"] + top["shield"] - cur["shield"]
            + top["attack"] - cur["attack"] + top["cargo"] - cur["cargo"])


def hit_location(state, party: Party) -> str:
    """Roll a die for one hit: its face picks a track from the party card, skulls defense."""
    face = roll(state.rng["dice"], state.rules.faces, 1)[0]
    if face == SKULL:
        return "defense"
    return state.rules.c.parties[party.kind].hit_locations.get(face, "defense")


def take_hits(state, ref: str, hits: int, location: str | None = None,
              equipment: bool = True) -> bool:
    """Deal `hits` hits to a party (located by dice unless `location`); True if destroyed."""
    party = party_of(state, ref)
    if party is None:
        return True
    for _ in range(hits):
        if party.cur["defense"] <= 0:
            break
        where = location or hit_location(state, party)
        if ref[0] == "p" and effects.fire(state, int(ref[1:]), "cancel", 0,
                                         equipment=equipment, location=where) > 0:
            continue
        if party.cur.get(where, 0) <= 0 or where == "agility":
            where = "defense"
        party.cur[where] -= 1
        if where == "cargo" and ref[0] == "p":
            _lose_cargo(state, state.players[int(ref[1:])])
    state.log.append(("hits", ref, hits))
    return party.cur["defense"] <= 0


def _lose_cargo(state, player) -> None:
    """A cargo hit discards one goods card (a random one)."""
    if player.goods:
        i = int(state.rng["dice"].random() * len(player.goods))
        state.goods_discard.append(player.goods.pop(i))


def lose_mercenaries(party: Party, n: int) -> None:
    party.cur["mercenaries"] = max(0, party.cur["mercenaries"] - n)
