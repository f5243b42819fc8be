# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/flow.py sha256:b2f060b5e36429ba
# mirrors: toolkit/games/caravans/engine/ending.py sha256:465880a5925c5349
"""flow.py in C (see flow.pxd); the event itself is resolved by the fight side's ops_events."""

from toolkit.native.mt cimport mt_shuffle_int
from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps
from toolkit.games.caravans.core.fight_base cimport list_append, pending_has, push_pending
from toolkit.games.caravans.core.fight_cards cimport game_over
from toolkit.games.caravans.core.ops_events cimport resolve_event, remove_markers
from toolkit.games.caravans.core.turn cimport npc_attacks


cdef int start_round(CState* s, const CRules* R, const COps* o) noexcept nogil:
    """Expire this round's events, return explorers, draw and resolve the next event."""
    cdef int i, k, seat
    cdef CPlayer* p
    if s.max_rounds != NONE and s.round >= s.max_rounds:
        game_over(s, R, END_ROUND_LIMIT)
        return 0
    s.in_turn = False
    if s.n_event_deck == 0:
        game_over(s, R, END_EVENTS_EXHAUSTED)
        return 0
    s.round += 1
    s.turn_pos = 0
    k = 0
    for i in range(s.n_active):
        if s.active_duration[i] == DUR_UNTIL_REPLACED:
            s.active_event[k], s.active_duration[k] = s.active_event[i], s.active_duration[i]
            k += 1
    s.n_active = k
    for seat in range(s.n_players):
        p = &s.players[seat]
        list_append(p.gold_rounds, &p.n_gold_rounds, p.gold)
    _return_explorers(s, R)
    s.n_event_deck -= 1
    resolve_event(s, R, o, s.event_deck[s.n_event_deck])
    if s.phase == PH_PLAY:
        return start_turn(s, R, o)
    return 0


cdef void _return_explorers(CState* s, const CRules* R) noexcept nogil:
    """At the track's length, raided explorers come back, one per empty region."""
    cdef int r
    if s.n_explorer_track < R.track_explorer:
        return
    mt_shuffle_int(&s.rng[RNG_DECK], s.explorer_track, s.n_explorer_track)
    for r in range(R.n_regions):
        if s.n_explorer_track == 0:
            break
        if s.explorers[r] < 0:          # None or no key: explorers.get(region) is None
            s.n_explorer_track -= 1
            s.explorers[r] = s.explorer_track[s.n_explorer_track]


cdef int start_turn(CState* s, const CRules* R, const COps* o) noexcept nogil:
    cdef int seat = s.order[s.turn_pos]
    cdef CPlayer* p = &s.players[seat]
    p.actions = R.actions_per_turn
    p.n_explored = 0
    p.visited = False
    p.free_moves = 0
    p.free_repair = False
    s.in_turn = True
    return npc_attacks(s, R, o, seat)


cdef int end_turn(CState* s, const CRules* R, const COps* o) noexcept nogil:
    """Close the turn; after the last seat, the round ends (and the game, if announced)."""
    cdef CPlayer* p = &s.players[s.order[s.turn_pos]]
    p.turns += 1
    p.actions = 0
    s.has_visit = False
    s.in_turn = False
    s.turn_pos += 1
    if s.turn_pos < s.n_players:
        return start_turn(s, R, o)
    if s.announced != NONE:
        game_over(s, R, END_GLORY)
        return 0
    return start_round(s, R, o)


cdef int amnesty_choice(CState* s, const CRules* R, const COps* o, int seat, int race) noexcept nogil:
    """AMNESTY: one bounty marker of `race` removed; once no such choice is owed, the
    round's first turn (held back meanwhile) meets the NPCs of its region."""
    s.n_pending -= 1
    cdef CDecision entry = s.pending[s.n_pending]
    cdef CDecision* again
    s.players[seat].bounty[race] -= 1
    cdef int left = entry.left - 1
    if left > 0 and not remove_markers(s, R, seat, left):
        again = push_pending(s, D_AMNESTY, entry.player)
        again[0] = entry
        again.left = left
        return 0
    if s.in_turn and not pending_has(s, D_AMNESTY):
        return npc_attacks(s, R, o, s.order[s.turn_pos])
    return 0
