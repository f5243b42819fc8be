"""Pass-2 rules of graphs, for any game: a `symmetric: true` field of a declared kind (and a
game's own board field) lists each neighbour once, never itself, and is listed back, and
every node can be reached from the first."""

from __future__ import annotations


def check_declared(index) -> None:
    """The adjacency rules over every symmetric field of a declared kind."""
    for kind, field in declared_graphs(index.loaded):
        nodes = index.of(kind)
        if nodes:
            check_adjacency(index, nodes, field)
            check_connected(index, nodes, field)


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
