# toolkit: compile
"""The position of a game of Root: a plain object of lists and dicts (JSON-ready), and the
seeded chance every random event draws from."""

from __future__ import annotations

import random

from toolkit.games.root.data import FACTIONS, Static


class State:
    """Everything about one position. Seats index the per-player lists; `factions[seat]`
    names the faction a seat plays, `f[faction]` holds that faction's own pieces of state."""

    def __init__(self, st: Static, seed: int, factions: list[str]):
        self.static_key = st.key
        self.seed = int(seed)
        self.chance = 0
        self.factions = list(factions)
        n = len(factions)
        self.vp = [0] * n
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.crafted: list[list[str]] = [[] for _ in range(n)]   # crafted items (Aid takes them)
        self.tableau: list[list[str]] = [[] for _ in range(n)]   # persistent cards in play
        self.dominance: list = [None] * n                        # activated dominance card
        self.known: dict = {}                                    # "seat>other" -> seen hand
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.available: list[str] = []                           # dominance cards to buy
        self.supply = {i: v["supply"] for i, v in st.items.items()}
        self.board = {c: {"w": {}, "b": [], "t": []} for c in st.suit}
        self.ruin_items: dict[str, str] = {}
        self.reserve = {f: st.warriors[f] for f in FACTIONS}
        self.keep_gone = False
        self.f: dict[str, dict] = {}
        self.turn = 0
        self.rounds = 1
        self.phase = "setup"
        self.step = ""
        self.flags: dict = {}          # this turn's once-only uses and counters
        self.pending: list[dict] = []  # decisions owed before play goes on
        self.battle: dict | None = None
        self.over = False
        self.winner: list[int] = []
        self.history: list = []
        self.log: list = []            # what actions caused: dice, removals, VP, turmoil
        self.forced: list = []         # dice a ruling fixes, [high, low] each
        self.unseen = None             # an observation's hidden cards (sorted), else None
        self.hidden_ruins = None       # an observation's items under the ruins, else None

    def seat(self, faction: str) -> int:
        return self.factions.index(faction) if faction in self.factions else -1

    def fac(self, seat: int) -> str:
        return self.factions[seat]

    def copy(self, keep_history: bool = True) -> "State":
        """An independent copy; the action list and log (tuples) are copied shallowly. The
        position is plain JSON-like data without aliases (lists, dicts, tuples of atoms):
        flat lists are sliced, the rest copied by hand, nothing deep-copied generically."""
        c = State.__new__(State)
        c.static_key, c.seed, c.chance = self.static_key, self.seed, self.chance
        c.factions, c.vp = self.factions[:], self.vp[:]
        c.hands, c.crafted = _list(self.hands), _list(self.crafted)
        c.tableau, c.dominance = _list(self.tableau), self.dominance[:]
        c.known, c.deck, c.discard = _dict(self.known), self.deck[:], self.discard[:]
        c.available, c.supply = self.available[:], self.supply.copy()
        c.board, c.ruin_items = _board(self.board), self.ruin_items.copy()
        c.reserve, c.keep_gone, c.f = self.reserve.copy(), self.keep_gone, _dict(self.f)
        c.turn, c.rounds, c.phase, c.step = self.turn, self.rounds, self.phase, self.step
        c.flags, c.pending = _dict(self.flags), _list(self.pending)
        c.battle = None if self.battle is None else _dict(self.battle)
        c.over, c.winner = self.over, self.winner[:]
        c.history = self.history[:] if keep_history else []
        c.log = self.log[:] if keep_history else []
        c.forced = _list(self.forced)
        c.unseen = None if self.unseen is None else self.unseen[:]
        c.hidden_ruins = None if self.hidden_ruins is None else self.hidden_ruins[:]
        return c

    def rng(self) -> random.Random:
        """A fresh stream for the next chance event, derived from the seed."""
        self.chance += 1
        return random.Random(f"root:{self.seed}:{self.chance}")


FIELDS = ("static_key", "seed", "chance", "factions", "vp", "hands", "crafted", "tableau",
          "dominance", "known", "deck", "discard", "available", "supply", "board",
          "ruin_items", "reserve", "keep_gone", "f", "turn", "rounds", "phase", "step",
          "flags", "pending", "battle", "over", "winner", "history", "log", "forced",
          "unseen", "hidden_ruins")   # every field of a State, in the order __init__ sets them


def observation(s: State, seat: int) -> State:
    """A copy with what `seat` cannot see hidden: other hands, the deck's order, the
    Alliance's supporters (unless `seat` is the Alliance), the items under the ruins and
    the quest deck. `unseen` lists the hidden cards, `hidden_ruins` the ruins' items."""
    o = s.copy(False)   # agents read the position, not the past
    unseen = o.deck[:]
    hands = o.hands
    for i in range(len(hands)):
        if i != seat:
            unseen += hands[i]
            hands[i] = ["?"] * len(hands[i])
    if "alliance" in o.f and o.factions[seat] != "alliance":
        sup = o.f["alliance"]["supporters"]
        unseen += sup
        o.f["alliance"]["supporters"] = ["?"] * len(sup)
    o.deck = ["?"] * len(o.deck)
    unseen.sort()
    o.unseen = unseen
    o.hidden_ruins = sorted(o.ruin_items.values())
    o.ruin_items = dict.fromkeys(o.ruin_items, "?")
    if "vagabond" in o.f:
        o.f["vagabond"]["quest_deck"] = sorted(o.f["vagabond"]["quest_deck"])
    mine = f"{seat}>"
    o.known = {k: v for k, v in o.known.items() if k.startswith(mine)}
    return o


def _board(board: dict) -> dict:
    """A copy of the map: each clearing's warriors (faction -> count) and its buildings and
    tokens ((faction, piece) pairs, immutable: the lists are copied, not the pairs)."""
    out = {}
    for c, z in board.items():
        w = z["w"]
        b = z["b"]
        t = z["t"]
        out[c] = {"w": w.copy(), "b": b[:], "t": t[:]}
    return out


def _list(v: list) -> list:
    out = v[:]
    i = 0
    for x in v:
        if type(x) is list:
            out[i] = _list(x)
        elif type(x) is dict:
            out[i] = _dict(x)
        elif type(x) is tuple:
            out[i] = _tuple(x)
        i += 1
    return out


def _dict(v: dict) -> dict:
    out = v.copy()
    for k, x in v.items():
        if type(x) is list:
            out[k] = _list(x)
        elif type(x) is dict:
            out[k] = _dict(x)
        elif type(x) is tuple:
            out[k] = _tuple(x)
    return out


def _tuple(v: tuple) -> tuple:
    """A tuple of atoms is kept (as deepcopy keeps it); one holding lists or dicts is copied."""
    for x in v:
        if type(x) is list or type(x) is dict or type(x) is tuple:
            return tuple(_list(list(v)))
    return v
