"""The armory: form a new party (disbanding the old), repair, equipment, special weapons."""

from __future__ import annotations

from toolkit.games.caravans.engine import effects
from toolkit.games.caravans.engine.cards import gain_glory, gain_gold
from toolkit.games.caravans.engine.tokens import place_equipment
from toolkit.games.caravans.engine.party import REPAIRABLE, damage, fills_of, new_party, refresh
from toolkit.games.caravans.engine.tavern import begin
from toolkit.games.caravans.engine.state import use_card


def resale(state, party) -> int:
    """Disband value: card resale +1 per equipment −1 per damage point; wardens none."""
    card = state.rules.c.parties[party.kind]
    if card.resale is None:
        return 0
    armory = state.rules.game.armory
    return max(0, card.resale + armory.equipment_resale * len(party.equipment) - damage(party))


def form_cost(state, seat: int, kind: str) -> int:
    return state.rules.c.parties[kind].cost - resale(state, state.players[seat].party)


def form_party(state, seat: int, kind: str) -> None:
    """A new party replaces the old and starts with its full crew: the mercenary stat is
    also the crew at the party's founding (seed 000), the old mercenaries among them."""
    begin(state, "form")
    player = state.players[seat]
    old = player.party
    player.gold -= form_cost(state, seat, kind)
    place_equipment(state, old.equipment, near=player.region, seat=seat)
    party = new_party(state, kind, seat)
    player.party = party
    use_card(player, kind)
    state.log.append(("form", seat, kind))
    if state.rules.c.parties[kind].size == "large" and not player.large_formed:
        player.large_formed = True
        gain_glory(state, seat, "large_party")


def free_repair(state, seat: int) -> int:
    player = state.players[seat]
    return 0 if player.free_repair else effects.fire(state, seat, "free_repair", 0)


def repair_cost(state, seat: int, points: int, free: int | None = None) -> int:
    free = free_repair(state, seat) if free is None else free
    return max(0, points - free) * state.rules.game.armory.repair


def repair(state, seat: int, points: int) -> None:
    begin(state, "repair")
    player = state.players[seat]
    player.gold -= repair_cost(state, seat, points)
    if free_repair(state, seat):
        player.free_repair = True
    party = player.party
    for stat in REPAIRABLE:
        fix = min(points, party.top[stat] - party.cur[stat])
        party.cur[stat] += fix
        points -= fix


def restore_cost(state, equipment: str) -> int:
    for op, params in state.rules.effects.get(equipment, ()):
        if op == "cancel_hit" and params.restore_cost is not None:
            return params.restore_cost
    return state.rules.game.armory.amulet_restore


def restore(state, seat: int, equipment: str) -> None:
    begin(state, "restore")
    player = state.players[seat]
    player.gold -= restore_cost(state, equipment)
    player.party.flipped.remove(equipment)


def buy_equipment(state, seat: int) -> None:
    begin(state, "equipment")
    player = state.players[seat]
    token = state.tavern_eq[player.region]
    state.tavern_eq[player.region] = None
    player.gold -= state.rules.game.armory.equipment_cost
    _fit(state, seat, token)


def swap_equipment(state, seat: int, mine: str) -> None:
    """At Nightshade: hand back one of yours for the tavern's token (paying its price)."""
    begin(state, "equipment")
    player = state.players[seat]
    token = state.tavern_eq[player.region]
    player.party.equipment.remove(mine)
    if mine in player.party.flipped:
        player.party.flipped.remove(mine)
    state.tavern_eq[player.region] = mine
    player.gold -= state.rules.game.armory.equipment_cost
    refresh(state, seat)
    _fit(state, seat, token)


def _fit(state, seat: int, token: str) -> None:
    player = state.players[seat]
    player.party.equipment.append(token)
    refresh(state, seat, fill=fills_of(state, token))
    use_card(player, token)
    state.log.append(("equipment", seat, token))


def buy_weapon(state, seat: int, weapon: str) -> None:
    begin(state, "weapon:" + weapon)
    player = state.players[seat]
    state.weapon_supply[weapon] -= 1
    player.weapons.append(weapon)
    player.gold -= state.rules.game.armory.weapon_cost
    use_card(player, weapon)


def sell_weapon(state, seat: int, weapon: str) -> None:
    begin(state, "sell_weapon:" + weapon)
    player = state.players[seat]
    player.weapons.remove(weapon)
    state.weapon_supply[weapon] += 1
    gain_gold(state, seat, state.rules.game.armory.weapon_resale, "weapon_sale")
