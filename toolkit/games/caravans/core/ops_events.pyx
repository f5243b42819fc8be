# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/event_ops.py sha256:3eee80afa16a24e7
# mirrors: toolkit/games/caravans/engine/hazards.py sha256:9489650a88d1e3ba
"""The event operations that act when an event is drawn (engine/event_ops.py: NPCs
entering and moving, storms, plague, amnesty; hazards.py) and flow.resolve_event."""

from libc.stdint cimport uint64_t
from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport *
from toolkit.games.caravans.core.fight_base cimport *
from toolkit.games.caravans.core.ops_fire cimport Ctx, fire_ignore, run_event_op
from toolkit.games.caravans.core.fight_hits cimport take_hits, lose_mercenaries
from toolkit.games.caravans.core.fight_npc cimport npc_enter, npc_move, npc_leave
from toolkit.games.caravans.core.fight_death cimport kill


cdef inline bint _in(uint64_t mask, int region) noexcept nogil:
    return region != NONE and (mask >> region) & 1


cdef void _strike_regions(CState* s, const CRules* R, const COps* o, uint64_t regions,
                          int hits, int kind) noexcept nogil:
    """Parties outside taverns in `regions` take `hits` hits (no equipment helps)."""
    cdef int order[MAX_PLAYERS]
    cdef int i, seat, n = s.n_players
    cdef CPlayer* p
    for i in range(n):
        order[i] = s.order[i]
    for i in range(n):
        seat = order[i]
        p = &s.players[seat]
        if p.hero != NONE and _in(regions, p.region) and not p.in_tavern \
                and not fire_ignore(s, R, o, seat, kind):
            if take_hits(s, R, o, seat, hits, NONE, False):
                kill(s, R, o, seat)
    for i in range(R.n_npcs):
        if _in(regions, s.npcs[i].region) and take_hits(s, R, o, npc_ref(i), hits, NONE, True):
            npc_leave(s, i)


cdef void _plague(CState* s, const CRules* R, const COps* o, int race, int mercenaries) noexcept nogil:
    """Parties in the race's regions (taverns included) lose mercenaries."""
    cdef int i, seat
    cdef CPlayer* p
    for i in range(s.n_players):
        seat = s.order[i]
        p = &s.players[seat]
        if p.hero != NONE and p.region != NONE and R.region_race[p.region] == race \
                and not fire_ignore(s, R, o, seat, EV_PLAGUE):
            lose_mercenaries(&p.party if p.has_party else NULL, mercenaries)
    for i in range(R.n_npcs):
        if s.npcs[i].region != NONE and R.region_race[s.npcs[i].region] == race:
            lose_mercenaries(&s.npcs[i].party if s.npcs[i].has_party else NULL, mercenaries)


cdef bint remove_markers(CState* s, const CRules* R, int seat, int left) noexcept nogil:
    """Remove markers while one race is left to take them from; False when the player
    still owes a choice among several races."""
    cdef CPlayer* p = &s.players[seat]
    cdef int r, wanted, first
    while left > 0:
        wanted, first = 0, NONE
        for r in range(R.n_races):
            if p.bounty[r] > 0:
                wanted += 1
                if first == NONE:
                    first = r
        if wanted > 1:
            return False
        if wanted:
            p.bounty[first] -= 1
            left -= 1
        else:
            left = 0
    return True


cdef void _amnesty(CState* s, const CRules* R, int remove) noexcept nogil:
    cdef int owed[MAX_PLAYERS]
    cdef int n = 0, i
    cdef CDecision* d
    for i in range(s.n_players):
        if not remove_markers(s, R, s.order[i], remove):
            owed[n] = s.order[i]
            n += 1
    for i in range(n - 1, -1, -1):
        d = push_pending(s, D_AMNESTY, owed[i])
        d.left = remove


cdef void event_op(CState* s, const CRules* R, const COps* o, Ctx* c, const COp* p) noexcept nogil:
    """An event's acting operation (the "event" hook)."""
    if p.op == OP_NPC_ENTER:
        npc_enter(s, R, o, p.a, p.b)
    elif p.op == OP_MOVE_NPC:
        npc_move(s, R, p.a, p.b)
    elif p.op == OP_STORM:
        _strike_regions(s, R, o, p.regions, p.a, EV_STORM)
    elif p.op == OP_PLAGUE:
        _plague(s, R, o, p.a, p.b)
    elif p.op == OP_AMNESTY:
        _amnesty(s, R, p.a)


# --- flow.resolve_event -------------------------------------------------------------------
cdef uint64_t _kinds(const COps* o, int event) noexcept nogil:
    """flow.effect_kinds as op-code bits: the lasting ops (not acting at "event"), or,
    with none, the ops other than NPC movement."""
    cdef int src = o.event0 + event, k
    cdef uint64_t lasting = 0, other = 0
    for k in range(o.first[src], o.first[src + 1]):
        if not (o.ops[k].hooks & HOOK_EVENT):
            lasting |= (<uint64_t>1) << o.ops[k].op
        elif o.ops[k].op != OP_MOVE_NPC:
            other |= (<uint64_t>1) << o.ops[k].op
    return lasting if lasting else other


cdef void resolve_event(CState* s, const CRules* R, const COps* o, int event) noexcept nogil:
    """NPC movement first, then the other operations; an event replaces the lasting
    (until_replaced) events with the same kind of effect."""
    cdef uint64_t kinds = _kinds(o, event)
    cdef int i, k = 0, src = o.event0 + event
    list_append(s.event_discard, &s.n_event_discard, event)
    for i in range(s.n_active):
        if s.active_duration[i] != DUR_UNTIL_REPLACED or not (kinds & _kinds(o, s.active_event[i])):
            s.active_event[k], s.active_duration[k] = s.active_event[i], s.active_duration[i]
            k += 1
    s.n_active = k
    if R.event_duration[event] != DUR_INSTANT and s.n_active < MAX_ACTIVE:
        s.active_event[s.n_active] = event
        s.active_duration[s.n_active] = R.event_duration[event]
        s.n_active += 1
    for k in range(o.first[src], o.first[src + 1]):
        if o.ops[k].op == OP_MOVE_NPC:
            if s.phase != PH_PLAY:
                return
            run_event_op(s, R, o, event, k)
    for k in range(o.first[src], o.first[src + 1]):
        if o.ops[k].op != OP_MOVE_NPC:
            if s.phase != PH_PLAY:
                return
            run_event_op(s, R, o, event, k)
