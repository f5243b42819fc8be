# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/agents/turns.py sha256:70d79d97280ff6cb
"""agents/turns.py in C: each scorer gives the double the Python scorer gives (the same
operations in the same order; see turns.py for what each one means). The armory's
scorers are in agent_turns_armory.pyx, the Python-facing probe in agent_turns_probe.pyx."""

from libc.math cimport pow

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport (COp, src_glory, OP_EXTRA_ACTION, OP_GAIN_GOLD,
                                              OP_FREE_RECRUIT, OP_BUY_DRAW,
                                              OP_SELL_AT_DEMAND)
from toolkit.games.caravans.core.agent_tables cimport *
from toolkit.games.caravans.core.agent_view cimport *
from toolkit.games.caravans.core.agent_plan cimport goals, goal_kept, step_score
from toolkit.games.caravans.core.agent_plan_value cimport mission_value, rumor_value
from toolkit.games.caravans.core.agent_value cimport (fight_value, explorer_value,
                                                      glory_card_value)
from toolkit.games.caravans.core.agent_turns_armory cimport *
from toolkit.games.caravans.core.tavern cimport price, recruit_discount, recruit_cost

cdef double WASTED_ACTION = 0.5      # turns.WASTED_ACTION
cdef double WORKING_CAPITAL = 4.0    # turns.WORKING_CAPITAL


# --- moving and exploring ---------------------------------------------------------------
cdef double _explore(CView* v, int kind, int target) noexcept nogil:
    if kind == T_PLAYER:
        return fight_value(v, target, False)
    if kind == T_NPC:
        return fight_value(v, -(target + 1), False)
    if kind == T_EXPLORER:
        return explorer_value(v)
    return rumor_value(v) * v_chance(v, H_PERCEPTION, 1, 0)


cdef double _open_tavern(CView* v) noexcept nogil:
    cdef int i, n = goals(v)
    cdef double best = 0.0
    cdef bint found = False
    for i in range(n):
        if v.goals.region[i] == v.me.region and v.goals.where[i] == W_TAVERN \
                and goal_kept(v, i):
            if not found or v.goals.value[i] > best:
                best, found = v.goals.value[i], True
    return best - WASTED_ACTION


# --- trade ------------------------------------------------------------------------------
cdef double _sell(CView* v, int good) noexcept nogil:
    cdef int here = v.me.region, held, gold
    cdef double bonus
    if v.s.demand[here] == good:
        held = v_goods(v, good) + v.s.visit.sold_demanded
        bonus = v.w[F_GLORY] / held if held >= v.R.sell_glory_min_demanded else 0.0
        return price(v.s, v.R, v.o, good, True) + v.w[F_SELL_DEMANDED] + bonus
    gold = price(v.s, v.R, v.o, good, False)
    return gold * (0.5 + v.w[F_SELL_OTHER]) - 0.9 * v_sale_value(v, good, here)


cdef double _buy_goods(CView* v) noexcept nogil:
    cdef int i, low = v.R.buy_price[0], room = v_room(v)
    for i in range(1, v.R.n_buy_prices):
        if v.R.buy_price[i] < low:
            low = v.R.buy_price[i]
    if room <= 0 or v.me.gold < v.w[F_GOLD_RESERVE] + low:
        return -1.0
    return v.w[F_BUY_MARGIN] * (room if room < 3 else 3)


cdef double _delivery_bonus(CView* v, int good) noexcept nogil:
    cdef const CRules* R = v.R
    cdef double bonus = 0.0
    cdef int i, m
    for i in range(v.me.n_missions):
        m = v.me.missions[i]
        if R.mission_deliver_good[m] != NONE and R.mission_deliver_good[m] == good and \
                v_goods(v, good) < R.mission_deliver_count[m]:
            bonus += (v.w[F_GLORY] + R.mission_gold[m]) / R.mission_deliver_count[m]
    return bonus * v.w[F_MISSION]


cdef double _buy(CView* v, int good) noexcept nogil:
    cdef int cost = v.s.visit.prices[good]
    cdef double worth
    if v_room(v) <= 0:
        return -5.0
    worth = v_sale_value(v, good, v.me.region) + _delivery_bonus(v, good)
    return v.w[F_BUY_MARGIN] * (worth - cost) - short_of(v, v.w[F_GOLD_RESERVE], cost)


cdef double _discard_goods(CView* v, int good) noexcept nogil:
    if v.me.in_tavern and v.me.visited and v.me.actions > 0:
        return 2.0 - 0.1 * v_sale_value(v, good, NONE)
    return -v_sale_value(v, good, NONE)


cdef double _recruit(CView* v, int n) noexcept nogil:
    cdef int free = v.R.recruit_free_without_check
    cdef double gain
    cdef int cost
    if n > free:
        gain = (n if n < free else free) + (n - free) * v_chance(v, H_LEADERSHIP, 1, 0)
    else:
        gain = n
    cost = recruit_cost(v.R, n, recruit_discount(v.s, v.R, v.o, v.seat))
    return v.w[F_RECRUIT] * gain - v.w[F_GOLD] * cost * gain / n


cdef double _buy_draw(CView* v, int extra) noexcept nogil:
    cdef double now
    if not v.s.has_visit or v_room(v) <= 0:
        return -1.0
    now = _buy_goods(v)
    if now <= 0.0:
        return -1.0
    return now + extra * v.w[F_BUY_MARGIN] * v.T.buy_draw_margin * 0.75


# --- adventures and the stash -----------------------------------------------------------
cdef double _hear_rumor(CView* v) noexcept nogil:
    cdef int held = v.me.n_rumors
    return rumor_value(v) * v_chance(v, H_INFLUENCE, 1, 0) * (0.5 if held else 1.0) - held


cdef double _take_mission(CView* v, int m) noexcept nogil:
    cdef double fade = pow(v.w[F_TRAVEL_DECAY],
                           <double>dist(v, v.me.region, v.R.mission_target[m]))
    return mission_value(v, m) * v_chance(v, H_INFLUENCE, 1, 0) * fade


cdef double _stash(CView* v, int cost) noexcept nogil:
    cdef const CRules* R = v.R
    cdef int per = R.stash_gold_per_point, top = R.stash_max_points
    cdef int before = v.me.stash // per, after = (v.me.stash + cost) // per, points
    cdef double gain, short
    if before > top:
        before = top
    if after > top:
        after = top
    points = after - before
    gain = points * v.w[F_GLORY] * v.w[F_STASH] - v.w[F_GOLD] * cost
    if v_glory_total(v) + points >= R.glory_to_win:
        gain += 3 * v.w[F_GLORY]
        return gain
    short = short_of(v, v.w[F_STASH_KEEP], cost)
    return gain - WORKING_CAPITAL * short


cdef bint _has_goals(CView* v) noexcept nogil:
    cdef int i, n = goals(v)
    for i in range(n):
        if goal_kept(v, i):
            return True
    return False


cdef double _play_glory(CView* v, int card, int good) noexcept nogil:
    cdef double score = 0.0
    cdef int src, k, n, missing
    cdef const COp* op
    if v.R.glory_follower[card]:
        return v.w[F_GLORY_CARDS] * glory_card_value(v, card)
    src = src_glory(v.o, card)
    for k in range(v.o.first[src], v.o.first[src + 1]):
        op = &v.o.ops[k]
        if op.op == OP_EXTRA_ACTION:
            score += 3.0 if v.me.actions <= 1 and _has_goals(v) else -1.0
        elif op.op == OP_GAIN_GOLD:
            score += op.a
        elif op.op == OP_FREE_RECRUIT:
            missing = v_missing_mercenaries(v)
            score += v.w[F_RECRUIT] * (op.a if op.a <= missing else missing)
        elif op.op == OP_BUY_DRAW:
            score += _buy_draw(v, op.a)
        elif op.op == OP_SELL_AT_DEMAND:
            n = v_goods(v, good) if good >= 0 else 0
            if op.a < n:
                n = op.a
            score += n * (v.R.sell_demanded_price - v_sale_value(v, good, NONE))
    return v.w[F_GLORY_CARDS] * score - glory_card_value(v, card)


cdef bint turn_score(CView* v, const CAction* a, double* out) noexcept nogil:
    cdef int k = a.kind
    if k == AK_MOVE:
        out[0] = step_score(v, a.a, False)
    elif k == AK_ENTER_TAVERN:
        out[0] = step_score(v, v.me.region, True)
    elif k == AK_LEAVE_TAVERN:
        out[0] = step_score(v, v.me.region, False)
    elif k == AK_EXPLORE:
        out[0] = _explore(v, a.a, a.b)
    elif k == AK_COMPLETE_MISSION:
        out[0] = mission_value(v, a.a) + v.w[F_GLORY]
    elif k == AK_TAVERN:
        out[0] = _open_tavern(v)
    elif k == AK_SELL:
        out[0] = _sell(v, a.a)
    elif k == AK_BUY_GOODS:
        out[0] = _buy_goods(v)
    elif k == AK_BUY:
        out[0] = _buy(v, a.a)
    elif k == AK_FORM_PARTY:
        out[0] = form_party_score(v, a.a)
    elif k == AK_REPAIR:
        out[0] = repair_score(v, a.a)
    elif k == AK_RESTORE:
        out[0] = restore_score(v, a.a)
    elif k == AK_BUY_EQUIPMENT:
        out[0] = buy_equipment_score(v)
    elif k == AK_SWAP_EQUIPMENT:
        out[0] = swap_equipment_score(v, a.a)
    elif k == AK_BUY_WEAPON:
        out[0] = buy_weapon_score(v)
    elif k == AK_SELL_WEAPON:
        out[0] = sell_weapon_score(v)
    elif k == AK_RECRUIT:
        out[0] = _recruit(v, a.a)
    elif k == AK_HEAR_RUMOR:
        out[0] = _hear_rumor(v)
    elif k == AK_TAKE_MISSION:
        out[0] = _take_mission(v, a.a)
    elif k == AK_STASH:
        out[0] = _stash(v, a.a)
    elif k == AK_PLAY_GLORY:
        out[0] = _play_glory(v, a.a, a.b)
    elif k == AK_DISCARD_GOODS:
        out[0] = _discard_goods(v, a.a)
    else:
        return False
    return True
