# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/turn.py sha256:8e55a67997ff4288
"""turn.py in C (see turn.pxd). Explore and missions are the fight side's (fight_rules)."""

from libc.string cimport memset

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport (COps, HOOK_TOLL, HOOK_FREE_MOVES,
                                              HOOK_ENTER_WANTED, EV_TOLLS, EV_WAR, src_equip,
                                              src_glory)
from toolkit.games.caravans.core.fight_base cimport (list_append, list_has, list_pop_at,
                                                     list_remove, pending_has)
from toolkit.games.caravans.core.ops_fire cimport (fire_value, fire_ignore, fire_events_value,
                                                   refresh, fills_of, use_card, play_trick)
from toolkit.games.caravans.core.fight_cards cimport at_war, hero_race
from toolkit.games.caravans.core.fight_combat cimport npc_attacks as _npc_attacks
from toolkit.games.caravans.core.tavern cimport price


cdef bint tavern_open(CState* s, const CRules* R, const COps* o, int seat, int region) noexcept nogil:
    """A tavern is closed to heroes wanted by its race (home excepted) and to heroes of a
    race at war with its race (unless the hero ignores wars)."""
    if not R.has_tavern[region]:
        return False
    if region == R.hero_home[s.players[seat].hero]:
        return True
    return _open_to(s, R, o, seat, R.region_race[region])


cdef bint _open_to(CState* s, const CRules* R, const COps* o, int seat, int race) noexcept nogil:
    if race != NONE and s.players[seat].bounty[race] > 0 and \
            not fire_value(s, R, o, seat, HOOK_ENTER_WANTED, 0, True):
        return False
    if s.n_active == 0 or not at_war(s, R, o, hero_race(s, R, seat), race):
        return True
    return fire_ignore(s, R, o, seat, EV_WAR)


cdef int toll(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil:
    cdef int gold = fire_events_value(s, R, o, HOOK_TOLL, 0)
    if gold and fire_ignore(s, R, o, seat, EV_TOLLS):
        return 0
    return gold


cdef bint free_leave(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil:
    return s.players[seat].free_moves < fire_value(s, R, o, seat, HOOK_FREE_MOVES, 0, True)


cdef int npc_attacks(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil:
    """NPCs in the player's region that hunt it attack (the fight side's fight_combat)."""
    _npc_attacks(s, R, o, seat)
    return 0


cdef int move(CState* s, const CRules* R, const COps* o, int seat, int region) noexcept nogil:
    cdef CPlayer* p = &s.players[seat]
    p.actions -= 1
    p.region = region
    return npc_attacks(s, R, o, seat)


cdef void enter_tavern(CState* s, int seat) noexcept nogil:
    s.players[seat].actions -= 1
    s.players[seat].in_tavern = True


cdef int leave_tavern(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil:
    cdef CPlayer* p = &s.players[seat]
    if free_leave(s, R, o, seat):
        p.free_moves += 1
    else:
        p.actions -= 1
    p.gold -= toll(s, R, o, seat)
    p.in_tavern = False
    return npc_attacks(s, R, o, seat)


cdef void open_visit(CState* s, int seat) noexcept nogil:
    """The tavern action: one per turn; the tavern's equipment token is turned face up."""
    cdef CPlayer* p = &s.players[seat]
    cdef int g
    p.actions -= 1
    p.visited = True
    s.has_visit = True
    memset(&s.visit, 0, sizeof(CVisit))
    s.visit.region = p.region
    for g in range(MAX_GOODS):
        s.visit.prices[g] = ABSENT
    if not list_has(s.eq_revealed, s.n_eq_revealed, p.region) and s.tavern_eq[p.region] >= 0:
        list_append(s.eq_revealed, &s.n_eq_revealed, p.region)


cdef void play_glory(CState* s, const CRules* R, const COps* o, int seat, int card, int arg) noexcept nogil:
    cdef CPlayer* p = &s.players[seat]
    if R.glory_follower[card]:
        list_remove(p.hand, &p.n_hand, card)
        list_append(p.followers, &p.n_followers, card)
        use_card(p, R.sym_glory[card])
        refresh(s, R, o, seat, fills_of(o, src_glory(o, card)))
    else:
        play_trick(s, R, o, seat, card, arg)


cdef void discard_goods(CState* s, const CRules* R, int seat, int good) noexcept nogil:
    cdef CPlayer* p = &s.players[seat]
    cdef int i
    for i in range(p.n_goods):
        if R.card_good[p.goods[i]] == good:
            list_append(s.goods_discard, &s.n_goods_discard, list_pop_at(p.goods, &p.n_goods, i))
            return


cdef void enforce_cargo(CState* s, const CRules* R, const COps* o) noexcept nogil:
    """Outside a tavern no party carries more goods than its cargo: the excess is discarded
    at once, lowest-value card first (ties: the card carried last)."""
    cdef int seat, i, index, value, best
    cdef CPlayer* p
    for seat in range(s.n_players):
        p = &s.players[seat]
        if p.in_tavern or p.n_goods == 0 or not p.has_party:
            continue
        while p.n_goods > p.party.cur[S_CARGO]:
            index = p.n_goods - 1
            best = _card_value(s, R, o, p.goods[index])
            i = p.n_goods - 2
            while i >= 0:
                value = _card_value(s, R, o, p.goods[i])
                if value < best:
                    best, index = value, i
                i -= 1
            list_append(s.goods_discard, &s.n_goods_discard, list_pop_at(p.goods, &p.n_goods, index))


cdef int _card_value(CState* s, const CRules* R, const COps* o, int card) noexcept nogil:
    """What a goods card would sell for at best now (demanded price if some tavern wants it)."""
    cdef int good = R.card_good[card], r
    cdef bint demanded = False
    for r in range(R.n_regions):
        if s.demand[r] == good:
            demanded = True
            break
    return price(s, R, o, good, demanded)


cdef void discard_glory(CState* s, const CRules* R, const COps* o, int seat, int card) noexcept nogil:
    s.n_pending -= 1
    cdef CPlayer* p = &s.players[seat]
    if list_has(p.hand, p.n_hand, card):
        list_remove(p.hand, &p.n_hand, card)
    else:
        list_remove(p.followers, &p.n_followers, card)
        refresh(s, R, o, seat, 0)
    list_append(s.glory_discard, &s.n_glory_discard, card)
