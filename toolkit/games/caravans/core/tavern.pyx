# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/tavern.py sha256:12a4f7bc6b563c3c
"""tavern.py in C (see tavern.pxd). Skill checks go through the fight side's fight_checks; the
check continuations of this module are registered there at import."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps, HOOK_SELL_BONUS, HOOK_BUY_DRAW, HOOK_RECRUIT_DISCOUNT, HOOK_RUMOR_FREE
from toolkit.games.caravans.core.fight_base cimport (list_index, list_has, list_pop_at,
                                                     list_append, list_extend)
from toolkit.games.caravans.core.ops_fire cimport (Ctx, ctx_init, fire_events, fire_value,
                                                   fire_events_value, set_tavern_ops)
from toolkit.games.caravans.core.fight_cards cimport (draw, draw_goods, gain_glory, gain_gold,
                                                      check_announce)
from toolkit.games.caravans.core.fight_checks cimport check, set_continuation
from toolkit.native.mt cimport mt_random


cdef void begin(CState* s, const CRules* R, const COps* o, int activity) noexcept nogil:
    """Start an activity: the open sale or purchase closes first."""
    cdef CVisit* v = &s.visit
    cdef int g
    if v.selling and activity != ACT_SELL:
        _close_sale(s, R, o)
    if v.n_offer:
        list_extend(s.goods_discard, &s.n_goods_discard, v.offer, v.n_offer)
        v.n_offer = 0
        for g in range(MAX_GOODS):
            v.prices[g] = ABSENT
    if not list_has(v.done, v.n_done, activity):
        list_append(v.done, &v.n_done, activity)


cdef void close_visit(CState* s, const CRules* R, const COps* o) noexcept nogil:
    begin(s, R, o, ACT_END)
    s.has_visit = False


cdef void _close_sale(CState* s, const CRules* R, const COps* o) noexcept nogil:
    cdef CVisit* v = &s.visit
    v.selling = False
    cdef int sold = v.sold_demanded
    if sold:
        swap_demand(s, R, o, v.region)
        if sold >= R.sell_glory_min_demanded:
            gain_glory(s, R, o, s.order[s.turn_pos], GS_SELL)


cdef void swap_demand(CState* s, const CRules* R, const COps* o, int tavern) noexcept nogil:
    """Swap a tavern's demand marker with a random one from the pool."""
    if s.n_marker_pool == 0:
        return
    cdef int pick = <int>(mt_random(&s.rng[RNG_DECK]) * s.n_marker_pool)
    cdef int new = list_pop_at(s.marker_pool, &s.n_marker_pool, pick)
    list_append(s.marker_pool, &s.n_marker_pool, s.demand[tavern])
    s.demand[tavern] = new


cdef int price(CState* s, const CRules* R, const COps* o, int good, bint demanded) noexcept nogil:
    cdef int base = R.sell_demanded_price if demanded else R.sell_price
    cdef Ctx c
    ctx_init(&c, HOOK_SELL_BONUS, NONE, 0)
    c.good = good
    return base + fire_events(s, R, o, &c)


cdef int _goods_index(const CPlayer* p, const CRules* R, int good) noexcept nogil:
    cdef int i
    for i in range(p.n_goods):
        if R.card_good[p.goods[i]] == good:
            return i
    return -1


cdef void _take_card(CState* s, const CRules* R, CPlayer* p, int good) noexcept nogil:
    cdef int card = list_pop_at(p.goods, &p.n_goods, _goods_index(p, R, good))
    list_append(s.goods_discard, &s.n_goods_discard, card)


cdef void sell(CState* s, const CRules* R, const COps* o, int seat, int good) noexcept nogil:
    """SELL one card; the sale stays open for more cards until another activity."""
    begin(s, R, o, ACT_SELL)
    cdef CVisit* v = &s.visit
    v.selling = True
    _take_card(s, R, &s.players[seat], good)
    cdef bint demanded = s.demand[v.region] == good
    v.sold_demanded += demanded
    gain_gold(s, seat, price(s, R, o, good, demanded))


cdef void sell_cards(CState* s, const CRules* R, const COps* o, int seat, int good, int n,
                     bint demanded_price) noexcept nogil:
    """A trick's sale of up to n cards of `good` (not part of the tavern's sale)."""
    cdef CPlayer* p = &s.players[seat]
    cdef int k
    for k in range(n):
        if _goods_index(p, R, good) < 0:
            return
        _take_card(s, R, p, good)
        gain_gold(s, seat, price(s, R, o, good, demanded_price))


# --- buying -------------------------------------------------------------------------------
cdef int _buy_count(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil:
    cdef CPlayer* p = &s.players[seat]
    cdef bint repeat = p.has_last_buy and p.last_buy_turn == p.turns - 1 \
        and p.last_buy_region == p.region
    cdef int count = fire_value(s, R, o, seat, HOOK_BUY_DRAW,
                                R.buy_repeat_draw if repeat else R.buy_draw, True)
    return count + (s.visit.bonus_draw if s.has_visit else 0)


cdef void buy_goods(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil:
    """Draw the offer; the tavern's demanded good is discarded and redrawn."""
    begin(s, R, o, ACT_BUY)
    cdef CVisit* v = &s.visit
    cdef CPlayer* p = &s.players[seat]
    cdef int demanded = s.demand[v.region]
    cdef int k, card, tries
    cdef int count = _buy_count(s, R, o, seat)
    for k in range(count):
        card = draw_goods(s)
        tries = R.n_cards
        while card != NONE and R.card_good[card] == demanded and tries > 0:
            list_append(s.goods_discard, &s.n_goods_discard, card)
            card = draw_goods(s)
            tries -= 1
        if card == NONE:
            break
        list_append(v.offer, &v.n_offer, card)
    _offer_prices(R, v)
    p.has_last_buy = True
    p.last_buy_turn, p.last_buy_region = p.turns, v.region


cdef void _offer_prices(const CRules* R, CVisit* v) noexcept nogil:
    """good -> price per card, by how many cards of that good the offer holds."""
    cdef int counts[MAX_GOODS]
    cdef int g, i, n, best
    for g in range(MAX_GOODS):
        counts[g] = 0
        v.prices[g] = ABSENT
    for i in range(v.n_offer):
        counts[R.card_good[v.offer[i]]] += 1
    for g in range(R.n_goods):
        n = counts[g]
        if n == 0:
            continue
        best = R.buy_price[0]           # the smallest count's price when none fits
        for i in range(R.n_buy_prices):
            if R.buy_price_n[i] <= n:
                best = R.buy_price[i]
        v.prices[g] = best


cdef void buy(CState* s, const CRules* R, const COps* o, int seat, int good) noexcept nogil:
    cdef CVisit* v = &s.visit
    cdef int i, index = 0
    for i in range(v.n_offer):
        if R.card_good[v.offer[i]] == good:
            index = i
            break
    cdef CPlayer* p = &s.players[seat]
    list_append(p.goods, &p.n_goods, list_pop_at(v.offer, &v.n_offer, index))
    p.gold -= v.prices[good]


# --- recruit, rumors, missions, stash -----------------------------------------------------
cdef int recruit_discount(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil:
    """Percent off recruiting (abilities, followers, events), at most 100."""
    cdef int off = fire_value(s, R, o, seat, HOOK_RECRUIT_DISCOUNT, 0, True)
    off = fire_events_value(s, R, o, HOOK_RECRUIT_DISCOUNT, off)
    return off if off < 100 else 100


cdef int recruit_cost(const CRules* R, int n, int off) noexcept nogil:
    """Rounded up, as Python's -(-x // 100) (a floor division) for any sign of x."""
    cdef long x = <long>n * R.recruit_cost * (100 - off)
    return <int>(-_floordiv(-x, 100))


cdef inline long _floordiv(long a, long b) noexcept nogil:
    cdef long q = a // b
    if (a % b != 0) and ((a < 0) != (b < 0)):
        q -= 1
    return q


cdef int recruit(CState* s, const CRules* R, const COps* o, int seat, int n) noexcept nogil:
    begin(s, R, o, ACT_RECRUIT)
    if n > R.recruit_free_without_check:
        check(s, R, o, seat, H_LEADERSHIP, THEN_RECRUIT, True, n, 0, 1, NONE)
    else:
        after_recruit(s, R, o, seat, True, n, 0)
    return 0


cdef void after_recruit(CState* s, const CRules* R, const COps* o, int seat, bint ok, int n,
                        int data1) noexcept nogil:
    cdef int free = R.recruit_free_without_check
    cdef int k = n if ok else (n if n < free else free)
    cdef CPlayer* p = &s.players[seat]
    p.gold -= recruit_cost(R, k, recruit_discount(s, R, o, seat))
    cdef CParty* party = &p.party
    cdef int m = party.cur[S_MERCENARIES] + k
    party.cur[S_MERCENARIES] = m if m < party.top[S_MERCENARIES] else party.top[S_MERCENARIES]


cdef int hear_rumor(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil:
    begin(s, R, o, ACT_RUMOR)
    if fire_events_value(s, R, o, HOOK_RUMOR_FREE, 0):
        after_rumor(s, R, o, seat, True, 0, 0)
    else:
        check(s, R, o, seat, H_INFLUENCE, THEN_RUMOR, False, 0, 0, 1, NONE)
    return 0


cdef void after_rumor(CState* s, const CRules* R, const COps* o, int seat, bint ok, int data0,
                      int data1) noexcept nogil:
    cdef int rumor
    cdef CPlayer* p
    if ok:
        rumor = draw(s, s.rumor_deck, &s.n_rumor_deck, s.rumor_discard, &s.n_rumor_discard)
        if rumor != NONE:
            p = &s.players[seat]
            list_append(p.rumors, &p.n_rumors, rumor)


cdef int take_mission(CState* s, const CRules* R, const COps* o, int seat, int mission) noexcept nogil:
    begin(s, R, o, ACT_MISSION)
    check(s, R, o, seat, H_INFLUENCE, THEN_MISSION, True, mission, 0, 1, NONE)
    return 0


cdef void after_take_mission(CState* s, const CRules* R, const COps* o, int seat, bint ok,
                             int mission, int data1) noexcept nogil:
    cdef int new
    cdef CPlayer* p = &s.players[seat]
    if ok and list_has(s.missions_up, s.n_missions_up, mission):
        list_pop_at(s.missions_up, &s.n_missions_up,
                    list_index(s.missions_up, s.n_missions_up, mission))
        list_append(p.missions, &p.n_missions, mission)
        new = draw(s, s.mission_deck, &s.n_mission_deck, s.mission_discard,
                   &s.n_mission_discard)
        if new != NONE:
            list_append(s.missions_up, &s.n_missions_up, new)


cdef void stash(CState* s, const CRules* R, const COps* o, int seat, int gold) noexcept nogil:
    """STASH any amount of gold; gold_per_point make a point."""
    begin(s, R, o, ACT_STASH)
    cdef CPlayer* p = &s.players[seat]
    p.gold -= gold
    p.stash += gold
    p.deposits += 1
    check_announce(s, R, seat)


set_tavern_ops(sell_cards, swap_demand)
set_continuation(THEN_RECRUIT, after_recruit)
set_continuation(THEN_RUMOR, after_rumor)
set_continuation(THEN_MISSION, after_take_mission)
