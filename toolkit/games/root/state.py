"""The position of a game of Root: a plain object of lists and dicts (JSON-ready), and the
seeded chance every random event draws from."""

from __future__ import annotations

import copy
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
        """An independent copy; the action list and log (tuples) are copied shallowly."""
        c = copy.copy(self)
        for key, value in vars(self).items():
            if key in ("history", "log"):
                setattr(c, key, list(value) if keep_history else [])
            elif isinstance(value, (list, dict)):
                setattr(c, key, copy.deepcopy(value))
        return c

    def rng(self) -> random.Random:
        """A fresh stream for the next chance event, derived from the seed."""
        self.chance += 1
        return random.Random(f"root:{self.seed}:{self.chance}")
