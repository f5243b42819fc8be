# toolkit: compile
"""The position of a game of Kings & Things, and the questions every phase asks of it.

Everything is plain data (lists, dicts, ints, strings) plus one seeded `random.Random`, so
that a clone is a deep copy and a JSON text is stable. A unit on the board is a token
(`u12`) that everyone sees; which thing it is (`thing`) is hidden from the other players
until it is `shown` in a battle (bluffing: the stacks are face down)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from toolkit.games.kings_and_things.data import Data, by_key
from toolkit.games.kings_and_things.hexmap import neighbours

LEAVE_PLAY = ("magic_item", "creature", "random_event")  # kinds an emptied cup no longer takes


class NeedDie(Exception):
    """Raised by a roll past the given dice while exact odds are enumerated."""


@dataclass
class State:
    seats: list
    rings: int
    terrain: list
    owner: list
    fort: list                     # fort level per hex, 0 = none
    income: list                   # income counter instance per hex, or None
    deck: list                     # replacement hex tiles (face down)
    units: dict                    # token -> {owner, thing, hex, hero, shown, moved}
    racks: list                    # per seat: thing instances behind the screen
    gold: list
    cup: list
    hero_pool: dict                # counter -> face-up hero id, for unowned counters
    forts_left: dict               # level -> counters left in the bank
    rng: random.Random
    order: list = field(default_factory=list)   # player order, first player first
    firsts: list = field(default_factory=list)  # the first player of each round, round 1 first
    round: int = 0
    phase: str = "setup_start"
    turn: int = 0                  # index into `order` of the player acting in the phase
    actor: int = 0                 # the seat to act (-1 once over)
    sub: dict = field(default_factory=dict)     # the phase's own working data
    battle: dict | None = None
    battles: dict = field(default_factory=dict) # hex -> attacker, battles still to fight
    removed: list = field(default_factory=list) # out of play once the cup ran dry
    cup_emptied: bool = False
    citadel_since: dict = field(default_factory=dict)  # seat -> round it gained a citadel
    cloud: int | None = None       # the black cloud's hex
    free_builds: list = field(default_factory=list)
    built: list = field(default_factory=list)   # hexes built or upgraded this turn
    next_token: int = 1
    dice: list = field(default_factory=list)    # forced rolls (rulings), used first
    draws: list = field(default_factory=list)   # forced cup draws (rulings), used first
    enumerating: bool = False      # rulings' exact odds: a roll beyond `dice` is a branch
    winner: list | None = None
    end_reason: str = ""
    log: list = field(default_factory=list)
    stats: dict = field(default_factory=dict)   # name -> per-seat counts
    key: str = ""                  # the catalog's content hash (see data.by_key)

    @property
    def n(self) -> int:
        return len(self.seats)

    # ---- chance ---------------------------------------------------------------------------
    def roll(self) -> int:
        if self.dice:
            return int(self.dice.pop(0))
        if self.enumerating:
            raise NeedDie()
        return self.rng.randint(1, 6)

    def draw(self, data: Data, count: int) -> list[str]:
        """`count` things from the cup (fewer if it runs dry: from then on used things leave
        play, seed 'empty cup')."""
        got = []
        for _ in range(count):
            if not self.cup:
                break
            forced = self.draws.pop(0) if self.draws else None
            at = self.cup.index(forced) if forced in self.cup else self.rng.randrange(len(self.cup))
            got.append(self.cup.pop(at))
            if not self.cup:
                self.cup_emptied = True
        return got

    def to_cup(self, thing: str) -> None:
        """A thing goes back to the cup; once the cup has run dry, magic items, creatures
        and events leave play instead (seed, 'empty cup': those three kinds only; treasures
        and income counters still go back)."""
        if self.cup_emptied and by_key(self.key).kind(thing) in LEAVE_PLAY:
            self.removed.append(thing)
        else:
            self.cup.append(thing)

    def count(self, name: str, seat: int, amount: int = 1) -> None:
        self.stats.setdefault(name, [0] * self.n)[seat] += amount

    def note(self, *event) -> None:
        self.log.append(list(event))

    # ---- the board ------------------------------------------------------------------------
    def neighbours(self, hex_: int) -> tuple[int, ...]:
        return neighbours(self.rings)[hex_]

    def hexes_of(self, seat: int) -> list[int]:
        return [h for h, o in enumerate(self.owner) if o == seat]

    def units_at(self, hex_: int, seat: int | None = None) -> list[str]:
        return sorted((t for t, u in self.units.items()
                       if u["hex"] == hex_ and (seat is None or u["owner"] == seat)),
                      key=lambda t: int(t[1:]))

    def occupancy(self) -> dict[int, dict[int, int]]:
        """hex -> {seat: units there}."""
        return occupancy_of(self.units)

    def seats_at(self, hex_: int) -> set[int]:
        return {u["owner"] for u in self.units.values() if u["hex"] == hex_}

    def new_unit(self, seat: int, thing: str, hex_: int, hero: bool = False) -> str:
        token = f"u{self.next_token}"
        self.next_token += 1
        self.units[token] = {"owner": seat, "thing": thing, "hex": hex_, "hero": hero,
                             "shown": hero, "moved": False}
        return token

    def citadels_of(self, seat: int) -> list[int]:
        return [h for h in self.hexes_of(seat) if self.fort[h] == 4]


def occupancy_of(units: dict) -> dict[int, dict[int, int]]:
    """hex -> {seat: units there} of the units (token -> unit) on the board."""
    out: dict[int, dict[int, int]] = {}
    for u in units.values():
        seats = out.get(u["hex"])
        if seats is None:
            seats = out[u["hex"]] = {}
        owner = u["owner"]
        seats[owner] = seats.get(owner, 0) + 1
    return out


def stack_limit_ok(state: State, data: Data, hex_: int, seat: int, adding: int = 1,
                   occupancy: dict | None = None) -> bool:
    """At most `stack_limit` friendly creatures and heroes in a hex, except in a citadel."""
    if state.fort[hex_] == 4 and state.owner[hex_] == seat:
        return True
    if occupancy is not None:
        there = occupancy.get(hex_, {}).get(seat, 0)
    else:
        there = 0
        for u in state.units.values():
            if u["hex"] == hex_ and u["owner"] == seat:
                there += 1
    return there + adding <= data.setting("stack_limit")


def income(state: State, data: Data, seat: int) -> int:
    """Phase 1: 1 per land hex, the value of each fort, printed special income on the board,
    1 per hero (seed). The Dwarf King doubles mine income."""
    hexes = state.hexes_of(seat)
    total = data.setting("land_income") * sum(1 for h in hexes if data.land(state.terrain[h]))
    total += sum(data.fort_at(state.fort[h]).value for h in hexes if state.fort[h])
    heroes = [u["thing"] for u in state.units.values() if u["owner"] == seat and u["hero"]]
    mines = 2 if any(data.heroes[h].power == "mines" for h in heroes) else 1
    for h in hexes:
        if state.income[h]:
            card = data.card(state.income[h])
            total += card.value * (mines if card.mine else 1)
    return total + data.setting("hero_income") * len(heroes)


def supported(state: State, data: Data, token: str) -> bool:
    """A creature is real (not a bluff) if its owner controls a hex of its terrain, or a
    Terrain Lord of that terrain stands in its hex. Heroes always are."""
    unit = state.units[token]
    if unit["hero"] or unit["owner"] < 0:
        return True
    terrain = data.card(unit["thing"]).terrain
    if any(state.terrain[h] == terrain for h in state.hexes_of(unit["owner"])):
        return True
    return any(v["hero"] and v["hex"] == unit["hex"] and v["owner"] == unit["owner"]
               and data.heroes[v["thing"]].lord_of == terrain for v in state.units.values())


def value_of(data: Data, thing: str) -> int:
    """The printed combat value of a creature, hero or income counter (0 for others)."""
    if data.kind(thing) in ("creature", "income_counter", "character"):
        return int(data.card(thing).value)
    return 0
