"""Game-specific content checks (`Game.validate`): what the declared kinds cannot say
alone — the zones the rules read, the hexagon's shape, a starting hand the basics can fill,
abilities with their tag, and a deck able to fill the wilds at the start."""

from __future__ import annotations

from toolkit.games.nanhuang2.cards import FIELD, PLAYABLE


def validate(catalog, report) -> None:
    zones = catalog.of("zone")
    for name in FIELD:
        if name not in zones:
            report(None, f"nanhuang2 needs the zone '{name}' (zones.yaml)")
    _guards(zones, report)
    _hexagon(catalog, report)
    if len(catalog.of("labour")) != 1:
        report(None, f"nanhuang2 needs exactly one labour card, found {len(catalog.of('labour'))}")
    basics = catalog.of("basic")
    if not basics:
        report(None, "nanhuang2 needs basic cards (basics.yaml)")
    hand = getattr(catalog.game, "starting_hand", None)   # no game: game.yaml is invalid
    if basics and hand is not None and hand > sum(b.per_player for b in basics.values()):
        report(None, f"a starting hand of {hand} is more than the "
               f"{sum(b.per_player for b in basics.values())} basics dealt to each player",
               "starting_hand")
    for kind in ("soldier", "facility"):
        for cid, e in catalog.of(kind).items():
            if e.ability and (not e.ability_tag or not e.amount):
                report(cid, f"ability '{e.ability}' needs 'ability_tag' and an 'amount' above 0",
                       "ability")
    usable = sum(e.copies for kind in PLAYABLE if kind != "incident"
                 for e in catalog.of(kind).values() if not getattr(e, "strong", False))
    if usable < len(catalog.of("wilds_slot")):
        report(None, f"the deck has {usable} cards that may start in the wilds (no event, not "
               f"强力), fewer than the {len(catalog.of('wilds_slot'))} slots")


def _guards(zones, report) -> None:
    """`guarded_by` of a field zone names other field zones (a row of a player's own field
    that must be empty first), without a cycle: a public zone has no owner to empty it."""
    for zid, zone in zones.items():
        guards = list(getattr(zone, "guarded_by", None) or ())
        for guard in guards:
            if zid not in FIELD:
                report(zid, f"zone '{zid}' is not on a player's field, so it cannot be "
                       "guarded; remove its 'guarded_by'", "guarded_by")
                break
            if guard == zid:
                report(zid, f"zone '{zid}' cannot guard itself", "guarded_by")
            elif guard not in FIELD:
                report(zid, f"zone '{zid}' is guarded_by '{guard}', which is not a field zone; "
                       f"a guard must be one of {', '.join(FIELD)}", "guarded_by")
    guarded = {z: set(getattr(zones[z], "guarded_by", None) or ()) & set(FIELD)
               for z in FIELD if z in zones}
    for zid in guarded:
        seen, todo = set(), list(guarded[zid] - {zid})
        while todo:
            here = todo.pop()
            if here == zid:
                report(zid, f"zone '{zid}' is guarded, through 'guarded_by', by itself: a cycle "
                       "that no attack could break", "guarded_by")
                break
            if here not in seen:
                seen.add(here)
                todo.extend(guarded.get(here, ()))


def _hexagon(catalog, report) -> None:
    slots = catalog.of("wilds_slot")
    if len(slots) != 7:
        report(None, f"the wilds have 7 slots (a hexagon and its centre), found {len(slots)}")
        return
    centres = [sid for sid, e in slots.items() if e.centre]
    if len(centres) != 1:
        report(None, f"the wilds need exactly one centre slot, found {len(centres)}")
        return
    for sid, e in slots.items():
        want = 6 if sid == centres[0] else 3
        if len(set(e.adjacent)) != want:
            report(sid, f"slot '{sid}' needs {want} neighbours on a hexagon with a centre, "
                   f"has {len(set(e.adjacent))}", "adjacent")
        elif sid != centres[0] and centres[0] not in e.adjacent:
            report(sid, f"corner slot '{sid}' must be next to the centre", "adjacent")
