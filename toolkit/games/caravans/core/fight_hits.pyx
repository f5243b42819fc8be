# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/party.py sha256:454bb2edd9831d22
# mirrors: toolkit/games/caravans/engine/sides.py sha256:dac6550d33662527
"""Hits on a party (engine/party.py take_hits) and the two sides' standing (sides.py)."""

from toolkit.native.mt cimport mt_random
from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps, HOOK_CANCEL, OP_CANCEL_HIT, src_has
from toolkit.games.caravans.core.fight_base cimport *
from toolkit.games.caravans.core.ops_fire cimport Ctx, ctx_init, fire


cdef int _hit_location(CState* s, const CRules* R, const CParty* party) noexcept nogil:
    """Roll a die for one hit: its face picks a track of the party card, skulls defense."""
    cdef int face
    roll(&s.rng[<int>RNG_DICE], R, 1, &face)
    if face == SKULL or face < 0:
        return S_DEFENSE
    face = R.party_hit[party.kind][face]
    return S_DEFENSE if face == NONE else face


cdef void _lose_cargo(CState* s, CPlayer* player) noexcept nogil:
    """A cargo hit discards one goods card (a random one)."""
    cdef int i
    if player.n_goods:
        i = <int>(mt_random(&s.rng[<int>RNG_DICE]) * player.n_goods)
        list_append(s.goods_discard, &s.n_goods_discard,
                    list_pop_at(player.goods, &player.n_goods, i))


cdef bint take_hits(CState* s, const CRules* R, const COps* o, int ref, int hits, int location,
                    bint equipment) noexcept nogil:
    """Deal `hits` hits (located by dice unless `location` != NONE); True if destroyed. In a
    fight, a hit the holder's amulet could stop waits for its BLOCK_HIT decision (the hits
    left wait in combat.owed; later batches queue behind them)."""
    cdef CParty* party = party_of(s, ref)
    cdef CCombat* cb = &s.combat
    if party == NULL:
        return True
    if cb.active and cb.n_owed:      # an earlier batch waits on a decision
        if cb.n_owed < FMAX_OWED:
            cb.owed[cb.n_owed].ref, cb.owed[cb.n_owed].left = ref, hits
            cb.owed[cb.n_owed].location, cb.owed[cb.n_owed].total = location, hits
            cb.n_owed += 1
        return False
    return deal_hits(s, R, o, ref, hits, location, equipment, hits)


cdef bint deal_hits(CState* s, const CRules* R, const COps* o, int ref, int hits, int location,
                    bint equipment, int total) noexcept nogil:
    """The hits of one batch, one at a time (party.py deal_hits)."""
    cdef CParty* party = party_of(s, ref)
    cdef CCombat* cb = &s.combat
    cdef int k, where, i
    cdef int found[FMAX_EQUIP]
    cdef CDecision* d
    cdef Ctx c
    for k in range(hits):
        if party.cur[S_DEFENSE] <= 0:
            break
        where = location if location != NONE else _hit_location(s, R, party)
        if ref >= 0:
            ctx_init(&c, HOOK_CANCEL, ref, 0)
            c.location = where
            if fire(s, R, o, &c, equipment) > 0:
                continue
            if equipment and cb.active and blockers(s, o, ref, found):
                if cb.n_owed >= FMAX_OWED:
                    cb.n_owed = FMAX_OWED - 1
                for i in range(cb.n_owed, 0, -1):
                    cb.owed[i] = cb.owed[i - 1]
                cb.n_owed += 1
                cb.owed[0].ref, cb.owed[0].left = ref, hits - k - 1
                cb.owed[0].location, cb.owed[0].total = location, total
                d = push_pending(s, D_BLOCK_HIT, ref)
                d.where = where
                return False
        land_hit(s, ref, party, where)
    return party.cur[S_DEFENSE] <= 0


cdef void land_hit(CState* s, int ref, CParty* party, int where) noexcept nogil:
    """One hit on the track `where` (an empty track or agility: defense)."""
    if party.cur[where] <= 0 or where == S_AGILITY:
        where = S_DEFENSE
    party.cur[where] -= 1
    if where == S_CARGO and ref >= 0:
        _lose_cargo(s, &s.players[ref])


cdef int blockers(const CState* s, const COps* o, int seat, int* out) noexcept nogil:
    """The seat's unflipped equipment that may stop a located hit (cancel_hit: the amulet)."""
    cdef const CParty* party = &s.players[seat].party
    cdef int i, e, n = 0
    for i in range(party.n_equipment):
        e = party.equipment[i]
        if not list_has(party.flipped, party.n_flipped, e) \
                and src_has(o, o.equip0 + e, OP_CANCEL_HIT):
            out[n] = e
            n += 1
    return n


cdef void lose_mercenaries(CParty* party, int n) noexcept nogil:
    if party != NULL:
        party.cur[S_MERCENARIES] = party.cur[S_MERCENARIES] - n
        if party.cur[S_MERCENARIES] < 0:
            party.cur[S_MERCENARIES] = 0


cdef int race_of(const CState* s, const CRules* R, int ref) noexcept nogil:
    cdef int hero
    if ref >= 0:
        hero = s.players[ref].hero
        return R.hero_race[hero] if hero != NONE else NONE
    return R.npc_race[-ref - 1]


cdef bint is_brigand(const CPlayer* p, const CRules* R) noexcept nogil:
    cdef int r
    for r in range(R.n_races):
        if p.bounty[r] > 0:
            return True
    return False


cdef bint is_non_brigand(const CState* s, const CRules* R, int ref) noexcept nogil:
    if ref >= 0:
        return not is_brigand(&s.players[ref], R)
    return R.npc_patrol[-ref - 1]
