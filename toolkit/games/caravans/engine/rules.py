"""The catalog turned into the lookups the engine needs on every move (built once per catalog).

Nothing here is a game number: distances come from the board graph, prices and counts from
game.yaml, stats from the cards. States keep a reference to their Rules; it is not state.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from types import SimpleNamespace

from toolkit.games.caravans.content.ops import OPS
from toolkit.games.caravans.engine.rng import die_faces
from toolkit.errors import RulesError

PARTY_STATS = ("defense", "shield", "cargo", "mercenaries", "attack", "agility")
HERO_STATS = ("combat", "perception", "leadership", "influence")
AMBUSH = -1  # raid icon of an ambush card


@dataclass(eq=False)
class Rules:
    catalog: object
    game: object
    faces: tuple
    regions: tuple                      # region ids in catalog order
    adjacent: dict                      # region -> tuple of regions
    region_race: dict                   # region -> race id | None
    taverns: tuple                      # regions with a tavern
    nightshade: frozenset
    dist: dict                          # (a, b) -> steps
    goods: tuple                        # good ids
    cards: tuple                        # goods card index -> (good_id, raid value | AMBUSH)
    effects: dict                       # source id -> tuple of (op, params)
    races: tuple = ()
    heroes: tuple = ()                  # hero deck (ids with copies)
    events: tuple = ()
    glory: tuple = ()
    missions: tuple = ()
    rumors: tuple = ()
    equipment: tuple = ()               # equipment tokens (ids with copies)
    weapons: dict = field(default_factory=dict)  # weapon id -> tokens
    markers: tuple = ()                 # demand markers (good ids with copies)
    explorers: tuple = ()               # explorer tokens: (id, race, region)
    npcs: tuple = ()                    # npc ids in catalog order
    c: SimpleNamespace = None           # the catalog's entries as plain dicts, by kind
    bases: dict = field(default_factory=dict)  # party id -> stats with shield
    compiled: dict | None = None        # source id -> ((hooks, handler, params), ...), by effects

    def party_base(self, party_id: str) -> dict:
        return dict(self.bases[party_id])

    def step_toward(self, here: str, goal: str) -> str:
        """The first neighbour of `here` on a shortest path to `goal` (board order)."""
        if here == goal:
            return here
        best = self.dist[here, goal]
        for nxt in self.adjacent[here]:
            if self.dist.get((nxt, goal), 10 ** 6) < best:
                return nxt
        return here


_CACHE: dict[int, tuple[object, Rules]] = {}


def rules_for(catalog) -> Rules:
    """The Rules of a catalog, built on first use and cached."""
    hit = _CACHE.get(id(catalog))
    if hit is not None and hit[0] is catalog:
        return hit[1]
    rules = _build(catalog)
    _CACHE[id(catalog)] = (catalog, rules)
    return rules


def _copies(entries) -> tuple:
    return tuple(i for i, e in entries.items() for _ in range(e.copies))


def _build(catalog) -> Rules:
    regions = tuple(catalog.regions)
    if not regions:
        raise RulesError("the project has no regions; the engine needs a board")
    adjacent = {r: tuple(a for a in catalog.regions[r].adjacent if a in catalog.regions)
                for r in regions}
    for r, near in adjacent.items():  # the board is undirected even if YAML lists one side
        for a in near:
            if r not in adjacent[a]:
                adjacent[a] = adjacent[a] + (r,)
    cards = []
    for gid, good in catalog.goods.items():  # one card per raid icon (catalog.card_count)
        for icon in good.raid:
            cards.append((gid, AMBUSH if icon == "ambush" else int(icon)))
    effects = {}
    for kind in ("hero", "equipment", "weapon", "event", "glory_card"):
        for id_, entry in catalog.of(kind).items():
            found = list(getattr(entry, "effects", []) or [])
            for ability in getattr(entry, "abilities", []) or []:
                found.extend(ability.effects)
            effects[id_] = tuple((e.op, OPS[e.op].params(**e.params)) for e in found
                                 if e.op in OPS)
    return Rules(
        catalog=catalog, game=catalog.game, faces=die_faces(catalog.game.dice.faces),
        regions=regions, adjacent=adjacent,
        region_race={r: catalog.regions[r].race for r in regions},
        taverns=tuple(r for r in regions if catalog.regions[r].tavern is not None),
        nightshade=frozenset(r for r in regions if catalog.regions[r].nightshade),
        dist=_distances(regions, adjacent), goods=tuple(catalog.goods), cards=tuple(cards),
        effects=effects, races=tuple(catalog.races), heroes=_copies(catalog.heroes),
        events=_copies(catalog.events), glory=_copies(catalog.glory_cards),
        missions=_copies(catalog.missions), rumors=_copies(catalog.rumors),
        equipment=_copies(catalog.equipment),
        weapons={w: e.copies for w, e in catalog.weapons.items()},
        markers=tuple(g for g, e in catalog.goods.items() for _ in range(e.demand_markers)),
        explorers=tuple((x.id, x.race, x.region) for x in catalog.explorers.values()
                        for _ in range(x.copies)),
        npcs=tuple(catalog.npcs),
        c=SimpleNamespace(**{name: dict(catalog.of(kind)) for name, kind in KINDS.items()}),
        bases={p: _base(e) for p, e in catalog.parties.items()})


KINDS = {"heroes": "hero", "parties": "party", "npcs": "npc", "missions": "mission",
         "rumors": "rumor", "glory_cards": "glory_card", "regions": "region", "events": "event",
         "equipment": "equipment", "weapons": "weapon", "goods": "good", "races": "race",
         "explorers": "explorer"}


def _base(party) -> dict:
    stats = party.stats.model_dump()
    stats["shield"] = stats["defense"]
    return stats


def _distances(regions, adjacent) -> dict:
    dist = {}
    for start in regions:
        dist[start, start] = 0
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in adjacent[here]:
                if (start, nxt) not in dist:
                    dist[start, nxt] = dist[start, here] + 1
                    queue.append(nxt)
    return dist
