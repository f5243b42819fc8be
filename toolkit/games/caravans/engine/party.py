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
    """Deal `hits` hits to a party (located by dice unless `location`); True if destroyed.

    In a fight, a hit that the holder's unflipped amulet could stop waits for the holder's
    BLOCK_HIT decision once its location is rolled (seed 000: the holder chooses): the hits
    left wait in combat["owed"] (later batches queue behind them) and combat.block_hit
    deals them on."""
    party = party_of(state, ref)
    if party is None:
        return True
    combat = state.combat
    if combat is not None and combat["owed"]:  # an earlier batch waits on a decision
        combat["owed"].append([ref, hits, location, hits])
        return False
    return deal_hits(state, ref, hits, location, equipment, hits)


def deal_hits(state, ref: str, hits: int, location, equipment: bool, total: int) -> bool:
    """The hits of one batch (`total` of them in all, for the log), one at a time."""
    party = party_of(state, ref)
    for k in range(hits):
        if party.cur["defense"] <= 0:
            break
        where = location or hit_location(state, party)
        if ref[0] == "p":
            seat = int(ref[1:])
            if effects.fire(state, seat, "cancel", 0, equipment=equipment, location=where) > 0:
                continue
            if equipment and state.combat is not None and blockers(state, seat):
                state.combat["owed"].insert(0, [ref, hits - k - 1, location, total])
                state.pending.append({"kind": "block_hit", "player": seat, "where": where})
                return False
        land_hit(state, ref, party, where)
    state.log.append(("hits", ref, total))
    return party.cur["defense"] <= 0


def land_hit(state, ref: str, party: Party, where: str) -> None:
    """One hit on the track `where` (an empty track or agility: defense)."""
    if party.cur.get(where, 0) <= 0 or where == "agility":
        where = "defense"
    party.cur[where] -= 1
    if where == "cargo" and ref[0] == "p":
        _lose_cargo(state, state.players[int(ref[1:])])


def blockers(state, seat: int) -> list[str]:
    """The seat's unflipped equipment that may stop a located hit (cancel_hit: the amulet)."""
    party = state.players[seat].party
    return [e for e in party.equipment if e not in party.flipped
            and any(op == "cancel_hit" for op, _ in state.rules.effects.get(e, ()))]


def _lose_cargo(state, player) -> None:
    """A cargo hit discards one goods card (a random one)."""
    if player.goods:
        i = int(state.rng["dice"].random() * len(player.goods))
        state.goods_discard.append(player.goods.pop(i))


def lose_mercenaries(party: Party, n: int) -> None:
    party.cur["mercenaries"] = max(0, party.cur["mercenaries"] - n)
