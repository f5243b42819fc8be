# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/legal.py sha256:338a0e4e2b5fef3b
"""legal: every action the current player may take now (engine/legal.py, same order).

The turn, the tavern visit, glory plays and the choose_party / discard_glory decisions are
here; every other decision is the fight side's fight_legal (NOT_PORTED while it is not done)."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport (COps, HOOK_PLAY, OP_SELL_AT_DEMAND, OP_BUY_DRAW,
                                              OP_FREE_RECRUIT, src_glory)
from toolkit.games.caravans.core.fight_base cimport list_has
from toolkit.games.caravans.core.fight_rules cimport fight_legal
from toolkit.games.caravans.core.fight_turn cimport explore_targets, can_complete
from toolkit.games.caravans.core.turn cimport tavern_open, toll, free_leave
from toolkit.games.caravans.core.tavern cimport recruit_discount, recruit_cost
from toolkit.games.caravans.core.armory cimport (damage, resale, free_repair, repair_cost,
                                                 restore_cost, restorable)


cdef inline int _add(CAction* out, int n, int kind, int a, int b) noexcept nogil:
    out[n].kind, out[n].a, out[n].b, out[n].c = kind, a, b, NONE
    return n + 1


cdef int legal(CState* s, const CRules* R, const COps* o, CAction* out) noexcept nogil:
    cdef CDecision* d
    if s.phase == PH_OVER:
        return 0
    if s.n_pending:
        d = &s.pending[s.n_pending - 1]
        if d.kind == D_CHOOSE_PARTY:
            return _choose_party(R, out)
        if d.kind == D_DISCARD_GLORY:
            return _discard_glory(&s.players[d.player], out)
        return fight_legal(s, R, o, out)
    if not s.in_turn:
        return 0
    cdef int seat = s.order[s.turn_pos]
    if s.has_visit:
        return _visit(s, R, o, seat, out)
    return _turn(s, R, o, seat, out)


# --- decisions ----------------------------------------------------------------------------
cdef int _choose_party(const CRules* R, CAction* out) noexcept nogil:
    cdef int n = 0, i
    for i in range(R.n_starting):
        n = _add(out, n, AK_CHOOSE_PARTY, R.starting_parties[i], NONE)
    return n


cdef int _discard_glory(const CPlayer* p, CAction* out) noexcept nogil:
    """Each distinct glory card of hand then followers (dict.fromkeys order)."""
    cdef int n = 0, i, card
    for i in range(p.n_hand + p.n_followers):
        card = p.hand[i] if i < p.n_hand else p.followers[i - p.n_hand]
        if not _seen(out, n, card):
            n = _add(out, n, AK_DISCARD_GLORY, card, NONE)
    return n


cdef inline bint _seen(const CAction* out, int n, int a) noexcept nogil:
    cdef int i
    for i in range(n):
        if out[i].a == a:
            return True
    return False


cdef int _goods_kinds(const CRules* R, const int* cards, int n_cards, int kind, CAction* out,
                      int n, int glory) noexcept nogil:
    """One action per distinct good among `cards`, in first-seen order (a=good, or, with
    glory != NONE, a=glory b=good for play_glory)."""
    cdef int i, j, good, start = n
    cdef bint seen
    for i in range(n_cards):
        good = R.card_good[cards[i]]
        seen = False
        for j in range(start, n):
            if (out[j].b if glory != NONE else out[j].a) == good:
                seen = True
                break
        if not seen:
            if glory != NONE:
                n = _add(out, n, kind, glory, good)
            else:
                n = _add(out, n, kind, good, NONE)
    return n


# --- the turn -----------------------------------------------------------------------------
cdef int _turn(CState* s, const CRules* R, const COps* o, int seat, CAction* out) noexcept nogil:
    cdef CPlayer* p = &s.players[seat]
    cdef bint over = p.n_goods > p.party.cur[S_CARGO]
    cdef int n = 0, i
    if p.actions > 0:
        if p.in_tavern:
            if not over and p.gold >= toll(s, R, o, seat):
                n = _add(out, n, AK_LEAVE_TAVERN, NONE, NONE)
            if not p.visited:
                n = _add(out, n, AK_TAVERN, NONE, NONE)
        else:
            for i in range(R.n_adj[p.region]):
                n = _add(out, n, AK_MOVE, R.adj[p.region][i], NONE)
            if tavern_open(s, R, o, seat, p.region):
                n = _add(out, n, AK_ENTER_TAVERN, NONE, NONE)
            n += explore_targets(s, R, seat, out + n)
        for i in range(p.n_missions):
            if can_complete(s, R, seat, p.missions[i]):
                n = _add(out, n, AK_COMPLETE_MISSION, p.missions[i], NONE)
    elif p.in_tavern and not over and free_leave(s, R, o, seat) \
            and p.gold >= toll(s, R, o, seat):
        n = _add(out, n, AK_LEAVE_TAVERN, NONE, NONE)
    n = _glory_plays(s, R, o, seat, out, n)
    if over:
        n = _goods_kinds(R, p.goods, p.n_goods, AK_DISCARD_GOODS, out, n, NONE)
    if not over or p.in_tavern:
        n = _add(out, n, AK_END_TURN, NONE, NONE)
    return n


cdef int _glory_plays(CState* s, const CRules* R, const COps* o, int seat, CAction* out,
                      int n) noexcept nogil:
    cdef CPlayer* p = &s.players[seat]
    cdef int i, j, card, src
    cdef bint any_play, sell_at, buy_draw, free_recruit
    for i in range(p.n_hand):
        card = p.hand[i]
        if list_has(p.hand, i, card):           # dict.fromkeys: first copy only
            continue
        if R.glory_follower[card]:
            n = _add(out, n, AK_PLAY_GLORY, card, NONE)
            continue
        src = src_glory(o, card)
        any_play = sell_at = buy_draw = free_recruit = False
        for j in range(o.first[src], o.first[src + 1]):
            if o.ops[j].hooks & HOOK_PLAY:
                any_play = True
                sell_at = sell_at or o.ops[j].op == OP_SELL_AT_DEMAND
                buy_draw = buy_draw or o.ops[j].op == OP_BUY_DRAW
                free_recruit = free_recruit or o.ops[j].op == OP_FREE_RECRUIT
        if not any_play:
            continue
        if sell_at:
            if s.has_visit:
                n = _goods_kinds(R, p.goods, p.n_goods, AK_PLAY_GLORY, out, n, card)
        elif buy_draw:
            if s.has_visit and not list_has(s.visit.done, s.visit.n_done, ACT_BUY):
                n = _add(out, n, AK_PLAY_GLORY, card, NONE)
        elif free_recruit:
            if p.in_tavern and p.party.cur[S_MERCENARIES] < p.party.top[S_MERCENARIES]:
                n = _add(out, n, AK_PLAY_GLORY, card, NONE)
        else:
            n = _add(out, n, AK_PLAY_GLORY, card, NONE)
    return n


# --- the tavern visit ---------------------------------------------------------------------
cdef int _visit(CState* s, const CRules* R, const COps* o, int seat, CAction* out) noexcept nogil:
    cdef CVisit* v = &s.visit
    cdef CPlayer* p = &s.players[seat]
    cdef int n = 0, i, j, good
    cdef bint seen
    n = _add(out, n, AK_END_VISIT, NONE, NONE)
    if v.n_done == 0 or (v.n_done == 1 and v.done[0] == ACT_SELL):   # selling comes first
        n = _goods_kinds(R, p.goods, p.n_goods, AK_SELL, out, n, NONE)
    if not list_has(v.done, v.n_done, ACT_BUY):
        n = _add(out, n, AK_BUY_GOODS, NONE, NONE)
    elif v.n_offer:
        for i in range(v.n_offer):
            good = R.card_good[v.offer[i]]
            seen = False
            for j in range(i):
                if R.card_good[v.offer[j]] == good:
                    seen = True
                    break
            if not seen and v.prices[good] <= p.gold:
                n = _add(out, n, AK_BUY, good, NONE)
    n = _services(s, R, o, seat, p, out, n)
    n = _armory(s, R, o, seat, p, out, n)
    return _glory_plays(s, R, o, seat, out, n)


cdef int _services(CState* s, const CRules* R, const COps* o, int seat, CPlayer* p,
                   CAction* out, int n) noexcept nogil:
    cdef CVisit* v = &s.visit
    cdef int room, off, k, i, m
    if not list_has(v.done, v.n_done, ACT_RECRUIT):
        room = p.party.top[S_MERCENARIES] - p.party.cur[S_MERCENARIES]
        if room > 0:
            off = recruit_discount(s, R, o, seat)
            for k in range(1, room + 1):
                if recruit_cost(R, k, off) <= p.gold:
                    n = _add(out, n, AK_RECRUIT, k, NONE)
    if not list_has(v.done, v.n_done, ACT_RUMOR) and (s.n_rumor_deck or s.n_rumor_discard):
        n = _add(out, n, AK_HEAR_RUMOR, NONE, NONE)
    if not list_has(v.done, v.n_done, ACT_MISSION):
        for i in range(s.n_missions_up):
            m = s.missions_up[i]
            if R.mission_tavern[m] == p.region:
                n = _add(out, n, AK_TAKE_MISSION, m, NONE)
    if not list_has(v.done, v.n_done, ACT_STASH) and p.region == R.hero_home[p.hero]:
        n = _stash_amounts(s, R, seat, p, out, n)
    return n


cdef int _stash_amounts(CState* s, const CRules* R, int seat, CPlayer* p, CAction* out,
                        int n) noexcept nogil:
    """Each whole point the stash still takes (per, 2 per, ... gold), then all the gold
    carried when it is not already listed."""
    cdef int per = R.stash_gold_per_point
    cdef int points = p.stash // per
    if points > R.stash_max_points:
        points = R.stash_max_points
    cdef int room = R.stash_max_points - points
    if room <= 0:
        return n
    cdef int most = p.gold // per, k
    if room < most:
        most = room
    cdef bint listed = False
    for k in range(1, most + 1):
        n = _add(out, n, AK_STASH, k * per, NONE)
        listed = listed or k * per == p.gold
    if p.gold > 0 and not listed:
        n = _add(out, n, AK_STASH, p.gold, NONE)
    return n


cdef int _armory(CState* s, const CRules* R, const COps* o, int seat, CPlayer* p,
                 CAction* out, int n) noexcept nogil:
    cdef CVisit* v = &s.visit
    cdef CParty* party = &p.party
    cdef int room, kind, hurt, free, k, i, e, token, w, left
    cdef bint bought, sold
    if not list_has(v.done, v.n_done, ACT_FORM):
        room = p.gold + resale(R, party)
        for kind in range(R.n_parties):
            if R.party_cost[kind] != NONE and R.party_cost[kind] <= room and kind != party.kind:
                n = _add(out, n, AK_FORM_PARTY, kind, NONE)
    if not list_has(v.done, v.n_done, ACT_REPAIR):
        hurt = damage(party)
        if hurt:
            free = free_repair(s, R, o, seat)
            for k in range(1, hurt + 1):
                if repair_cost(R, k, free) <= p.gold:
                    n = _add(out, n, AK_REPAIR, k, NONE)
    if not list_has(v.done, v.n_done, ACT_RESTORE):
        for i in range(party.n_flipped):
            e = party.flipped[i]
            if restorable(o, e) and restore_cost(R, o, e) <= p.gold:
                n = _add(out, n, AK_RESTORE, e, NONE)
    token = s.tavern_eq[p.region]
    if not list_has(v.done, v.n_done, ACT_EQUIPMENT) and token >= 0 \
            and p.gold >= R.armory_equipment_cost \
            and not list_has(party.equipment, party.n_equipment, token):
        n = _add(out, n, AK_BUY_EQUIPMENT, NONE, NONE)
        if R.nightshade[p.region]:
            for i in range(party.n_equipment):
                n = _add(out, n, AK_SWAP_EQUIPMENT, party.equipment[i], NONE)
    for w in range(R.n_weapons):
        left = s.weapon_supply[w]
        if left == ABSENT:
            continue
        bought = list_has(v.done, v.n_done, ACT_WEAPON + w)
        if list_has(p.weapons, p.n_weapons, w):
            sold = list_has(v.done, v.n_done, ACT_SELL_WEAPON + w)
            if not sold and not bought:
                n = _add(out, n, AK_SELL_WEAPON, w, NONE)
        elif left > 0 and p.gold >= R.armory_weapon_cost and not bought:
            n = _add(out, n, AK_BUY_WEAPON, w, NONE)
    return n
