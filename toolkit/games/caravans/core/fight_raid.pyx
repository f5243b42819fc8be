# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/raid.py sha256:e448a9a34ddd972a
"""Explorers (engine/raid.py): a raid (goods cards as loot, ambushes as hits, a bounty)
or a delve together."""

from libc.string cimport memcpy
from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps, HOOK_PARTY_MAX, HOOK_RAID_BONUS, HOOK_TREASURE
from toolkit.games.caravans.core.fight_base cimport *
from toolkit.games.caravans.core.ops_fire cimport Ctx, ctx_init, fire, fire_events, fire_value
from toolkit.games.caravans.core.fight_cards cimport (add_bounty, draw_goods, gain_glory,
                                                      gain_gold)
from toolkit.games.caravans.core.fight_checks cimport dice_for
from toolkit.games.caravans.core.fight_hits cimport take_hits, lose_mercenaries
from toolkit.games.caravans.core.fight_death cimport kill

cdef enum:
    AMBUSH = -1


cdef int _region_of(const CState* s, const CRules* R, int token) noexcept nogil:
    cdef int r
    for r in range(R.n_regions):
        if s.explorers[r] == token:
            return r
    return NONE


cdef int bounty_races(const CState* s, const CRules* R, int token, int* out) noexcept nogil:
    """Races a raider may take the bounty from: the token's, then the region's."""
    cdef int region = _region_of(s, R, token), other, n = 1
    out[0] = R.explorer_race[token]
    if region != NONE:
        other = R.region_race[region]
        if other != NONE and other != out[0]:
            out[1] = other
            n = 2
    return n


cdef bint _held(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil:
    """One skull on the agility roll (the party's agility without equipment, at most the
    dice) keeps the explorer from escaping."""
    cdef CParty* party = &s.players[seat].party
    cdef Ctx c
    cdef int n
    ctx_init(&c, HOOK_PARTY_MAX, seat, 0)
    memcpy(c.top, R.party_base[party.kind], 6 * sizeof(int))
    c.party = party
    fire(s, R, o, &c, False)
    n = c.top[S_AGILITY]
    n = 0 if n < 0 else (R.dice_count if n > R.dice_count else n)
    return roll_skulls(s, R, n) > 0


cdef void start_raid(CState* s, const CRules* R, const COps* o, int seat, int race) noexcept nogil:
    cdef int token = s.pending[s.n_pending - 1].target, region, i, card, n
    cdef CRaid* raid = &s.raid
    s.n_pending -= 1
    region = _region_of(s, R, token)
    add_bounty(s, R, o, seat, race)
    if not _held(s, R, o, seat):
        return
    s.explorers[region] = NONE
    raid.n_cards = 0
    for i in range(R.raid_draw):
        card = draw_goods(s)
        if card != NONE:
            list_append(raid.cards, &raid.n_cards, card)
    n = dice_for(s, R, o, seat, H_COMBAT, 0, False)
    raid.skulls = roll_skulls(s, R, n)
    raid.active, raid.player, raid.token, raid.region = True, seat, token, region
    if raid.skulls > 0:
        push_pending(s, D_RAID, seat)
    else:
        _finish(s, R, o)


cdef void adjust(CState* s, const CRules* R, const COps* o, bint discard, bint draw, int card) noexcept nogil:
    """Spend one skull: draw a card, discard one, or swap one (discard and draw)."""
    cdef CRaid* raid = &s.raid
    cdef int new
    if discard:
        list_remove(raid.cards, &raid.n_cards, card)
        list_append(s.goods_discard, &s.n_goods_discard, card)
    if draw:
        new = draw_goods(s)
        if new != NONE and raid.n_cards < FMAX_CARDS:
            list_append(raid.cards, &raid.n_cards, new)
    raid.skulls -= 1
    if raid.skulls <= 0:
        s.n_pending -= 1
        _finish(s, R, o)


cdef void end_raid(CState* s, const CRules* R, const COps* o) noexcept nogil:
    s.n_pending -= 1
    _finish(s, R, o)


cdef void _finish(CState* s, const CRules* R, const COps* o) noexcept nogil:
    cdef CRaid raid = s.raid
    cdef int seat = raid.player, i, icon, ambushes = 0, found = 0, gold = 0, bonus
    cdef Ctx c
    s.raid.active = False
    for i in range(raid.n_cards):
        icon = R.card_raid[raid.cards[i]]
        if icon == AMBUSH:
            ambushes += 1
        else:
            found += 1
            gold += icon
    bonus = fire_value(s, R, o, seat, HOOK_RAID_BONUS, 0, False)
    gold += bonus * found
    ctx_init(&c, HOOK_TREASURE, NONE, gold)
    c.region = raid.region
    gold = fire_events(s, R, o, &c)
    if ambushes >= R.raid_fail_ambushes:
        gold = 0
    list_extend(s.goods_discard, &s.n_goods_discard, raid.cards, raid.n_cards)
    list_append(s.explorer_track, &s.n_explorer_track, raid.token)
    if ambushes and take_hits(s, R, o, seat, ambushes, NONE, False):
        kill(s, R, o, seat)
        return
    gain_gold(s, seat, gold)
    if gold >= R.raid_glory_gold:
        gain_glory(s, R, o, seat, GS_RAID)


cdef void delve(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil:
    cdef int token = s.pending[s.n_pending - 1].target, region, hits
    cdef Ctx c
    s.n_pending -= 1
    region = _region_of(s, R, token)
    hits = roll_skulls(s, R, dice_for(s, R, o, seat, H_LEADERSHIP, 0, True))
    if hits == 0:
        lose_mercenaries(&s.players[seat].party, R.delve_fail_mercenaries)
        return
    ctx_init(&c, HOOK_TREASURE, NONE, hits * R.delve_gold_per_skull)
    c.region = region
    gain_gold(s, seat, fire_events(s, R, o, &c))
