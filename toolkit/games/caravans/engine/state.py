"""The game state as plain data: dataclasses of ints, strings, lists and dicts.

`clone` copies a state without deepcopy; `to_dict`/`from_dict` turn it into JSON-ready data
(the random streams included) and back. The Rules reference is shared, never copied.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields

from toolkit.games.caravans.engine.rng import Streams, copy_stream
from toolkit.games.caravans.engine.actions import Action


def _copy(value):
    """Copy nested lists and dicts of immutable leaves."""
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value


@dataclass(slots=True)
class Party:
    """A party on the board: its type, maximum and current tracks, equipment."""

    kind: str
    top: dict            # stat -> maximum (equipment and followers included, capped)
    cur: dict            # stat -> current value of the track
    equipment: list = field(default_factory=list)   # equipment ids
    flipped: list = field(default_factory=list)     # used one-shot equipment (amulet, orb)

    def copy(self) -> "Party":
        return Party(self.kind, dict(self.top), dict(self.cur), list(self.equipment),
                     list(self.flipped))


@dataclass(slots=True)
class Player:
    seat: int
    hero: str | None = None
    party: Party | None = None
    region: str | None = None
    in_tavern: bool = False
    gold: int = 0
    stash: int = 0
    deposits: int = 0
    glory: int = 0
    goods: list = field(default_factory=list)       # goods card indices
    hand: list = field(default_factory=list)        # glory card ids (tricks and unplayed)
    followers: list = field(default_factory=list)   # glory card ids in front of the player
    weapons: list = field(default_factory=list)
    bounty: dict = field(default_factory=dict)      # race -> markers
    rumors: list = field(default_factory=list)
    missions: list = field(default_factory=list)
    large_formed: bool = False
    # this turn
    actions: int = 0
    explored: list = field(default_factory=list)
    visited: bool = False
    free_moves: int = 0
    free_repair: bool = False
    turns: int = 0
    last_buy: list | None = None                    # [turn number, region]
    # the record
    heroes: list = field(default_factory=list)
    start_party: str | None = None
    deaths: int = 0
    glory_src: dict = field(default_factory=dict)
    used: dict = field(default_factory=dict)
    gold_rounds: list = field(default_factory=list)

    def copy(self) -> "Player":
        """An independent copy (every list and dict of a player is flat)."""
        o = Player.__new__(Player)
        o.seat, o.hero, o.region, o.in_tavern = self.seat, self.hero, self.region, self.in_tavern
        o.gold, o.stash, o.deposits, o.glory = self.gold, self.stash, self.deposits, self.glory
        o.goods, o.hand, o.followers = self.goods[:], self.hand[:], self.followers[:]
        o.weapons, o.bounty, o.rumors = self.weapons[:], self.bounty.copy(), self.rumors[:]
        o.missions, o.large_formed, o.actions = self.missions[:], self.large_formed, self.actions
        o.explored, o.visited, o.free_moves = self.explored[:], self.visited, self.free_moves
        o.free_repair, o.turns = self.free_repair, self.turns
        o.last_buy = self.last_buy[:] if self.last_buy is not None else None
        o.heroes, o.start_party, o.deaths = self.heroes[:], self.start_party, self.deaths
        o.glory_src, o.used = self.glory_src.copy(), self.used.copy()
        o.gold_rounds = self.gold_rounds[:]
        party = self.party
        o.party = None if party is None else Party(
            party.kind, party.top.copy(), party.cur.copy(), party.equipment[:], party.flipped[:])
        return o


@dataclass(slots=True)
class Npc:
    id: str
    region: str | None = None
    party: Party | None = None
    gold: int = 0

    def copy(self) -> "Npc":
        return Npc(self.id, self.region, self.party.copy() if self.party else None, self.gold)


@dataclass(slots=True)
class Visit:
    """The tavern action under way: activities done, the open sale or purchase."""

    region: str
    done: list = field(default_factory=list)
    selling: bool = False
    sold_demanded: int = 0
    offer: list = field(default_factory=list)       # goods cards on offer
    prices: dict = field(default_factory=dict)      # good -> price this purchase
    bonus_draw: int = 0                             # extra goods from a trick played here

    def copy(self) -> "Visit":
        return Visit(self.region, list(self.done), self.selling, self.sold_demanded,
                     list(self.offer), dict(self.prices), self.bonus_draw)


@dataclass(slots=True)
class State:
    rules: object
    seed: int | str
    agents: list
    order: list                  # seats in turn order, first player first
    players: list
    npcs: dict
    rng: dict                    # purpose -> random.Random
    phase: str = "setup"         # setup | play | over
    end_reason: str | None = None
    round: int = 0
    turn_pos: int = 0
    max_rounds: int | None = None
    goods_deck: list = field(default_factory=list)
    goods_discard: list = field(default_factory=list)
    glory_deck: list = field(default_factory=list)
    glory_discard: list = field(default_factory=list)
    hero_deck: list = field(default_factory=list)
    hero_discard: list = field(default_factory=list)
    event_deck: list = field(default_factory=list)
    event_discard: list = field(default_factory=list)
    mission_deck: list = field(default_factory=list)
    mission_discard: list = field(default_factory=list)
    missions_up: list = field(default_factory=list)
    rumor_deck: list = field(default_factory=list)
    rumor_discard: list = field(default_factory=list)
    demand: dict = field(default_factory=dict)       # tavern region -> good
    marker_pool: list = field(default_factory=list)
    tavern_eq: dict = field(default_factory=dict)    # tavern region -> equipment id | None
    eq_revealed: list = field(default_factory=list)  # taverns whose token is face up
    eq_reserve: list = field(default_factory=list)   # tokens with no free tavern
    weapon_supply: dict = field(default_factory=dict)
    explorers: dict = field(default_factory=dict)    # region -> explorer token index | None
    explorer_track: list = field(default_factory=list)
    active_events: list = field(default_factory=list)  # [event id, duration]
    pending: list = field(default_factory=list)      # decisions owed, last first
    combat: dict | None = None
    raid: dict | None = None
    visit: Visit | None = None
    announced: int | None = None                     # seat that announced victory
    in_turn: bool = False                            # the turn seat's turn is under way
    log: list = field(default_factory=list)          # compact events: dice, glory, deaths
    history: list = field(default_factory=list)      # actions applied

    @property
    def turn_seat(self) -> int:
        return self.order[self.turn_pos]


def clone(state: State, streams: bool = True, records: bool = True) -> State:
    """An independent copy of the state (shares only the immutable Rules); without
    `streams` the copy has no random streams (an observation); without `records` its log
    and history are left empty for the caller to fill."""
    o = State.__new__(State)
    o.rules, o.seed, o.agents, o.order = state.rules, state.seed, state.agents[:], state.order[:]
    o.players = [p.copy() for p in state.players]
    o.npcs = {k: n.copy() for k, n in state.npcs.items()}
    o.rng = _fork(state.rng) if streams else {}
    o.phase, o.end_reason, o.round = state.phase, state.end_reason, state.round
    o.turn_pos, o.max_rounds = state.turn_pos, state.max_rounds
    o.goods_deck, o.goods_discard = state.goods_deck[:], state.goods_discard[:]
    o.glory_deck, o.glory_discard = state.glory_deck[:], state.glory_discard[:]
    o.hero_deck, o.hero_discard = state.hero_deck[:], state.hero_discard[:]
    o.event_deck, o.event_discard = state.event_deck[:], state.event_discard[:]
    o.mission_deck, o.mission_discard = state.mission_deck[:], state.mission_discard[:]
    o.missions_up, o.rumor_deck = state.missions_up[:], state.rumor_deck[:]
    o.rumor_discard, o.demand = state.rumor_discard[:], state.demand.copy()
    o.marker_pool, o.tavern_eq = state.marker_pool[:], state.tavern_eq.copy()
    o.eq_revealed, o.eq_reserve = state.eq_revealed[:], state.eq_reserve[:]
    o.weapon_supply, o.explorers = state.weapon_supply.copy(), state.explorers.copy()
    o.explorer_track = state.explorer_track[:]
    o.active_events = state.active_events[:]      # entries are replaced, never edited
    o.pending = [d.copy() for d in state.pending]  # likewise
    o.combat = _copy(state.combat) if state.combat is not None else None
    o.raid = _copy(state.raid) if state.raid is not None else None
    o.visit = state.visit.copy() if state.visit is not None else None
    o.announced, o.in_turn = state.announced, state.in_turn
    o.log = state.log[:] if records else []          # entries are immutable tuples
    o.history = state.history[:] if records else []
    return o


def _fork(rng: dict) -> Streams:
    """The streams of a clone: shared until either state draws from one (copy-on-write)."""
    if rng.__class__ is not Streams:
        return Streams({k: copy_stream(r) for k, r in rng.items()})
    return rng.fork()


def to_dict(state: State) -> dict:
    """JSON-ready data of the whole state (random streams as their internal state)."""
    out = {}
    for f in State.__slots__:
        if f == "rules":
            out["content_hash"] = state.rules.catalog.content_hash
            continue
        value = getattr(state, f)
        if f == "players":
            value = [_dc(p) for p in value]
        elif f == "npcs":
            value = {k: _dc(n) for k, n in value.items()}
        elif f == "rng":
            value = {k: _rng_data(r) for k, r in sorted(value.items())}
        elif f == "visit":
            value = _dc(value) if value is not None else None
        elif f == "history":
            value = [a.to_json() for a in value]
        elif f == "log":
            value = [list(e) for e in value]
        out[f] = _copy(value)
    return out


def _dc(obj) -> dict:
    out = {}
    for f in fields(obj):
        value = getattr(obj, f.name)
        out[f.name] = _dc(value) if hasattr(value, "__dataclass_fields__") else _copy(value)
    return out


def _rng_data(rng: random.Random) -> list:  # reads the state only: no copy-on-write
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def from_dict(rules, data: dict) -> State:
    """The state written by to_dict, bound to `rules` (of the same content)."""
    kwargs = {}
    for f in State.__slots__:
        if f == "rules":
            continue
        value = _copy(data[f])
        if f == "players":
            value = [_player(p) for p in value]
        elif f == "npcs":
            value = {k: Npc(n["id"], n["region"], _party(n["party"]), n["gold"])
                     for k, n in value.items()}
        elif f == "rng":
            value = Streams({k: _rng(v) for k, v in value.items()})
        elif f == "visit":
            value = Visit(**value) if value is not None else None
        elif f == "history":
            value = [Action.from_json(a) for a in value]
        elif f == "log":
            value = [tuple(e) for e in value]
        kwargs[f] = value
    return State(rules=rules, **kwargs)


def _party(data) -> Party | None:
    return Party(**data) if data is not None else None


def _player(data) -> Player:
    data = dict(data)
    data["party"] = _party(data["party"])
    return Player(**data)


def _rng(data) -> random.Random:
    rng = random.Random()
    version, internal, gauss = data
    rng.setstate((version, tuple(internal), gauss))
    return rng


def use_card(player, card_id: str) -> None:
    """Count one more use of a card by this player (the record's `cards_used`)."""
    player.used[card_id] = player.used.get(card_id, 0) + 1
