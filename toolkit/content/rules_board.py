"""Pass-2 rules of the board: region adjacency (symmetric, no self-loops, connected),
taverns and the one Nightshade tavern, heroes' home taverns, and the equipment and
weapon tokens that setup places."""

from __future__ import annotations

from toolkit.content.catalog import card_count


def check(index) -> None:
    regions = index.of("region")
    if regions:
        check_adjacency(index, regions)
        check_connected(index, regions)
        check_taverns(index, regions)
    for kind, field in declared_graphs(index.loaded):
        nodes = index.of(kind)
        if nodes:
            check_adjacency(index, nodes, field)
            check_connected(index, nodes, field)
    check_homes(index)
    check_tokens(index, regions)


def declared_graphs(loaded):
    """(kind, field) of every `symmetric: true` field of a declared kind."""
    for kind, model in loaded.kinds.items():
        decl = getattr(model, "declaration", None)
        for name, fdecl in (decl.fields.items() if decl else ()):
            if fdecl.symmetric and name in model.model_fields and name not in model.unchecked:
                yield kind, name


def _ids(items) -> str:
    return ", ".join(f"'{i}'" for i in items)


def _links(node, field: str) -> list[str]:
    value = getattr(node, field, None)
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def check_adjacency(index, nodes, field: str = "adjacent") -> None:
    """Each neighbour listed once, never itself, and listing this node back."""
    by_id = {n.id: n for n in nodes}
    for node in nodes:
        seen: set[str] = set()
        name = f"{node.kind} '{node.id}'"
        for i, other in enumerate(_links(node, field)):
            if other == node.id:
                index.error(node, f"{name} lists itself as {field}", field, i)
            elif other in seen:
                index.error(node, f"{name} lists '{other}' twice", field, i)
            elif other in by_id and node.id not in _links(by_id[other], field):
                index.error(node, f"{name} lists '{other}' as {field} but '{other}' does not "
                            f"list '{node.id}'", field, i)
            seen.add(other)


def check_connected(index, nodes, field: str = "adjacent") -> None:
    """Every node reachable from the first one; one error per cut-off group."""
    by_id = {n.id: n for n in nodes}
    start = nodes[0].id
    reached = _reach(start, by_id, field)
    for node in nodes:
        if node.id in reached:
            continue
        group = _reach(node.id, by_id, field)
        reached |= group
        members = [n.id for n in nodes if n.id in group]
        index.error(node, f"the board is not connected: {_ids(members)} cannot be reached "
                    f"from '{start}'", field)


def _reach(start: str, by_id, field: str) -> set[str]:
    """Nodes reachable from `start`, following links both ways."""
    links: dict[str, set[str]] = {rid: set() for rid in by_id}
    for rid, node in by_id.items():
        for other in _links(node, field):
            if other in by_id and other != rid:
                links[rid].add(other)
                links[other].add(rid)
    seen, todo = {start}, [start]
    while todo:
        for other in links[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


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
