# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/agents/plan.py sha256:65dbee66f713f016
# mirrors: toolkit/games/caravans/agents/fingerprint.py sha256:1f77bfa6664806f9
"""agents/plan.py in C: goals (derive, ranked best first), the pull of a position (the
goalpull kernel) and step_score; the same doubles as the Python plan. The goal cache of
the Python agent (fingerprint.py, plan.kept) is only a cache: C derives afresh."""

from libc.string cimport memset

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.agent_tables cimport *
from toolkit.games.caravans.core.agent_view cimport *
from toolkit.games.caravans.core.agent_plan_value cimport (py_floordiv, mission_value,
                                                           rumor_value)
from toolkit.games.caravans.core.agent_value cimport fight_value, explorer_value


cdef inline void _add(CView* v, int region, int where, double value) noexcept nogil:
    """plan.derive's `best` dict: the highest positive value per (region, where)."""
    cdef CGoals* g = &v.goals
    cdef int key = region * 3 + where, i
    if not (value > 0.0):
        return
    i = v.goal_slot[key] - 1
    if i >= 0:
        if value > g.value[i]:
            g.value[i] = value
        return
    if g.n < MAX_GOALS:
        g.region[g.n], g.where[g.n], g.value[g.n] = region, where, value
        g.n += 1
        v.goal_slot[key] = <short>g.n


cdef inline void _taverns(CView* v, CGoals* g, double value) noexcept nogil:
    cdef int i, n = v_open_taverns(v)
    for i in range(n):
        _add(v, v.open_taverns[i], W_TAVERN, value)


cdef void _trade_goals(CView* v, CGoals* g) noexcept nogil:
    cdef const CRules* R = v.R
    cdef const double* w = v.w
    cdef int i, tavern, good, held, n = v_open_taverns(v), room
    cdef double gain
    for i in range(n):
        tavern = v.open_taverns[i]
        good = v.s.demand[tavern]
        held = v_goods(v, good) if good >= 0 else 0
        if held:
            gain = held * ((R.sell_demanded_price - R.sell_price) + w[F_SELL_DEMANDED])
            if held >= R.sell_glory_min_demanded:
                gain += w[F_GLORY]
            _add(v, tavern, W_TAVERN, w[F_TRADE_GOAL] * gain)
    room = v_room(v)
    if room > 0 and v.me.gold >= w[F_GOLD_RESERVE] + v.T.price_max:
        gain = w[F_TRADE_GOAL] * w[F_BUY_MARGIN] * (room if room < 3 else 3) \
            * v.T.buy_draw_margin * 0.5
        if gain > 0.0:
            _taverns(v, g, gain)


cdef void _upkeep_goals(CView* v, CGoals* g) noexcept nogil:
    cdef const CRules* R = v.R
    cdef const double* w = v.w
    cdef int per = R.stash_gold_per_point, room = v_stash_room(v), points, home
    cdef double gain, fix, other
    cdef int missing, gold = v.me.gold
    points = <int>py_floordiv(gold - w[F_STASH_KEEP], <double>per)
    if room < points:
        points = room
    home = v_home(v)
    if points > 0 and home != NONE:
        gain = points * w[F_GLORY] * w[F_STASH] * w[F_HOME_GOAL]
        if v_glory_total(v) + points >= R.glory_to_win:
            gain += 3 * w[F_GLORY]
        _add(v, home, W_TAVERN, gain)
    fix = v_damage(v) * w[F_REPAIR]
    other = gold * w[F_REPAIR] / (R.armory_repair if R.armory_repair > 1 else 1)
    if other < fix:
        fix = other
    missing = v_missing_mercenaries(v)
    fix += (gold if gold < missing else missing) * w[F_RECRUIT]
    if fix > 0:
        _taverns(v, g, fix)


cdef void _adventure_goals(CView* v, CGoals* g) noexcept nogil:
    cdef const CRules* R = v.R
    cdef const double* w = v.w
    cdef int i, m
    cdef double gain
    for i in range(v.me.n_missions):
        m = v.me.missions[i]
        _add(v, R.mission_target[m], W_ANY, w[F_ADVENTURE_GOAL] * mission_value(v, m))
    for i in range(v.s.n_missions_up):
        m = v.s.missions_up[i]
        if v_is_open(v, R.mission_tavern[m]):
            gain = mission_value(v, m) * v_chance(v, H_INFLUENCE, 1, 0) * 0.5
            _add(v, R.mission_tavern[m], W_TAVERN, w[F_ADVENTURE_GOAL] * gain)
    for i in range(v.me.n_rumors):
        gain = rumor_value(v) * v_chance(v, H_PERCEPTION, 1, 0)
        _add(v, R.rumor_region[v.me.rumors[i]], W_OUT, w[F_ADVENTURE_GOAL] * gain)
    if v.me.n_rumors < 2:
        gain = w[F_ADVENTURE_GOAL] * (rumor_value(v) * v_chance(v, H_INFLUENCE, 1, 0) * 0.4)
        if gain > 0.0:
            _taverns(v, g, gain)


cdef void _hunt_goals(CView* v, CGoals* g) noexcept nogil:
    cdef const double* w = v.w
    cdef double hunt = w[F_HUNT_GOAL], gain
    cdef int r, k, first = NONE
    cdef const CPlayer* other
    for r in range(v.R.n_regions):
        if v.s.explorers[r] >= 0:
            first = r
            break
    if first != NONE:
        gain = hunt * explorer_value(v)       # the same for every explorer
        if gain > 0.0:
            for r in range(v.R.n_regions):
                if v.s.explorers[r] >= 0:
                    _add(v, r, W_OUT, gain)
    if v.s.phase != PH_SETUP:                 # in setup others' heroes are hidden
        for k in range(v.s.n_players):
            other = &v.s.players[k]
            if other.seat != v.seat and other.hero != NONE and other.region != NONE \
                    and not other.in_tavern:
                _add(v, other.region, W_OUT, hunt * fight_value(v, other.seat, False))
    for k in range(v.s.n_npcs):
        if v.s.npcs[k].region != NONE:
            _add(v, v.s.npcs[k].region, W_OUT, hunt * fight_value(v, -(k + 1), False))


cdef int goals(CView* v) noexcept nogil:
    """plan.derive then ranked (a stable sort, value descending); 0 without a hero or a
    region (plan.goals)."""
    cdef CGoals* g = &v.goals
    cdef int i, j, x
    if v.has_goals:
        return g.n
    g.n = 0
    v.has_goals = True
    if v.me.hero == NONE or v.me.region == NONE:
        return 0
    memset(v.goal_slot, 0, sizeof(v.goal_slot))
    _trade_goals(v, g)
    _upkeep_goals(v, g)
    _adventure_goals(v, g)
    _hunt_goals(v, g)
    for i in range(g.n):                      # stable insertion sort, best first
        x = i
        j = i - 1
        while j >= 0 and g.value[g.ranked[j]] < g.value[x]:
            g.ranked[j + 1] = g.ranked[j]
            j -= 1
        g.ranked[j + 1] = x
    return g.n


cdef bint goal_kept(CView* v, int i) noexcept nogil:
    """plan._here: once visited, this region's tavern goal waits for the next turn."""
    return not (v.me.visited and v.goals.region[i] == v.me.region
                and v.goals.where[i] == W_TAVERN)


cdef double pull(CView* v, int region, bint inside) noexcept nogil:
    """plan.pull: the best goal faded by the actions to reach it (goalpull.Goals.best),
    less the danger of standing outside."""
    cdef CGoals* g = &v.goals
    cdef const double* fades = v.style.fades
    cdef double best = 0.0, value
    cdef int i, k, goal, where, steps, skip
    if v.me.hero != NONE and v.me.region != NONE:
        goals(v)
        skip = v.me.region if v.me.visited else -1
        for k in range(g.n):
            i = g.ranked[k]
            value = g.value[i]
            if value <= best:
                break
            goal, where = g.region[i], g.where[i]
            if goal == skip and where == W_TAVERN:
                continue
            if region == goal:
                steps = 0 if where == W_ANY or (where == W_TAVERN) == inside else 1
            else:
                steps = dist(v, region, goal) + inside + (where == W_TAVERN)
            if steps < N_FADES:
                value *= fades[steps]
            else:
                value *= 0.0
            if value > best:
                best = value
    if not inside:
        best -= v.w[F_DANGER] * v.patience * v_threat(v, region)
    return best


cdef double step_score(CView* v, int region, bint inside) noexcept nogil:
    """plan.step_score: the pull of (region, inside) against staying."""
    if not v.has_pull:
        v.pull_here = pull(v, v.me.region, v.me.in_tavern)
        v.has_pull = True
    return pull(v, region, inside) - v.pull_here
