"""NPC parties: entering play, moving toward their quarry, and their fixed combat rule.

Targets: a race's patrol hunts players with a bounty of its race, else any brigand player;
a brigand band hunts players without bounty. An NPC moves one region along a shortest
path (ties: the board's adjacency order) toward its nearest target (ties: turn order) or
toward the region its event names. NPCs never fight each other.
"""

from __future__ import annotations

from toolkit.games.caravans.engine.cards import is_brigand
from toolkit.games.caravans.engine.party import new_party, party_of


def card(state, npc_id):
    return state.rules.c.npcs[npc_id]


def enter(state, npc_id: str, region: str | None = None) -> None:
    """Bring an NPC into play (fresh party, its gold) unless it is already on the board."""
    npc = state.npcs[npc_id]
    if npc.region is not None:
        return
    info = card(state, npc_id)
    npc.region = region or info.start
    npc.party = new_party(state, info.party)
    npc.gold = info.gold
    state.log.append(("npc_enter", npc_id, npc.region))


def leave(state, npc_id: str) -> None:
    npc = state.npcs[npc_id]
    npc.region, npc.party, npc.gold = None, None, 0


def hunts(state, npc_id: str, seat: int) -> bool:
    """Whether this NPC treats the player as its quarry."""
    player = state.players[seat]
    if player.hero is None or player.region is None:
        return False
    if card(state, npc_id).role == "patrol":
        return is_brigand(player)
    return not is_brigand(player)


def _quarry(state, npc_id: str) -> list[int]:
    info = card(state, npc_id)
    seats = [s for s in state.order if hunts(state, npc_id, s)]
    if info.role == "patrol":
        own = [s for s in seats if state.players[s].bounty.get(info.race)]
        return own or seats
    return seats


def move(state, npc_id: str, toward: str = "target") -> None:
    npc = state.npcs[npc_id]
    if npc.region is None:
        return
    rules = state.rules
    goal = toward
    if toward == "target":
        seats = _quarry(state, npc_id)
        if not seats:
            return
        goal = min((rules.dist.get((npc.region, state.players[s].region), 10 ** 6), i, s)
                   for i, s in enumerate(seats))[2]
        goal = state.players[goal].region
    step = rules.step_toward(npc.region, goal)
    if step != npc.region:
        npc.region = step
        state.log.append(("npc_move", npc_id, step))


def attackers(state, seat: int) -> list[str]:
    """NPCs that attack this player now: in its region, the player outside the tavern."""
    player = state.players[seat]
    if player.in_tavern or player.region is None or player.hero is None:
        return []
    return [n for n in state.rules.npcs
            if state.npcs[n].region == player.region and hunts(state, n, seat)]


def choose(state, combat: dict, side: int) -> tuple:
    """The NPC's combat choice: ranged in round 1 or with no shield; melee when it has more
    mercenaries than its enemy; flee when one defense point is left; ranged otherwise."""
    me = combat["sides"][side]
    mine = party_of(state, me).cur
    theirs = party_of(state, combat["sides"][1 - side]).cur
    if combat["round"] == 1 or mine["shield"] <= 0:
        return ("ranged", "", "")
    if mine["mercenaries"] > theirs["mercenaries"]:
        return ("melee", "", "")
    if mine["defense"] <= 1:
        return ("flee", "", "")
    return ("ranged", "", "")
