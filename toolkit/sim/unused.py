# toolkit: compile
"""The report's "rules no agent used": what never happened in a run, so that nobody reads
meaning into its statistics. Generic parts: the effect operations the project's content
carries that never fired (records' `effects_fired`, kept for a game that counts its effects)
and the action kinds taken (`action_kinds`); a game adds its own items (cards never used,
actions never taken...) as an `unused` list in its report sections."""

from __future__ import annotations

from itertools import chain

from toolkit.sim.tally import count_each


def ops_in_content(catalog) -> dict[str, list[str]]:
    """Each effect operation the content uses -> the ids of the entries carrying it."""
    out: dict[str, list[str]] = {}
    for entries in getattr(catalog, "by_kind", {}).values():
        for id_, entry in entries.items():
            for effect in getattr(entry, "effects", None) or ():
                op = getattr(effect, "op", None)
                if op:
                    out.setdefault(str(op), [])
                    if id_ not in out[str(op)]:
                        out[str(op)].append(id_)
    return dict(sorted(out.items()))


class Unused:
    """The reporter (toolkit.sim.reporters): {"effects_fired": {op: n} | None,
    "actions_taken": {kind: n}, "items": [...]}, each item {kind, id, cards?, note};
    `effects_fired` is None when the records do not count effects (then no op is listed)."""

    def __init__(self, catalog=None):
        self.catalog = catalog

    def empty(self) -> dict:
        return {"fired": {}, "counted": 0, "taken": {}}

    def add(self, tally, index, record) -> None:
        self.add_batch(tally, ((index, record),))

    def add_batch(self, tally, pairs) -> None:
        """The games of `pairs`: their (op, times) and (kind, times) counted at once, then
        added a distinct pair at a time."""
        fired, taken = [], []
        for _, record in pairs:
            if "effects_fired" in record:
                fired.append(record["effects_fired"])
            taken.append(record.get("action_kinds", {}))
        tally["counted"] += len(fired)
        for into, counts in ((tally["fired"], fired), (tally["taken"], taken)):
            seen: dict = {}
            count_each(seen, chain.from_iterable(map(dict.items, counts)))
            for (key, times), n in seen.items():
                into[key] = into.get(key, 0) + times * n

    def finish(self, tally) -> dict:
        fired, counted, taken = tally["fired"], tally["counted"], tally["taken"]
        items = []
        if counted and self.catalog is not None:
            for op, cards in ops_in_content(self.catalog).items():
                if not fired.get(op):
                    items.append({"kind": "op", "id": op, "cards": cards,
                                  "note": f"never fired in {counted} games"})
        return {"effects_fired": dict(sorted(fired.items())) if counted else None,
                "actions_taken": dict(sorted(taken.items(), key=lambda kv: (-kv[1], kv[0]))),
                "items": items}
