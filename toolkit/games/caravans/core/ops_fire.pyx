# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/effects.py sha256:832bf26958b8b46c
# mirrors: toolkit/games/caravans/engine/party.py sha256:454bb2edd9831d22
"""effects.py and party.py's stat side in C (see ops_fire.pxd)."""

from libc.string cimport memcmp, memcpy, memset

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport *
from toolkit.games.caravans.core.fight_base cimport *
from toolkit.games.caravans.core.fight_cards cimport gain_gold
from toolkit.games.caravans.core cimport ops_events, ops_combat

cdef SellCards _sell_cards = NULL
cdef SwapDemand _swap_demand = NULL


cdef void set_tavern_ops(SellCards sell, SwapDemand swap) noexcept nogil:
    """the turn side's tavern functions the sell_at_demand and demand_shift operations call."""
    global _sell_cards, _swap_demand
    _sell_cards, _swap_demand = sell, swap


cdef bint tavern_ops_set() noexcept nogil:
    return _sell_cards != NULL and _swap_demand != NULL


cdef void ctx_init(Ctx* c, int hook, int seat, int value) noexcept nogil:
    memset(c, 0, sizeof(Ctx))
    c.hook, c.seat, c.value = hook, seat, value
    c.src = c.where = c.stat = c.event_kind = c.location = c.weapon = NONE
    c.use = c.race_a = c.race_b = c.good = c.region = c.arg = NONE
    c.opponent = REF_NONE


cdef void use_card(CPlayer* p, int sym) noexcept nogil:
    p.used[sym] += 1


cdef bint source_answers(const COps* o, int src, int hook) noexcept nogil:
    return (o.hooks_of[src] & hook) != 0


# --- the handlers -------------------------------------------------------------------------
cdef int* _fired = NULL
cdef enum:
    ACTING = HOOK_PLAY | HOOK_EVENT | HOOK_FLEE | HOOK_PRE_MELEE | HOOK_PRE_RANGED


cdef void count_into(int* counts) noexcept nogil:
    """Count the firings that did something into counts[op code] (NULL: stop counting),
    as effects.count_ops: at an acting hook, or when the value passed through changed."""
    global _fired
    _fired = counts


cdef void _run(CState* s, const CRules* R, const COps* o, Ctx* c, const COp* p) noexcept nogil:
    cdef int before, n_rolled
    cdef int top[6]
    cdef int rolled[16]
    cdef bint did
    if _fired == NULL:
        _handle(s, R, o, c, p)
        return
    before, n_rolled = c.value, c.n_rolled
    memcpy(top, c.top, 6 * sizeof(int))
    memcpy(rolled, c.rolled, 16 * sizeof(int))
    _handle(s, R, o, c, p)
    did = (c.hook & ACTING) != 0 or c.value != before \
        or memcmp(top, c.top, 6 * sizeof(int)) != 0 \
        or c.n_rolled != n_rolled or memcmp(rolled, c.rolled, n_rolled * sizeof(int)) != 0
    if did:
        _fired[p.op] += 1


cdef void _handle(CState* s, const CRules* R, const COps* o, Ctx* c, const COp* p) noexcept nogil:
    """One operation at the hook of `c` (effects.HANDLERS and the registered ones)."""
    cdef int op = p.op, n, i
    cdef CParty* party
    if op == OP_MODIFY_STAT:
        c.top[p.a] += p.b
    elif op == OP_MODIFY_HERO_STAT:
        if c.stat == p.a:
            c.value += p.b
    elif op == OP_EXTRA_DIE:
        if c.checks & (1 << p.a):
            c.value += p.b
    elif op <= OP_MELEE_BOOST:     # cancel_hit .. melee_boost: combat_ops
        ops_combat.combat_op(s, R, o, c, p)
    elif op == OP_IGNORE_EVENT:
        if c.event_kind == p.a:
            c.value = 1
    elif op == OP_BUY_DRAW:
        if c.hook == HOOK_PLAY:
            s.visit.bonus_draw += p.a
        else:
            c.value += p.a
    elif op == OP_ENTER_WANTED or op == OP_RUMOR_NO_CHECK:
        c.value = 1
    elif op == OP_FREE_MOVE or op == OP_RECRUIT_DISCOUNT or op == OP_RAID_BONUS \
            or op == OP_FREE_REPAIR or op == OP_COMBAT_DICE or op == OP_TOLLS:
        c.value += p.a
    elif op == OP_REROLL_CHECK:
        n = c.dice if c.dice < 16 else 16
        c.n_rolled = roll(&s.rng[<int>RNG_DICE], R, n if n > 0 else 0, c.rolled)
    elif op == OP_EXTRA_ACTION:
        s.players[c.seat].actions += p.a
    elif op == OP_FREE_RECRUIT:
        party = &s.players[c.seat].party
        n = party.cur[S_MERCENARIES] + p.a
        party.cur[S_MERCENARIES] = n if n < party.top[S_MERCENARIES] else party.top[S_MERCENARIES]
    elif op == OP_GAIN_GOLD:
        if c.hook == HOOK_PLAY:
            if s.players[c.seat].hero != NONE:
                gain_gold(s, c.seat, p.a)
        else:
            for i in range(s.n_players):
                if s.players[i].hero != NONE:
                    gain_gold(s, i, p.a)
    elif op == OP_SELL_AT_DEMAND:
        if _sell_cards != NULL:
            _sell_cards(s, R, o, c.seat, c.arg, p.a, True)
    elif op == OP_WAR:
        if (c.race_a == p.a and c.race_b == p.b) or (c.race_a == p.b and c.race_b == p.a):
            c.value = 1
    elif op == OP_MARKET_BOOM:
        if c.good == p.a:
            c.value += p.b
    elif op == OP_TREASURE:
        if c.region == p.a:
            c.value *= p.b
    elif op == OP_DEMAND_SHIFT:
        if s.demand[p.a] != ABSENT and _swap_demand != NULL:
            _swap_demand(s, R, o, p.a)
    else:   # npc_enter, move_npc, storm, plague, amnesty
        ops_events.event_op(s, R, o, c, p)


# --- firing -------------------------------------------------------------------------------
cdef int _collect(const COps* o, int hook, int where, int src, int* srcs, int* wheres,
                  int n) noexcept nogil:
    if n < 512 and (o.hooks_of[src] & hook):
        srcs[n], wheres[n] = src, where
        return n + 1
    return n


cdef int fire(CState* s, const CRules* R, const COps* o, Ctx* c, bint equipment) noexcept nogil:
    """effects.fire: pass c.value (c.top for party_max) through the seat's effects."""
    cdef CPlayer* player = &s.players[c.seat]
    cdef int srcs[512]
    cdef int wheres[512]
    cdef int n = 0, i, k, hook = c.hook
    cdef CParty* party
    if player.hero != NONE:
        n = _collect(o, hook, W_HERO, o.hero0 + player.hero, srcs, wheres, n)
    for i in range(player.n_followers):
        n = _collect(o, hook, W_FOLLOWER, o.glory0 + player.followers[i], srcs, wheres, n)
    if equipment:
        party = c.party if c.party != NULL else (&player.party if player.has_party else NULL)
        if party != NULL:
            for i in range(party.n_equipment):
                n = _collect(o, hook, W_EQUIPMENT, o.equip0 + party.equipment[i], srcs,
                             wheres, n)
    for i in range(player.n_weapons):
        n = _collect(o, hook, W_WEAPON, o.weapon0 + player.weapons[i], srcs, wheres, n)
    if hook == HOOK_CANCEL:
        for i in range(player.n_hand):
            n = _collect(o, hook, W_HAND, o.glory0 + player.hand[i], srcs, wheres, n)
    for i in range(n):
        c.src, c.where = srcs[i], wheres[i]
        for k in range(o.first[srcs[i]], o.first[srcs[i] + 1]):
            if o.ops[k].hooks & hook:
                _run(s, R, o, c, &o.ops[k])
    return c.value


cdef int fire_value(CState* s, const CRules* R, const COps* o, int seat, int hook, int value,
                    bint equipment) noexcept nogil:
    cdef Ctx c
    ctx_init(&c, hook, seat, value)
    return fire(s, R, o, &c, equipment)


cdef bint fire_ignore(CState* s, const CRules* R, const COps* o, int seat, int event_kind) noexcept nogil:
    cdef Ctx c
    ctx_init(&c, HOOK_IGNORE, seat, 0)
    c.event_kind = event_kind
    return fire(s, R, o, &c, True) != 0


cdef int fire_events(CState* s, const CRules* R, const COps* o, Ctx* c) noexcept nogil:
    """effects.fire_events: pass c.value through the active events answering c.hook."""
    cdef int i, k, src
    c.seat = NONE
    for i in range(s.n_active):
        src = o.event0 + s.active_event[i]
        if not (o.hooks_of[src] & c.hook):
            continue
        c.src, c.where = src, W_EVENT
        for k in range(o.first[src], o.first[src + 1]):
            if o.ops[k].hooks & c.hook:
                _run(s, R, o, c, &o.ops[k])
    return c.value


cdef int fire_events_value(CState* s, const CRules* R, const COps* o, int hook, int value) noexcept nogil:
    cdef Ctx c
    ctx_init(&c, hook, NONE, value)
    return fire_events(s, R, o, &c)


cdef int tricks(const CState* s, const COps* o, int seat, int hook, int* out) noexcept nogil:
    """Distinct glory cards in the seat's hand answering `hook` (first-copy order)."""
    cdef const CPlayer* player = &s.players[seat]
    cdef int i, n = 0, g
    for i in range(player.n_hand):
        g = player.hand[i]
        if (o.hooks_of[o.glory0 + g] & hook) and not list_has(out, n, g):
            out[n] = g
            n += 1
    return n


cdef bint has_trick(const CState* s, const COps* o, int seat, int hook, int glory) noexcept nogil:
    return (o.hooks_of[o.glory0 + glory] & hook) != 0 and \
        list_has(s.players[seat].hand, s.players[seat].n_hand, glory)


cdef int use_trick(CState* s, const CRules* R, const COps* o, int seat, int glory, Ctx* c) noexcept nogil:
    """effects.use_trick: the card leaves the hand, its ops at c.hook run, it is discarded."""
    cdef CPlayer* player = &s.players[seat]
    cdef int k, src = o.glory0 + glory
    list_remove(player.hand, &player.n_hand, glory)
    c.seat, c.src, c.where = seat, src, W_HAND
    for k in range(o.first[src], o.first[src + 1]):
        if o.ops[k].hooks & c.hook:
            _run(s, R, o, c, &o.ops[k])
    list_append(s.glory_discard, &s.n_glory_discard, glory)
    use_card(player, R.sym_glory[glory])
    return c.value


cdef void play_trick(CState* s, const CRules* R, const COps* o, int seat, int glory, int arg) noexcept nogil:
    """effects.play: PLAY_GLORY of a trick on the owner's turn."""
    cdef Ctx c
    ctx_init(&c, HOOK_PLAY, seat, NONE)
    c.arg = arg
    use_trick(s, R, o, seat, glory, &c)


cdef void run_event_op(CState* s, const CRules* R, const COps* o, int event, int k) noexcept nogil:
    """effects.run_event_op: operation k (an index into o.ops) of a drawn event."""
    cdef Ctx c
    if not (o.ops[k].hooks & HOOK_EVENT):
        return
    ctx_init(&c, HOOK_EVENT, NONE, NONE)
    c.src, c.where = o.event0 + event, W_EVENT
    _run(s, R, o, &c, &o.ops[k])


# --- party.py's stats ---------------------------------------------------------------------
cdef void party_max(CState* s, const CRules* R, const COps* o, int seat, CParty* party,
                    int* out) noexcept nogil:
    """Maximum tracks of the seat's party: card stats plus modifiers, capped."""
    cdef Ctx c
    cdef int i, v, cap = R.combat_stat_cap
    ctx_init(&c, HOOK_PARTY_MAX, seat, 0)
    memcpy(c.top, R.party_base[party.kind], 6 * sizeof(int))
    c.party = party
    fire(s, R, o, &c, True)
    c.top[S_SHIELD] += c.top[S_DEFENSE] - R.party_base[party.kind][S_DEFENSE]
    for i in range(6):
        v = c.top[i]
        out[i] = 0 if v < 0 else (cap if v > cap else v)


cdef void refresh(CState* s, const CRules* R, const COps* o, int seat, int fill) noexcept nogil:
    """Recompute the maxima; stats in the `fill` bit mask (1 << S_*) rise with them."""
    cdef CParty* party = &s.players[seat].party
    cdef int new[6]
    cdef int i, gain, v
    party_max(s, R, o, seat, party, new)
    for i in range(6):
        gain = new[i] - party.top[i]
        if gain > 0 and (fill & (1 << i)):
            party.cur[i] += gain
        v = party.cur[i]
        party.cur[i] = 0 if v < 0 else (new[i] if v > new[i] else v)
    memcpy(party.top, new, 6 * sizeof(int))


cdef void new_party(CState* s, const CRules* R, const COps* o, CParty* out, int kind,
                    int seat) noexcept nogil:
    """A fresh party of `kind` with full tracks (the seat's modifiers applied)."""
    memset(out, 0, sizeof(CParty))
    out.kind = kind
    memcpy(out.top, R.party_base[kind], 6 * sizeof(int))
    if seat != NONE:
        party_max(s, R, o, seat, out, out.top)
    memcpy(out.cur, out.top, 6 * sizeof(int))


cdef int fills_of(const COps* o, int src) noexcept nogil:
    """Stats a newly gained source raises at once (modify_stat with fill, by > 0): bits."""
    cdef int k, mask = 0
    for k in range(o.first[src], o.first[src + 1]):
        if o.ops[k].op == OP_MODIFY_STAT and o.ops[k].c and o.ops[k].b > 0:
            mask |= 1 << o.ops[k].a
    return mask
