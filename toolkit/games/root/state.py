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

    def seat(self, faction: str) -> int:
        return self.factions.index(faction) if faction in self.factions else -1

    def fac(self, seat: int) -> str:
        return self.factions[seat]

    def copy(self, keep_history: bool = True) -> "State":
        """An independent copy; the action list and log (tuples) are copied shallowly. The
        position is plain JSON-like data without aliases (lists, dicts, tuples of atoms):
        flat lists are sliced, the rest copied by hand, nothing deep-copied generically."""
        c = State.__new__(State)
        for key, value in vars(self).items():
            t = type(value)
            if t is list:
                if key == "history" or key == "log":
                    value = value[:] if keep_history else []
                else:
                    value = _list(value)
            elif t is dict:
                value = _board(value) if key == "board" else _dict(value)
            setattr(c, key, value)
        return c
    def rng(self) -> random.Random:
        """A fresh stream for the next chance event, derived from the seed."""
        self.chance += 1
        return random.Random(f"root:{self.seed}:{self.chance}")


def _board(board: dict) -> dict:
    """A copy of the map: each clearing's warriors (faction -> count) and its buildings and
    tokens ([faction, piece] pairs)."""
    return {c: {"w": z["w"].copy(), "b": [p[:] for p in z["b"]], "t": [p[:] for p in z["t"]]}
            for c, z in board.items()}


def _list(v: list) -> list:
    out = v[:]
    for i, x in enumerate(v):
        t = type(x)
        if t is list:
            out[i] = _list(x)
        elif t is dict:
            out[i] = _dict(x)
        elif t is tuple:
            out[i] = _tuple(x)
    return out


def _dict(v: dict) -> dict:
    out = v.copy()
    for k, x in v.items():
        t = type(x)
        if t is list:
            out[k] = _list(x)
        elif t is dict:
            out[k] = _dict(x)
        elif t is tuple:
            out[k] = _tuple(x)
    return out


def _tuple(v: tuple) -> tuple:
    """A tuple of atoms is kept (as deepcopy keeps it); one holding lists or dicts is copied."""
    for x in v:
        if type(x) in (list, dict, tuple):
            return tuple([_list(y) if type(y) is list else _dict(y) if type(y) is dict
                          else _tuple(y) if type(y) is tuple else y for y in v])
    return v
