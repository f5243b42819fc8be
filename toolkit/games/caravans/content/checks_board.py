"""Pass-2 rules of the board of Caravans & Brigands: region adjacency (symmetric, no
self-loops, connected: the generic graph rules), taverns and the one Nightshade tavern,
heroes' home taverns, and the equipment and weapon tokens that setup places."""

from __future__ import annotations

from toolkit.content.catalog import card_count
from toolkit.content.graphs import check_adjacency, check_connected


def check(index) -> None:
    regions = index.of("region")
    if regions:
        check_adjacency(index, regions)
        check_connected(index, regions)
        check_taverns(index, regions)
    check_homes(index)
    check_tokens(index, regions)


def check_taverns(index, regions) -> None:
    """A tavern belongs to a race; exactly one tavern is Nightshade."""
    taverns = [r for r in regions if r.tavern is not None]
    for region in regions:
        if region.tavern is not None and region.race is None:
            index.error(region, f"region '{region.id}' has a tavern but no race", "tavern")
        if region.nightshade and region.tavern is None:
            index.error(region, f"region '{region.id}' is nightshade but has no tavern",
                        "nightshade")
    if not taverns:
        return
    shade = [r for r in taverns if r.nightshade]
    if not shade:
        index.error(taverns[0], "no tavern is nightshade; exactly one must be "
                    "(equipment is swapped only there)", "nightshade")
    for region in shade[1:]:
        index.error(region, f"region '{region.id}' is a second nightshade tavern (first: "
                    f"'{shade[0].id}'); exactly one is allowed", "nightshade")


def check_homes(index) -> None:
    """A hero's home is a tavern region of the hero's race."""
    for hero in index.of("hero"):
        home = index.by_id.get(hero.home)
        if home is None or home.kind != "region":
            continue  # reported as a reference
        if home.tavern is None:
            index.error(hero, f"home '{home.id}' has no tavern; a hero starts at a tavern",
                        "home")
        elif home.race != hero.race and getattr(index.by_id.get(hero.race), "kind", "") == "race":
            index.error(hero, f"home '{home.id}' is a region of '{home.race}', not of the "
                        f"hero's race '{hero.race}'", "home")


def check_tokens(index, regions) -> None:
    """Equipment fits one face down per tavern; every weapon kind has a token; a good's
    cards are its raid list."""
    equipment = index.of("equipment")
    taverns = sum(1 for r in regions if r.tavern is not None)
    total = sum(card_count(e) for e in equipment)
    if equipment and regions and total > taverns:
        index.error(equipment[0], f"there are {total} equipment tokens but only {taverns} "
                    "taverns; setup places one face down per tavern", "copies")
    for weapon in index.of("weapon"):
        if weapon.copies < 1:
            index.error(weapon, f"weapon '{weapon.id}' has {weapon.copies} copies; "
                        "at least 1 is needed", "copies")
    for good in index.of("good"):
        if good.copies != 1:
            index.warn(good, f"good '{good.id}' sets copies: {good.copies}, which is ignored; "
                       "its cards are its raid list", "copies")
