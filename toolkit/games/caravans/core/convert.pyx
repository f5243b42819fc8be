# cython: language_level=3
# mirrors: toolkit/games/caravans/engine/state.py sha256:f67978efc40f23b5
"""Exact converters between the engine's State (engine/state.py) and a CoreState (api.pyx).

`from_state(state)` -> CoreState and `to_state(core)` -> State keep `record.state_hash`
equal (random streams included); the log and the action history ride along as the Python
lists they were (the core does not keep a log). A state the core cannot hold (a list
longer than a compiled maximum) raises CoreRefused with one line. The fight side's parts
(combat, raid, parties, pending decisions) go through the fight side's fight_convert.
"""

import random

from libc.string cimport memset

from toolkit.games.caravans.engine.rng import PURPOSES, Streams
from toolkit.games.caravans.engine.state import Npc, Party, Player, State
from toolkit.games.caravans.core.content import CoreRefused, compile_rules
from toolkit.games.caravans.core.fight_convert import fight_ids
from toolkit.games.caravans.core.api import CoreState, NotPorted  # noqa: F401 (the API)

from toolkit.native.mt cimport mt_get_pystate, mt_set_pystate
from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport Content, CRules
from toolkit.games.caravans.core.fight_convert cimport (
    combat_from_py, combat_to_py, decision_from_py, decision_to_py, party_from_py,
    party_to_py, raid_from_py, raid_to_py)
from toolkit.games.caravans.core.api cimport CoreState
from toolkit.games.caravans.core.codec cimport target_from, target_to
from toolkit.games.caravans.core.convert_board cimport (put_ints, get_ints, decks_from,
                                                        board_from, visit_from, decks_to,
                                                        board_to, visit_to)

STREAMS = tuple(sorted(PURPOSES))      # Stream order: deck dice npc setup
PHASES = ("setup", "play", "over")
END_REASONS = ("round_limit", "events_exhausted", "glory", "heroes_exhausted")
SOURCES = ("defeat", "sell", "raid", "mission", "rumor", "large_party")
from toolkit.games.caravans.core.codec import TARGETS


# --- State -> C ---------------------------------------------------------------------------
def from_state(state) -> CoreState:
    """The CoreState of an engine State (its Rules compiled on first use)."""
    cdef Content c = compile_rules(state.rules)
    cdef CoreState core = CoreState.__new__(CoreState)
    cdef CState* s = &core.s
    memset(s, 0, sizeof(CState))
    core.content = c
    core.seed, core.agents = state.seed, list(state.agents)
    core.log, core.history = list(state.log), list(state.history)
    ix = c.index
    ids = fight_ids(state.rules)
    s.n_players = len(state.players)
    if s.n_players > MAX_PLAYERS:
        raise CoreRefused(f"{s.n_players} players; the compiled core holds at most {MAX_PLAYERS}")
    put_ints(s.order, &s.n_players, state.order, MAX_PLAYERS, "seats in turn order")
    s.n_players = len(state.players)
    for seat, player in enumerate(state.players):
        _player_from(&s.players[seat], player, c, ids)
    if tuple(state.npcs) != c.npcs:
        raise CoreRefused("the state's NPCs are not the content's")
    s.n_npcs = len(c.npcs)
    for i, npc in enumerate(state.npcs.values()):
        s.npcs[i].region = NONE if npc.region is None else ix["region"][npc.region]
        s.npcs[i].has_party = npc.party is not None
        party_from_py(&s.npcs[i].party, npc.party, ids)
        s.npcs[i].gold = npc.gold
    if tuple(sorted(dict.keys(state.rng))) != STREAMS:
        raise CoreRefused(f"random streams {sorted(state.rng)}; the core has {list(STREAMS)}")
    for i, purpose in enumerate(STREAMS):
        mt_set_pystate(&s.rng[i], dict.get(state.rng, purpose).getstate())
    s.phase = PHASES.index(state.phase)
    s.end_reason = NONE if state.end_reason is None else END_REASONS.index(state.end_reason)
    s.round, s.turn_pos = state.round, state.turn_pos
    s.max_rounds = NONE if state.max_rounds is None else state.max_rounds
    decks_from(s, state, c)
    board_from(s, state, c)
    if len(state.pending) > MAX_PENDING:
        raise CoreRefused(f"{len(state.pending)} pending decisions; the core holds {MAX_PENDING}")
    s.n_pending = len(state.pending)
    for i, entry in enumerate(state.pending):
        decision_from_py(&s.pending[i], entry, ids)
    combat_from_py(&s.combat, state.combat, state.rules)
    raid_from_py(&s.raid, state.raid, state.rules)
    s.has_visit = state.visit is not None
    if s.has_visit:
        visit_from(&s.visit, state.visit, c)
    s.announced = NONE if state.announced is None else state.announced
    s.in_turn = state.in_turn
    return core


cdef int _player_from(CPlayer* p, player, Content c, ids) except -1:
    ix = c.index
    glory = ix["glory_card"]
    p.seat = player.seat
    p.hero = NONE if player.hero is None else ix["hero"][player.hero]
    p.has_party = player.party is not None
    party_from_py(&p.party, player.party, ids)
    p.region = NONE if player.region is None else ix["region"][player.region]
    p.in_tavern = player.in_tavern
    p.gold, p.stash, p.deposits, p.glory = player.gold, player.stash, player.deposits, player.glory
    put_ints(p.goods, &p.n_goods, player.goods, MAX_CARDS, "goods cards held")
    put_ints(p.hand, &p.n_hand, [glory[g] for g in player.hand], MAX_GLORY, "glory cards in hand")
    put_ints(p.followers, &p.n_followers, [glory[g] for g in player.followers], MAX_GLORY,
         "followers")
    put_ints(p.weapons, &p.n_weapons, [ix["weapon"][w] for w in player.weapons],
         MAX_WEAPON_TOKENS, "weapons held")
    for r in range(MAX_RACES):
        p.bounty[r] = ABSENT
    for race, n in player.bounty.items():
        p.bounty[ix["race"][race]] = n
    put_ints(p.rumors, &p.n_rumors, [ix["rumor"][r] for r in player.rumors], MAX_RUMORS, "rumors")
    put_ints(p.missions, &p.n_missions, [ix["mission"][m] for m in player.missions],
         MAX_MISSIONS, "missions")
    p.large_formed, p.actions = player.large_formed, player.actions
    if len(player.explored) > MAX_EXPLORED:
        raise CoreRefused(f"{len(player.explored)} explored targets; the core holds {MAX_EXPLORED}")
    p.n_explored = len(player.explored)
    for i, text in enumerate(player.explored):
        kind, _, target = text.partition(":")
        p.explored_kind[i] = TARGETS.index(kind)
        p.explored_target[i] = target_from(p.explored_kind[i], target, c)
    p.visited, p.free_moves, p.free_repair = player.visited, player.free_moves, player.free_repair
    p.turns = player.turns
    p.has_last_buy = player.last_buy is not None
    if p.has_last_buy:
        p.last_buy_turn = player.last_buy[0]
        p.last_buy_region = ix["region"][player.last_buy[1]]
    put_ints(p.heroes, &p.n_heroes, [ix["hero"][h] for h in player.heroes], MAX_HEROES, "heroes")
    p.start_party = NONE if player.start_party is None else ix["party"][player.start_party]
    p.deaths = player.deaths
    for source, n in player.glory_src.items():
        p.glory_src[SOURCES.index(source)] = n
    for card, n in player.used.items():
        p.used[c.sym[card]] = n
    put_ints(p.gold_rounds, &p.n_gold_rounds, player.gold_rounds, MAX_EVENTS, "rounds of gold")
    return 0


# --- C -> State ---------------------------------------------------------------------------
def to_state(CoreState core, rules=None) -> State:
    """The engine State of a CoreState (bound to `rules`, by default the content's)."""
    cdef Content c = core.content
    cdef CState* s = &core.s
    rules = c.rules if rules is None else rules
    ids = fight_ids(rules)
    players = [_player_to(&s.players[i], c, ids) for i in range(s.n_players)]
    npcs = {}
    cdef CNpc* n
    for i in range(s.n_npcs):
        n = &s.npcs[i]
        npcs[c.npcs[i]] = Npc(c.npcs[i], None if n.region == NONE else c.regions[n.region],
                              _party_to(&n.party, n.has_party, ids), n.gold)
    streams = {}
    for i, purpose in enumerate(STREAMS):
        rng = random.Random.__new__(random.Random)
        rng.setstate((3, mt_get_pystate(&s.rng[i]), None))
        streams[purpose] = rng
    pending = []
    for i in range(s.n_pending):
        entry = decision_to_py(&s.pending[i], ids)
        if entry["kind"] == "choose_party" and s.phase == PH_SETUP:
            entry.pop("end_turn", None)
        pending.append(entry)
    state = State(
        rules=rules, seed=core.seed, agents=list(core.agents),
        order=get_ints(s.order, s.n_players), players=players, npcs=npcs, rng=Streams(streams),
        phase=PHASES[s.phase],
        end_reason=None if s.end_reason == NONE else END_REASONS[s.end_reason],
        round=s.round, turn_pos=s.turn_pos,
        max_rounds=None if s.max_rounds == NONE else s.max_rounds,
        pending=pending, combat=combat_to_py(&s.combat, rules), raid=raid_to_py(&s.raid, rules),
        visit=visit_to(&s.visit, c) if s.has_visit else None,
        announced=None if s.announced == NONE else s.announced, in_turn=bool(s.in_turn),
        log=list(core.log or ()), history=list(core.history or ()))
    decks_to(state, s, c)
    board_to(state, s, c)
    return state


cdef object _party_to(const CParty* p, bint has, ids):
    if not has:
        return None
    d = party_to_py(p, ids)
    return Party(d["kind"], d["top"], d["cur"], d["equipment"], d["flipped"])


cdef object _player_to(const CPlayer* p, Content c, ids):
    glory = c.glory
    o = Player(seat=p.seat)
    o.hero = None if p.hero == NONE else c.heroes[p.hero]
    o.party = _party_to(&p.party, p.has_party, ids)
    o.region = None if p.region == NONE else c.regions[p.region]
    o.in_tavern = bool(p.in_tavern)
    o.gold, o.stash, o.deposits, o.glory = p.gold, p.stash, p.deposits, p.glory
    o.goods = get_ints(p.goods, p.n_goods)
    o.hand = [glory[i] for i in get_ints(p.hand, p.n_hand)]
    o.followers = [glory[i] for i in get_ints(p.followers, p.n_followers)]
    o.weapons = [c.weapons[i] for i in get_ints(p.weapons, p.n_weapons)]
    o.bounty = {c.races[r]: p.bounty[r] for r in range(len(c.races)) if p.bounty[r] != ABSENT}
    o.rumors = [c.rumors[i] for i in get_ints(p.rumors, p.n_rumors)]
    o.missions = [c.missions[i] for i in get_ints(p.missions, p.n_missions)]
    o.large_formed, o.actions = bool(p.large_formed), p.actions
    o.explored = [f"{TARGETS[p.explored_kind[i]]}:"
                  f"{target_to(p.explored_kind[i], p.explored_target[i], c)}"
                  for i in range(p.n_explored)]
    o.visited, o.free_moves = bool(p.visited), p.free_moves
    o.free_repair, o.turns = bool(p.free_repair), p.turns
    o.last_buy = [p.last_buy_turn, c.regions[p.last_buy_region]] if p.has_last_buy else None
    o.heroes = [c.heroes[i] for i in get_ints(p.heroes, p.n_heroes)]
    o.start_party = None if p.start_party == NONE else c.parties[p.start_party]
    o.deaths = p.deaths
    o.glory_src = {SOURCES[i]: p.glory_src[i] for i in range(N_GLORY_SOURCES) if p.glory_src[i]}
    o.used = {c.syms[i]: p.used[i] for i in range(len(c.syms)) if p.used[i]}
    o.gold_rounds = get_ints(p.gold_rounds, p.n_gold_rounds)
    return o
