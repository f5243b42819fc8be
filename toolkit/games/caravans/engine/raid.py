"""Explorers: a raid (goods cards as loot, ambushes as hits, a bounty) or a delve together.

Raid: draw cards, roll combat (no equipment); each skull may draw one more card, discard
one or swap one (RAID_DRAW / RAID_DISCARD / RAID_SWAP, RAID_END to stop); the raid icons
sum to gold, each ambush deals a hit, enough ambushes and the raid yields nothing; enough
gold earns glory. The token goes to the explorer track. Delve: roll leadership, gold per
skull, no skull costs mercenaries; no bounty, no glory.
"""

from __future__ import annotations

from toolkit.games.caravans.engine import effects
from toolkit.games.caravans.engine.cards import add_bounty, draw_goods, gain_glory, gain_gold
from toolkit.games.caravans.engine.checks import dice_for
from toolkit.games.caravans.engine.party import lose_mercenaries, take_hits
from toolkit.games.caravans.engine.rng import SKULL, roll
from toolkit.games.caravans.engine.rules import AMBUSH
from toolkit.games.caravans.engine.death import kill


def bounty_races(state, token: int) -> list[str]:
    """Races a raider may take the bounty from: the token's or the region's."""
    _id, race, _start = state.rules.explorers[token]
    region = _region_of(state, token)
    found = [race]
    other = state.rules.region_race.get(region)
    if other is not None and other not in found:
        found.append(other)
    return found


def _region_of(state, token: int):
    return next((r for r, t in state.explorers.items() if t == token), None)


def start_raid(state, seat: int, race: str) -> None:
    entry = state.pending.pop()
    token = entry["token"]
    region = _region_of(state, token)
    add_bounty(state, seat, race)
    if not _held(state, seat):
        state.log.append(("escape", seat, state.rules.explorers[token][0]))
        return
    state.explorers[region] = None
    cards = [c for c in (draw_goods(state) for _ in range(state.rules.game.raid.draw))
             if c is not None]
    rolled = roll(state.rng["dice"], state.rules.faces,
                  dice_for(state, seat, "combat", "raid", equipment=False))
    state.log.append(("roll", f"p{seat}", "raid", rolled))
    state.raid = {"player": seat, "cards": cards, "skulls": rolled.count(SKULL),
                  "token": token, "region": region}
    if state.raid["skulls"] > 0:
        state.pending.append({"kind": "raid", "player": seat})
    else:
        _finish(state)


def raid_agility(state, seat: int) -> int:
    """Dice of the agility roll that keeps an explorer from escaping: the party's agility
    without equipment (equipment does not act in raids, seed 000), at most the dice."""
    party = state.players[seat].party
    top = effects.fire(state, seat, "party_max", state.rules.party_base(party.kind),
                       equipment=False, party=party)
    return max(0, min(top["agility"], state.rules.game.dice.count))


def _held(state, seat: int) -> bool:
    """Seed 000: agility keeps the explorer from escaping a raid. The seed names no
    mechanism; the smallest reading: one skull on the agility roll holds it, none lets it
    escape (no loot, no ambush; the bounty stays, the token stays in its region)."""
    rolled = roll(state.rng["dice"], state.rules.faces, raid_agility(state, seat))
    state.log.append(("roll", f"p{seat}", "agility", rolled, 1))  # one skull holds it
    return SKULL in rolled


def adjust(state, how: str, card: int | None = None) -> None:
    """Spend one skull: draw a card, discard one, or swap one."""
    raid = state.raid
    if how in ("discard", "swap"):
        raid["cards"].remove(card)
        state.goods_discard.append(card)
    if how in ("draw", "swap"):
        new = draw_goods(state)
        if new is not None:
            raid["cards"].append(new)
    raid["skulls"] -= 1
    if raid["skulls"] <= 0:
        state.pending.pop()
        _finish(state)


def end_raid(state) -> None:
    state.pending.pop()
    _finish(state)


def raid_value(state, seat: int, cards, region) -> tuple[int, int]:
    """(gold, ambushes) of a raid's cards."""
    icons = [state.rules.cards[c][1] for c in cards]
    ambushes = icons.count(AMBUSH)
    found = [v for v in icons if v != AMBUSH]
    bonus = effects.fire(state, seat, "raid_bonus", 0, equipment=False)
    gold = sum(found) + bonus * len(found)
    gold = effects.fire_events(state, "treasure", gold, region=region)
    if ambushes >= state.rules.game.raid.fail_ambushes:
        gold = 0
    return gold, ambushes


def _finish(state) -> None:
    raid, state.raid = state.raid, None
    seat = raid["player"]
    gold, ambushes = raid_value(state, seat, raid["cards"], raid["region"])
    state.goods_discard.extend(raid["cards"])
    state.explorer_track.append(raid["token"])
    state.log.append(("raid", seat, gold, ambushes))
    if ambushes and take_hits(state, f"p{seat}", ambushes, equipment=False):
        kill(state, seat, "ambush")
        return
    gain_gold(state, seat, gold, "raid")
    if gold >= state.rules.game.raid.glory_gold:
        gain_glory(state, seat, "raid")


def delve(state, seat: int) -> None:
    entry = state.pending.pop()
    region = _region_of(state, entry["token"])
    rolled = roll(state.rng["dice"], state.rules.faces, dice_for(state, seat, "leadership"))
    state.log.append(("roll", f"p{seat}", "delve", rolled, 1))  # no skull: the delve fails
    hits = rolled.count(SKULL)
    if hits == 0:
        lose_mercenaries(state.players[seat].party, state.rules.game.delve.fail_mercenaries)
        return
    gold = hits * state.rules.game.delve.gold_per_skull
    gain_gold(state, seat, effects.fire_events(state, "treasure", gold, region=region), "delve")
