"""Event hazards that strike every party in some regions: storms and plague."""

from __future__ import annotations

from toolkit.games.caravans.engine import effects
from toolkit.games.caravans.engine.death import kill
from toolkit.games.caravans.engine.npc import leave
from toolkit.games.caravans.engine.party import lose_mercenaries, take_hits


def _ignores(state, seat, kind) -> bool:
    return effects.fire(state, seat, "ignore", False, event=kind)


def strike_regions(state, regions: set, hits: int, kind: str) -> None:
    """Parties outside taverns in `regions` take `hits` hits (no equipment helps)."""
    for seat in list(state.order):
        player = state.players[seat]
        if player.hero and player.region in regions and not player.in_tavern \
                and not _ignores(state, seat, kind):
            if take_hits(state, f"p{seat}", hits, equipment=False):
                kill(state, seat, kind)
    for npc_id, npc in state.npcs.items():
        if npc.region in regions and take_hits(state, f"n:{npc_id}", hits):
            leave(state, npc_id)


def plague(state, race: str, mercenaries: int) -> None:
    """Parties in the race's regions (taverns included) lose mercenaries."""
    race_of = state.rules.region_race
    for seat in state.order:
        player = state.players[seat]
        if player.hero and race_of.get(player.region) == race \
                and not _ignores(state, seat, "plague"):
            lose_mercenaries(player.party, mercenaries)
    for npc in state.npcs.values():
        if npc.region is not None and race_of.get(npc.region) == race:
            lose_mercenaries(npc.party, mercenaries)
