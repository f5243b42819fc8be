# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/party.py sha256:f7e510a53e8ed73f
# mirrors: toolkit/games/caravans/engine/sides.py sha256:dac6550d33662527
"""Hits on a party (engine/party.py take_hits) and the two sides' standing (sides.py)."""

from toolkit.native.mt cimport mt_random
from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps, HOOK_CANCEL
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
    """Deal `hits` hits (located by dice unless `location` != NONE); True if destroyed."""
    cdef CParty* party = party_of(s, ref)
    cdef int k, where
    cdef Ctx c
    if party == NULL:
        return True
    for k in range(hits):
        if party.cur[S_DEFENSE] <= 0:
            break
        where = location if location != NONE else _hit_location(s, R, party)
        if ref >= 0:
            ctx_init(&c, HOOK_CANCEL, ref, 0)
            c.location = where
            if fire(s, R, o, &c, equipment) > 0:
                continue
        if party.cur[where] <= 0 or where == S_AGILITY:
            where = S_DEFENSE
        party.cur[where] -= 1
        if where == S_CARGO and ref >= 0:
            _lose_cargo(s, &s.players[ref])
    return party.cur[S_DEFENSE] <= 0


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
