"""Check the ids a ruling's setup names (heroes, regions, goods, ...) against the catalog,
so that a typo reads `unknown hero 'aldrik' (did you mean 'aldric_vane'?)` at its line."""

from __future__ import annotations

from toolkit.games.caravans.rulings.schema import Setup
from toolkit.content.problems import did_you_mean

SEAT_REFS = {"hero": "hero", "party": "party", "goods": "good", "equipment": "equipment",
             "weapons": "weapon", "bounty": "race", "glory_cards": "glory_card",
             "followers": "glory_card", "bought_last_turn_at": "region",
             "missions": "mission", "rumors": "rumor"}
DECK_KINDS = {"goods": "good", "glory": "glory_card", "events": "event", "missions": "mission",
              "rumors": "rumor", "heroes": "hero"}


def unknown_ids(catalog, setup: Setup) -> list[str]:
    """One message per id of the setup that the catalog does not have."""
    out: list[str] = []

    def check(kind, value, where):
        if value is None:
            return
        value = str(value).partition(":")[0] if kind == "good" else value
        known = catalog.of(kind)
        if value not in known:
            out.append(f"{where}: unknown {kind.replace('_', ' ')} '{value}'"
                       + did_you_mean(value, known))

    for i, seat in enumerate(setup.seats):
        for key, kind in SEAT_REFS.items():
            value = getattr(seat, key)
            for v in (value if isinstance(value, (list, dict)) else [value]):
                check(kind, v, f"seats[{i}].{key}")
        if seat.at is not None:
            check("region", seat.at.region, f"seats[{i}].at")
    pairs = (("demand", "region", "good"), ("tavern_equipment", "region", "equipment"),
             ("npcs", "npc", "region"), ("explorers", "region", "explorer"))
    for key, key_kind, value_kind in pairs:
        for k, v in (getattr(setup, key) or {}).items():
            check(key_kind, k, key)
            check(value_kind, v, key)
    for deck, cards in (setup.decks or {}).items():
        for card in cards:
            check(DECK_KINDS[deck], card, f"decks.{deck}")
    for event in setup.events or []:
        check("event", event, "events")
    for mission in setup.missions_up or []:
        check("mission", mission, "missions_up")
    return out
