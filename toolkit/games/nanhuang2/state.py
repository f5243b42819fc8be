# toolkit: compile
"""The position of a game of 南荒2: every physical card is a number (uid) whose card id is
`cards[uid]`; each zone is a list of uids. Plain lists and ints keep `clone` fast. Typed in
state.pxd (Cython's pure Python mode): compiled, Player and State are extension types whose
fields are C slots; as Python, the same classes with __slots__ (Player) or a __dict__."""

from __future__ import annotations

import random

# the per-seat counters a record and the metrics report
STATS = ("bought", "basics_bought", "soldiers_defeated", "monsters_defeated", "strikes",
         "cards_lost", "effects_played", "labour", "trades", "exiled_wilds", "wipes")


# a Player's fields, in the order of its records (to_dict)
PLAYER_FIELDS = ("hand", "front", "back", "facilities", "power", "economy", "incoming",
                 "empty_starts", "alive", "turns", "moved", "shifted", "exile_chance",
                 "out_round", "stats", "start", "picks", "secret")
# a State's fields (declared in state.pxd when compiled), in the order of its records
STATE_FIELDS = ("t", "seed", "seats", "n", "rng", "cards", "deck", "wilds", "event",
                "event_owner", "event_turn", "exile", "tokens", "supply", "dealt", "box",
                "players", "current", "round", "phase", "pending", "broken", "snapshot",
                "wiped", "offers", "log", "winners", "uspecs")
NOT_RECORDED = ("t", "rng", "cards", "log", "dealt", "uspecs")


def copy_stream(rng: random.Random) -> random.Random:
    """A new random.Random in the same state (without seeding one from the system first)."""
    out = random.Random.__new__(random.Random)
    out.setstate(rng.getstate())
    return out


class Player:
    __slots__ = PLAYER_FIELDS   # compiled: the C fields of state.pxd instead

    def __init__(self):
        self.hand: list[int] = []
        self.front: list[int] = []
        self.back: list[int] = []
        self.facilities: list[int] = []
        self.power = 0
        self.economy = 0
        self.incoming = [0, 0]          # power, economy promised by trades
        self.empty_starts = 0
        self.alive = True
        self.turns = 0
        self.moved: set[int] = set()    # uids that entered or left the field this turn
        self.shifted: set[int] = set()  # uids that changed row this turn
        self.exile_chance = False
        self.out_round = 0              # the round it lost in (0: still in)
        self.stats = dict.fromkeys(STATS, 0)
        self.start: tuple = ()                 # the starting hand chosen: copies per basic
        self.picks: list[tuple[str, str]] = []  # ("bought" | "defeated", card id)
        # hand cards no one else has seen: the starting hand, until each card leaves it
        # (everything else reaches a hand in the open: bought, recalled, traded, taken)
        self.secret: set[int] = set()

    def field(self) -> list[int]:
        return self.front + self.back + self.facilities

    def zone(self, name: str) -> list[int]:
        # each name's length tested first (compiled, Cython compares two different strings
        # in full; this runs for every zone the rules and the warlord look at)
        size = len(name)
        if size == 5 and name == "front":
            return self.front
        if size == 4 and name == "back":
            return self.back
        if size == 10 and name == "facilities":
            return self.facilities
        return getattr(self, name)

    def copy(self) -> "Player":
        p = Player.__new__(Player)
        p.hand, p.front, p.back = self.hand[:], self.front[:], self.back[:]
        p.facilities = self.facilities[:]
        p.power, p.economy, p.incoming = self.power, self.economy, self.incoming[:]
        p.empty_starts, p.alive, p.turns = self.empty_starts, self.alive, self.turns
        p.moved, p.shifted = set(self.moved), set(self.shifted)
        p.exile_chance, p.out_round = self.exile_chance, self.out_round
        p.stats = self.stats.copy()
        p.start, p.picks, p.secret = self.start, self.picks[:], set(self.secret)
        return p

    def shallow(self) -> "Player":
        """A copy sharing every list, set and dict of this one (to be read, never played
        on: observe.view gives it a hand and secret of its own where it hides them)."""
        p = Player.__new__(Player)
        p.hand, p.front, p.back, p.facilities = self.hand, self.front, self.back, self.facilities
        p.power, p.economy, p.incoming = self.power, self.economy, self.incoming
        p.empty_starts, p.alive, p.turns = self.empty_starts, self.alive, self.turns
        p.moved, p.shifted = self.moved, self.shifted
        p.exile_chance, p.out_round = self.exile_chance, self.out_round
        p.stats, p.start, p.picks, p.secret = self.stats, self.start, self.picks, self.secret
        return p

    def to_dict(self) -> dict:
        return {k: (sorted(v) if isinstance(v, set) else v)
                for k in PLAYER_FIELDS for v in [getattr(self, k)]}


class State:
    """phase: 'setup' (choosing starting hands), 'main' (phase 2 of a turn), 'end' (taking
    facilities back at the end of a turn) or 'over'. `pending` is a decision someone other
    than the turn's player (a trade answer) or the turn's player (a reward) owes now."""

    def __init__(self, t, seed: int, seats: list[str]):
        self.t = t                        # the cards.Table (shared, never copied)
        self.seed = seed
        self.seats = list(seats)
        self.n = len(seats)
        self.rng = random.Random()
        self.cards: list[str] = []        # uid -> card id (shared, never changes)
        self.uspecs: list = []            # uid -> its Spec, made with `cards` (shared)
        self.deck: list[int] = []         # the top is the end of the list
        self.wilds: list[int | None] = [None] * len(t.slots)
        self.event: int | None = None
        self.event_owner = -1
        self.event_turn = 0               # the owner's turn count when it was drawn
        self.exile: list[int] = []
        self.tokens: list[int] = []
        self.supply: dict[str, list[int]] = {}
        # each seat's 18 dealt basics (uids, public and fixed) and, during setup, those of
        # them not chosen for the starting hand, by card id
        self.dealt: list[list[int]] = [[] for _ in seats]
        self.box: list[dict[str, list[int]]] = [{} for _ in seats]
        self.players = [Player() for _ in seats]
        self.current = 0
        self.round = 0
        self.phase = "setup"
        self.pending: tuple | None = None
        self.broken: set[tuple[int, int]] = set()  # (a, b): a may now target b despite b's protection
        self.snapshot: dict[int, list[int]] = {}   # opponents' fields at phase 1
        self.wiped: set[int] = set()
        self.offers = 0
        self.log: list[tuple] = []
        self.winners: list[int] = []

    def clone(self, log: bool = True, rng: bool = True) -> "State":
        """A copy to play on (`log` False: an empty log; `rng` False: the copy's stream is
        a fresh random.Random(0), made only if it is used: an observation's)."""
        s = State.__new__(State)
        s.t, s.seed, s.seats, s.n, s.cards = self.t, self.seed, self.seats, self.n, self.cards
        s.uspecs = self.uspecs
        s.event, s.event_owner, s.event_turn = self.event, self.event_owner, self.event_turn
        s.dealt, s.current, s.round, s.phase = self.dealt, self.current, self.round, self.phase
        s.pending, s.offers = self.pending, self.offers
        s._rng = copy_stream(self._rng) if rng and self._rng is not None else None
        s.deck, s.wilds, s.exile, s.tokens = self.deck[:], self.wilds[:], self.exile[:], self.tokens[:]
        s.supply = {k: v[:] for k, v in self.supply.items()}
        s.box = [{k: v[:] for k, v in b.items()} for b in self.box]
        s.players = []
        for p in self.players:
            s.players.append(p.copy())
        s.broken, s.wiped = set(self.broken), set(self.wiped)
        s.snapshot = {k: v[:] for k, v in self.snapshot.items()}
        s.log, s.winners = (self.log[:] if log else []), self.winners[:]
        return s

    def shallow(self) -> "State":
        """A copy sharing every list, set and dict of this state and its players, with
        lists of its own of the players and the boxes (which observe.view replaces items
        of), an empty log and no stream (as `clone(log=False, rng=False)`): to be read,
        never played on."""
        s = State.__new__(State)
        s.t, s.seed, s.seats, s.n, s.cards = self.t, self.seed, self.seats, self.n, self.cards
        s.uspecs = self.uspecs
        s.event, s.event_owner, s.event_turn = self.event, self.event_owner, self.event_turn
        s.dealt, s.current, s.round, s.phase = self.dealt, self.current, self.round, self.phase
        s.pending, s.offers, s._rng = self.pending, self.offers, None
        s.deck, s.wilds, s.exile, s.tokens = self.deck, self.wilds, self.exile, self.tokens
        s.supply, s.box, s.players = self.supply, self.box[:], self.players[:]
        s.broken, s.wiped, s.snapshot = self.broken, self.wiped, self.snapshot
        s.log, s.winners = [], self.winners
        return s

    @property
    def rng(self) -> random.Random:
        """The game's chance (random.Random(0) made on first use when there is none yet:
        an observation's, which hides the game's)."""
        if self._rng is None:
            self._rng = random.Random(0)
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value

    def spec(self, uid: int):
        if len(self.uspecs) == len(self.cards):   # made with the cards (setup.new_game)
            return self.uspecs[uid]
        return self.t.specs[self.cards[uid]]

    def alive(self) -> list[int]:
        out = []
        for s in range(len(self.players)):
            p = self.players[s]
            if p.alive:
                out.append(s)
        return out

    def to_dict(self) -> dict:
        out = {k: getattr(self, k) for k in STATE_FIELDS if k not in NOT_RECORDED}
        out["players"] = [p.to_dict() for p in self.players]
        out["broken"] = sorted(self.broken)
        out["wiped"] = sorted(self.wiped)
        out["snapshot"] = {str(k): v for k, v in sorted(self.snapshot.items())}
        return out
