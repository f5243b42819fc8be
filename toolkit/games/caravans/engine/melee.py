"""Melee and a defeat with its spoils: loot, glory, bounty, rewards and capture (the end of
a fight is combat.py's).

Melee: both sides roll leadership (+edge dice to the side with more mercenaries); each
skull kills an enemy mercenary; a side at 0 mercenaries loses and its hero dies (both at 0:
the side that started melee wins). The victor loots all carried gold, goods up to its free
cargo and may take over the loser's party (a CAPTURE decision).
"""

from __future__ import annotations

from toolkit.games.caravans.engine import effects
from toolkit.games.caravans.engine.cards import (add_bounty, bounty_reward, complete_mission,
                                                 gain_glory, gain_gold)
from toolkit.games.caravans.engine.checks import dice_for
from toolkit.games.caravans.engine.death import kill
from toolkit.games.caravans.engine.npc import leave
from toolkit.games.caravans.engine.party import party_of, refresh
from toolkit.games.caravans.engine.rng import SKULL, roll
from toolkit.games.caravans.engine.sides import SAFETY_ROUNDS, is_non_brigand, race_of, seat_of
from toolkit.games.caravans.engine.state import Party
from toolkit.games.caravans.engine.tokens import place_equipment


def _melee_dice(state, ref: str, more: bool) -> int:
    seat = seat_of(ref)
    if seat is None:
        n = state.rules.c.npcs[ref[2:]].stats.leadership
    else:
        n = dice_for(state, seat, "leadership", "melee")
    if more:
        n += state.rules.game.combat.edge_dice
    return min(n, state.rules.game.dice.count)


def melee(state, starter: int) -> None:
    combat = state.combat
    combat["melee"] = True
    sides = combat["sides"]
    parties = [party_of(state, r) for r in sides]
    for side in (0, 1):
        seat = seat_of(sides[side])
        if seat is not None:
            effects.fire(state, seat, "pre_melee", None, opponent=sides[1 - side])
    for _ in range(SAFETY_ROUNDS):
        mercs = [p.cur["mercenaries"] for p in parties]
        if 0 in mercs:
            if mercs == [0, 0]:
                defeat(state, [1 - starter], melee=True)
            else:
                defeat(state, [mercs.index(0)], melee=True)
            return
        dice = [_melee_dice(state, sides[s], mercs[s] > mercs[1 - s]) for s in (0, 1)]
        rolls = [roll(state.rng["dice"], state.rules.faces, n) for n in dice]
        for side in (0, 1):
            state.log.append(("roll", sides[side], "melee", rolls[side]))
            other = parties[1 - side].cur
            other["mercenaries"] = max(0, other["mercenaries"] - rolls[side].count(SKULL))


def defeat(state, losers: list[int], melee: bool) -> None:
    """The losers' parties are beaten; a single victor takes the spoils."""
    combat = state.combat
    sides = combat["sides"]
    victor = 1 - losers[0] if len(losers) == 1 else None
    capture = None
    if victor is not None:
        capture = _spoils(state, victor, losers[0], melee)
    for side in losers:
        ref = sides[side]
        state.log.append(("defeated", ref))
        if ref[0] == "p":
            kill(state, int(ref[1:]), "combat")
        else:
            leave(state, ref[2:])
    if state.phase == "over" and capture is not None:
        place_equipment(state, capture["equipment"])
    if victor is not None and seat_of(sides[victor]) is not None and state.phase == "play":
        seat = seat_of(sides[victor])
        gain_glory(state, seat, "defeat")
        if capture is not None:
            state.pending.append({"kind": "capture", "player": seat, "party": capture})
        if combat.get("loot"):
            state.pending.append(combat.pop("loot"))
    elif combat.get("loot"):
        state.goods_discard.extend(combat.pop("loot")["cards"])


def _spoils(state, w: int, l: int, melee: bool):
    """Gold, rewards, bounty, goods and the capturable party; returns the party's data."""
    combat = state.combat
    win_ref, lose_ref = combat["sides"][w], combat["sides"][l]
    seat = seat_of(win_ref)
    if lose_ref[0] == "p":
        loser = state.players[int(lose_ref[1:])]
        loot, reward = loser.gold, (bounty_reward(state, seat, loser) if seat is not None else 0)
        loser.gold = 0
    else:
        npc = state.npcs[lose_ref[2:]]
        loot, reward = npc.gold, state.rules.c.npcs[lose_ref[2:]].bounty_reward
        npc.gold = 0
    if seat is None:
        state.npcs[win_ref[2:]].gold += loot
        return None
    gain_gold(state, seat, loot, "loot")
    gain_gold(state, seat, reward, "reward")
    if not combat["bounty"][w] and is_non_brigand(state, lose_ref):
        add_bounty(state, seat, race_of(state, lose_ref))
    if lose_ref[0] == "n":
        _defeat_missions(state, seat, lose_ref[2:])
    if not melee:
        return None
    me = state.players[seat]
    if lose_ref[0] == "p":
        loser = state.players[int(lose_ref[1:])]
        room = max(0, me.party.cur["cargo"] - len(me.goods))
        if len(loser.goods) <= room:
            me.goods.extend(loser.goods)
            loser.goods = []
        elif room > 0:  # more than fits: the victor picks (LOOT decisions)
            combat["loot"] = {"kind": "loot", "player": seat, "cards": loser.goods,
                              "room": room}
            loser.goods = []
        party, loser.party = loser.party, None
    else:
        party = state.npcs[lose_ref[2:]].party
    return {"kind": party.kind, "top": dict(party.top), "cur": dict(party.cur),
            "equipment": list(party.equipment), "flipped": list(party.flipped)}


def _defeat_missions(state, seat: int, npc_id: str) -> None:
    """A defeat-NPC mission counts only where the NPC is beaten in the mission's target."""
    here = state.players[seat].region
    for mission in list(state.players[seat].missions):
        card = state.rules.c.missions[mission]
        if card.defeat == npc_id and card.target == here:
            complete_mission(state, seat, mission)


def loot(state, seat: int, good: str | None) -> None:
    """LOOT one card of `good` from the beaten party's goods, or LOOT_END (None): the
    goods not taken are discarded."""
    entry = state.pending.pop()
    cards = list(entry["cards"])
    if good is not None:
        index = next(i for i, c in enumerate(cards) if state.rules.cards[c][0] == good)
        state.players[seat].goods.append(cards.pop(index))
        if entry["room"] > 1 and cards:
            state.pending.append({**entry, "cards": cards, "room": entry["room"] - 1})
            return
    state.goods_discard.extend(cards)


def capture(state, seat: int, take: bool) -> None:
    """Resolve CAPTURE: take over the beaten party (old one abandoned) or leave it."""
    entry = state.pending.pop()
    data = entry["party"]  # shared with clones taken before: copied, never edited
    party = Party(data["kind"], dict(data["top"]), dict(data["cur"]), list(data["equipment"]),
                  list(data["flipped"]))
    player = state.players[seat]
    if not take or player.party is None:
        place_equipment(state, party.equipment, near=player.region, seat=seat)
        return
    old = player.party
    place_equipment(state, old.equipment, near=player.region, seat=seat)
    party.cur["mercenaries"] = old.cur["mercenaries"]
    player.party = party
    refresh(state, seat)
    player.used[party.kind] = player.used.get(party.kind, 0) + 1
    state.log.append(("capture", seat, party.kind))
