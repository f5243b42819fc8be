"""The id <-> index maps of the fight side's encodings (fight_layout.pxd): each kind in
its catalog order, effect sources in ops.pxd's order; one FightIds per Rules, cached."""

from __future__ import annotations

from toolkit.games.caravans.core.ops import source_ids


class FightIds:
    """id <-> index maps of one Rules (catalog order of each kind)."""

    def __init__(self, rules):
        c = rules.c
        self.rules = rules
        for name, seq in (("region", rules.regions), ("npc", rules.npcs),
                          ("race", rules.races), ("good", rules.goods),
                          ("hero", tuple(c.heroes)), ("glory", tuple(c.glory_cards)),
                          ("equipment", tuple(c.equipment)), ("weapon", tuple(c.weapons)),
                          ("party", tuple(c.parties)), ("mission", tuple(c.missions)),
                          ("rumor", tuple(c.rumors)), ("event", tuple(c.events)),
                          ("source", tuple(source_ids(rules)))):
            setattr(self, name + "s", seq)
            setattr(self, name, {v: i for i, v in enumerate(seq)})


_IDS: dict = {}


def fight_ids(rules) -> FightIds:
    """The FightIds of a Rules (or of a core Content: its .rules), cached."""
    rules = getattr(rules, "rules", rules)
    hit = _IDS.get(id(rules))
    if hit is None or hit.rules is not rules:
        hit = _IDS[id(rules)] = FightIds(rules)
    return hit
