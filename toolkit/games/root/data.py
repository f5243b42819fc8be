# toolkit: compile
"""Root's static content, read once from a catalog: the map graph, the deck, the item
supply, faction tracks, leaders, characters, quests and the game.yaml settings. The rules
read only this."""

from __future__ import annotations

from toolkit.errors import ContentError
from toolkit.games.root.settings import values

SUITS = ("fox", "rabbit", "mouse")
FACTIONS = ("marquise", "eyrie", "alliance", "vagabond")
COLUMNS = ("recruit", "move", "battle", "build")
_CACHE: dict = {}


class Static:
    """The content the rules read (an extension type when compiled: data.pxd)."""

    def __init__(self):
        self.suit: dict = {}          # clearing -> suit
        self.slots: dict = {}         # clearing -> building slots (ruin incl.)
        self.ruins: list = []         # clearings with a ruin
        self.opposite: dict = {}      # corner -> opposite corner
        self.adj: dict = {}           # clearing -> sorted adjacent clearings
        self.priority: dict = {}
        self.forests: dict = {}       # forest -> clearings it touches
        self.forest_adj: dict = {}    # forest -> adjacent forests
        self.cards: dict = {}         # card id -> dict of its fields
        self.deck: list = []          # one id per physical card
        self.items: dict = {}         # item -> {supply, ruin, start, copies}
        self.settings: dict = {}      # game.yaml settings (settings.py)
        self.pieces: dict = {}        # piece id -> {faction, form, cost, vp, draw}
        self.warriors: dict = {}      # faction -> warriors in the box
        self.aids: list = []
        self.aid_vp: list = []
        self.leaders: dict = {}       # leader -> viziers' columns
        self.characters: dict = {}    # character -> (items, special)
        self.quests: dict = {}        # quest -> (suit, items)
        self.names: dict = {}
        self.key = ""
        self.clearings: list = []     # clearing ids in printed priority order (_build)

    def corners(self):
        return [c for c in self.clearings if c in self.opposite]

    def setting(self, key) -> int:
        return self.settings[key]


def static_of(s) -> Static:
    """The Static a state was dealt from (kept beside the state, never copied with it)."""
    return _BY_STATE[s.static_key]


_BY_STATE: dict = {}


def static(catalog) -> Static:
    """The Static of a catalog, built once per catalog and content."""
    key = (id(catalog), getattr(catalog, "content_hash", None))
    if key not in _CACHE:
        _CACHE[key] = _build(catalog)
        _CACHE[key].key = f"{key[1]}:{key[0]}"
        _BY_STATE[_CACHE[key].key] = _CACHE[key]
    return _CACHE[key]


def build_static(catalog) -> Static:
    """A fresh Static, not cached (the validator's checks)."""
    return _build(catalog)


def entries(catalog, kind) -> dict:
    """id -> entry of a kind, from a Catalog (a mapping) or the validator's index (a list)."""
    found = catalog.of(kind)
    return dict(found) if hasattr(found, "items") else {e.id: e for e in found}


def _build(catalog) -> Static:
    s = Static()
    clearings = entries(catalog, "clearing")
    if not clearings:
        raise ContentError("rules 'root' need clearings (kind 'clearing' in game.yaml)")
    for cid, c in clearings.items():
        s.suit[cid], s.slots[cid], s.priority[cid] = c.suit, c.slots, c.priority
        s.adj[cid] = sorted(c.adjacent, key=lambda x: clearings[x].priority)
        if c.ruin:
            s.ruins.append(cid)
        if c.opposite:
            s.opposite[cid] = c.opposite
    for fid, f in entries(catalog, "forest").items():
        s.forests[fid] = sorted(f.touches)
    for fid, touch in s.forests.items():
        s.forest_adj[fid] = sorted(
            g for g, other in s.forests.items() if g != fid and any(
                a in other and b in other and b in s.adj[a]
                for a in touch for b in touch if a < b))
    for cid, c in entries(catalog, "shared_card").items():
        s.cards[cid] = {"suit": c.suit, "cost": list(c.cost or []), "type": c.type,
                        "item": c.item, "vp": c.vp or 0, "effect": c.effect}
        s.deck += [cid] * c.copies
    for iid, i in entries(catalog, "item").items():
        s.items[iid] = {"supply": i.supply, "ruin": i.ruin, "start": i.start,
                        "copies": i.copies}
    s.settings = values(getattr(catalog, "game", None))
    for pid, p in entries(catalog, "piece").items():
        s.pieces[pid] = {"faction": p.faction, "form": p.form, "suit": p.suit,
                         "copies": p.copies, "cost": list(p.cost or []),
                         "vp": list(p.vp or []), "draw": list(p.draw or [])}
    for fid, f in entries(catalog, "faction").items():
        s.warriors[fid] = f.warriors
        if fid == "vagabond":
            s.aids, s.aid_vp = list(f.aids or [1, 2, 2]), list(f.aid_vp or [1, 2, 2, 2])
    s.leaders = {k: list(v.viziers) for k, v in entries(catalog, "leader").items()}
    s.characters = {k: (list(v.items), v.special) for k, v in entries(catalog, "character").items()}
    s.quests = {k: (v.suit, list(v.items)) for k, v in entries(catalog, "quest").items()}
    s.names = {k: dict(v) for k, v in getattr(catalog, "names", {}).items()}
    s.clearings = sorted(s.suit, key=lambda c: s.priority[c])
    missing = [f for f in FACTIONS if f not in s.warriors]
    if missing:
        raise ContentError(f"rules 'root' need faction '{missing[0]}' in factions")
    return s
