# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/combat_ops.py sha256:e8f1c9bfb4a364c5
"""The combat operations (engine/combat_ops.py): cancelled hits, strikes on flight, before
melee and before ranged combat, redirected hits, melee boosts."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport *
from toolkit.games.caravans.core.fight_base cimport *
from toolkit.games.caravans.core.ops_fire cimport Ctx, use_card, W_EQUIPMENT, W_HAND, W_HERO, W_FOLLOWER, W_WEAPON
from toolkit.games.caravans.core.fight_hits cimport take_hits, lose_mercenaries


cdef int _cancel_index(CCombat* cb, int seat, int src) noexcept nogil:
    cdef int i
    for i in range(cb.n_cancel):
        if cb.cancel[i].seat == seat and cb.cancel[i].src == src:
            return i
    return -1


cdef void _cancel_set(CCombat* cb, int seat, int src, int left) noexcept nogil:
    cdef int i = _cancel_index(cb, seat, src)
    if i < 0:
        if cb.n_cancel >= FMAX_CANCEL:
            return
        i = cb.n_cancel
        cb.n_cancel += 1
        cb.cancel[i].seat, cb.cancel[i].src = seat, src
    cb.cancel[i].left = left


cdef bint _armed(const CCombat* cb, int seat, int glory) noexcept nogil:
    cdef int i
    for i in range(cb.n_armed):
        if cb.armed[i].seat == seat and cb.armed[i].glory == glory:
            return True
    return False


cdef void _cancel_hit(CState* s, const CRules* R, const COps* o, Ctx* c, const COp* p) noexcept nogil:
    if c.value > 0:
        return
    cdef CPlayer* player = &s.players[c.seat]
    cdef CCombat* cb = &s.combat
    cdef bint fight = cb.active
    cdef int i = _cancel_index(cb, c.seat, c.src) if fight else -1
    cdef int glory
    if i >= 0 and cb.cancel[i].left > 0:
        cb.cancel[i].left -= 1
    elif c.where == W_EQUIPMENT and not list_has(player.party.flipped, player.party.n_flipped,
                                                 c.src - o.equip0) and (
            not fight or c.use == c.src - o.equip0):
        list_append(player.party.flipped, &player.party.n_flipped, c.src - o.equip0)
        if fight:
            _cancel_set(cb, c.seat, c.src, p.a - 1)
    elif c.where == W_HAND and list_has(player.hand, player.n_hand, c.src - o.glory0) and (
            not fight or _armed(cb, c.seat, c.src - o.glory0)):
        glory = c.src - o.glory0
        list_remove(player.hand, &player.n_hand, glory)
        list_append(s.glory_discard, &s.n_glory_discard, glory)
        use_card(player, R.sym_glory[glory])
        if fight:
            _cancel_set(cb, c.seat, c.src, p.a - 1)
    elif (c.where == W_HERO or c.where == W_FOLLOWER) and fight and i < 0:
        _cancel_set(cb, c.seat, c.src, p.a - 1)
    else:
        return
    c.value += 1


cdef bint _one_shot(CState* s, const COps* o, Ctx* c) noexcept nogil:
    cdef CParty* party = &s.players[c.seat].party
    if c.where == W_EQUIPMENT:
        if list_has(party.flipped, party.n_flipped, c.src - o.equip0):
            return False
        list_append(party.flipped, &party.n_flipped, c.src - o.equip0)
    return True


cdef inline bint _declared(const COps* o, const Ctx* c) noexcept nogil:
    """A special weapon acts only when declared this round; the same operation on a hero,
    a follower or equipment is always on."""
    return c.where != W_WEAPON or c.weapon == c.src - o.weapon0


cdef void combat_op(CState* s, const CRules* R, const COps* o, Ctx* c, const COp* p) noexcept nogil:
    cdef int op = p.op, n
    cdef int dice[64]
    if op == OP_CANCEL_HIT:
        _cancel_hit(s, R, o, c, p)
    elif op == OP_FLEE_STRIKE:      # equipment strikes only if its holder chose to flip it
        if c.where == W_EQUIPMENT and c.use != c.src - o.equip0:
            return
        if _one_shot(s, o, c):
            take_hits(s, R, o, c.opponent, p.a, NONE, True)
    elif op == OP_PRE_MELEE_STRIKE:
        n = p.a if p.a < 64 else 64
        roll(&s.rng[<int>RNG_DICE], R, n, dice)
        if count_skulls(dice, n):
            lose_mercenaries(party_of(s, c.opponent), 1)
    elif op == OP_VOLLEY:
        n = s.players[c.seat].party.cur[S_ATTACK]
        n = 0 if n < 0 else (64 if n > 64 else n)
        roll(&s.rng[<int>RNG_DICE], R, n, dice)
        n = count_skulls(dice, n)
        if n:
            take_hits(s, R, o, c.opponent, n, NONE, True)
    elif op == OP_REDIRECT_HITS:
        if _declared(o, c):
            c.value = p.a
    elif op == OP_MELEE_BOOST:
        if _declared(o, c):
            c.value += p.a
            if p.b:
                s.combat.no_flee = c.seat
