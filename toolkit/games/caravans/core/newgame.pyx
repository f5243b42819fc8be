# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/setup.py sha256:31ab8198bbfe096a
"""setup.new_game in C: decks, the board, secret heroes, the first player, the party
choices owed; the same state (state_hash) as engine/setup.new_game for the same seed."""

import hashlib

from libc.stdint cimport uint64_t
from libc.string cimport memset

from toolkit.errors import RulesError
from toolkit.games.caravans.engine.rng import PURPOSES
from toolkit.games.caravans.core.content import compile_rules
from toolkit.games.caravans.engine.rules import rules_for

from toolkit.native.mt cimport MT, mt_seed_u64, mt_shuffle_int, mt_random
from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport Content, CRules
from toolkit.games.caravans.core.api cimport CoreState
from toolkit.games.caravans.core.fight_base cimport push_pending

STREAMS = tuple(sorted(PURPOSES))


def stream_seed(seed, purpose: str) -> int:
    """The int toolkit.game.seeded_stream seeds random.Random with (64 bits)."""
    digest = hashlib.sha256(f"{seed}:{purpose}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def new_game(catalog, seed, players, max_rounds=None) -> CoreState:
    """A CoreState at setup, as engine/setup.new_game(catalog, seed, players, max_rounds)."""
    rules = rules_for(catalog)
    agents = [str(a) for a in players] if not isinstance(players, int) else [""] * players
    cdef int count = len(agents)
    limits = rules.game.players
    if not limits.min <= count <= limits.max:
        raise RulesError(f"{count} players; this game is for {limits.min} to {limits.max}")
    if len(rules.heroes) < count:
        raise RulesError(f"{len(rules.heroes)} hero cards cannot serve {count} players")
    cdef Content c = compile_rules(rules)
    cdef CoreState core = CoreState.__new__(CoreState)
    core.content = c
    core.seed, core.agents, core.history = seed, agents, []
    cdef uint64_t seeds[4]
    for i, purpose in enumerate(STREAMS):
        seeds[i] = stream_seed(seed, purpose)
    cdef int first = _new_game(&core.s, &c.r, seeds, count,
                               -1 if max_rounds is None else max_rounds)
    core.log = [("first", first)]
    return core


cdef int _new_game(CState* s, const CRules* R, const uint64_t* seeds, int count,
                   int max_rounds) noexcept nogil:
    cdef int i, seat, t
    memset(s, 0, sizeof(CState))
    for i in range(NSTREAMS):
        mt_seed_u64(&s.rng[i], seeds[i])
    s.n_players = count
    s.phase, s.end_reason, s.max_rounds = PH_SETUP, NONE, max_rounds
    s.announced = NONE
    s.combat.no_flee = NONE
    for seat in range(count):
        _player(&s.players[seat], seat)
    _decks(s, R)
    _board(s, R)
    for seat in range(count):
        s.n_hero_deck -= 1
        s.players[seat].hero = s.hero_deck[s.n_hero_deck]
        s.players[seat].heroes[0] = s.players[seat].hero
        s.players[seat].n_heroes = 1
    cdef int first = <int>(mt_random(&s.rng[RNG_SETUP]) * count)
    for i in range(count):
        s.order[i] = (first + i) % count
    i = count - 1
    while i >= 0:
        push_pending(s, D_CHOOSE_PARTY, s.order[i])
        i -= 1
    return first


cdef void _player(CPlayer* p, int seat) noexcept nogil:
    cdef int r
    p.seat = seat
    p.hero = p.region = p.start_party = NONE
    for r in range(MAX_RACES):
        p.bounty[r] = ABSENT


cdef void _shuffled(MT* m, int* dest, int* n, const int* cards, int count) noexcept nogil:
    cdef int i
    for i in range(count):
        dest[i] = cards[i]
    n[0] = count
    mt_shuffle_int(m, dest, count)


cdef void _decks(CState* s, const CRules* R) noexcept nogil:
    cdef int i
    _shuffled(&s.rng[RNG_SETUP], s.hero_deck, &s.n_hero_deck, R.hero_cards, R.n_hero_cards)
    for i in range(R.n_cards):
        s.goods_deck[i] = i
    s.n_goods_deck = R.n_cards
    mt_shuffle_int(&s.rng[RNG_DECK], s.goods_deck, R.n_cards)
    _shuffled(&s.rng[RNG_DECK], s.glory_deck, &s.n_glory_deck, R.glory_cards, R.n_glory_cards)
    _shuffled(&s.rng[RNG_DECK], s.event_deck, &s.n_event_deck, R.event_cards, R.n_event_cards)
    _shuffled(&s.rng[RNG_DECK], s.mission_deck, &s.n_mission_deck, R.mission_cards,
              R.n_mission_cards)
    _shuffled(&s.rng[RNG_DECK], s.rumor_deck, &s.n_rumor_deck, R.rumor_cards, R.n_rumor_cards)
    for i in range(R.mission_slots):
        if s.n_mission_deck:
            s.n_mission_deck -= 1
            s.missions_up[s.n_missions_up] = s.mission_deck[s.n_mission_deck]
            s.n_missions_up += 1


cdef void _board(CState* s, const CRules* R) noexcept nogil:
    cdef int i, t, r, n_markers, n_tokens
    _shuffled(&s.rng[RNG_SETUP], s.marker_pool, &s.n_marker_pool, R.markers, R.n_markers)
    _shuffled(&s.rng[RNG_SETUP], s.eq_reserve, &s.n_eq_reserve, R.eq_tokens, R.n_eq_tokens)
    for r in range(MAX_REGIONS):
        s.demand[r] = s.tavern_eq[r] = s.explorers[r] = ABSENT
    for i in range(R.n_taverns):
        t = R.taverns[i]
        if s.n_marker_pool:
            s.n_marker_pool -= 1
            s.demand[t] = s.marker_pool[s.n_marker_pool]
        else:
            s.demand[t] = NONE
        if s.n_eq_reserve:
            s.n_eq_reserve -= 1
            s.tavern_eq[t] = s.eq_reserve[s.n_eq_reserve]
        else:
            s.tavern_eq[t] = NONE
    for i in range(MAX_WEAPONS):
        s.weapon_supply[i] = R.weapon_copies[i] if i < R.n_weapons else ABSENT
    for r in range(R.n_regions):
        s.explorers[r] = NONE
    for i in range(R.n_explorers):
        r = R.explorer_region[i]
        if r != NONE and s.explorers[r] == NONE:
            s.explorers[r] = i
        else:
            s.explorer_track[s.n_explorer_track] = i
            s.n_explorer_track += 1
    s.n_npcs = R.n_npcs
    for i in range(R.n_npcs):
        s.npcs[i].region = NONE
