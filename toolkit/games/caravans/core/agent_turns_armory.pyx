# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/agents/turns.py sha256:70d79d97280ff6cb
"""The armory's turn scores of agents/turns.py in C (form_party, repair, restore, buy and
swap equipment, buy and sell weapons): the same doubles as the Python scorers."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.fight_base cimport list_has
from toolkit.games.caravans.core.agent_tables cimport *
from toolkit.games.caravans.core.agent_view cimport *
from toolkit.games.caravans.core.agent_plan_value cimport (py_floordiv, equipment_value,
                                                           weapon_use, will_upgrade)
from toolkit.games.caravans.core.agent_value cimport party_pref
from toolkit.games.caravans.core.armory cimport (resale, free_repair, repair_cost,
                                                 restore_cost)


cdef double short_of(CView* v, double keep, int cost) noexcept nogil:
    """max(0.0, keep - (gold - cost))."""
    cdef double x = keep - (v.me.gold - cost)
    return x if x > 0.0 else 0.0


cdef double form_party_score(CView* v, int kind) noexcept nogil:
    cdef const CParty* party = &v.me.party
    cdef int cost = v.R.party_cost[kind] - resale(v.R, party), i, e
    cdef double glory = v.w[F_GLORY] if v.R.party_large[kind] and not v.me.large_formed \
        else 0.0
    cdef double short = short_of(v, v.w[F_GOLD_RESERVE], cost)
    cdef double gain = party_pref(v, kind) - party_pref(v, party.kind) + glory
    cdef double lost = 0.0
    for i in range(party.n_equipment):       # sum(): left to right (Python 3.11)
        e = party.equipment[i]
        lost += equipment_value(v, e, list_has(party.flipped, party.n_flipped, e))
    return gain - v.w[F_GOLD] * cost - short - 0.5 * lost


cdef double repair_score(CView* v, int n) noexcept nogil:
    cdef int cost = repair_cost(v.R, n, free_repair(v.s, v.R, v.o, v.seat))
    return v.w[F_REPAIR] * n - v.w[F_GOLD] * cost


cdef double restore_score(CView* v, int e) noexcept nogil:
    cdef int cost = restore_cost(v.R, v.o, e)
    cdef double short = short_of(v, v.w[F_GOLD_RESERVE], cost)
    return equipment_value(v, e, False) - equipment_value(v, e, True) \
        - v.w[F_GOLD] * cost - short


cdef double _tavern_token(CView* v) noexcept nogil:
    """The worth of the token in this tavern as the seat sees it (face down: "?")."""
    cdef int region = v.me.region
    cdef int token = v.s.tavern_eq[region]
    if token < 0:                            # None or no entry: not a str
        return v.w[F_EQUIPMENT]
    if not list_has(v.s.eq_revealed, v.s.n_eq_revealed, region):
        return equipment_value(v, NONE, False)
    return equipment_value(v, token, False)


cdef double buy_equipment_score(CView* v) noexcept nogil:
    cdef int cost = v.R.armory_equipment_cost
    cdef double short = short_of(v, v.w[F_GOLD_RESERVE], cost)
    cdef double worth = _tavern_token(v)
    if will_upgrade(v):
        worth *= 0.5
    return worth - v.w[F_GOLD] * cost - short


cdef double swap_equipment_score(CView* v, int e) noexcept nogil:
    cdef int cost = v.R.armory_equipment_cost
    cdef double worth = _tavern_token(v)
    cdef double mine = equipment_value(
        v, e, list_has(v.me.party.flipped, v.me.party.n_flipped, e))
    cdef double short = short_of(v, v.w[F_GOLD_RESERVE], cost)
    return worth - mine - v.w[F_GOLD] * cost - short


cdef double buy_weapon_score(CView* v) noexcept nogil:
    cdef int cost = v.R.armory_weapon_cost
    cdef double short = short_of(v, v.w[F_GOLD_RESERVE], cost)
    return v.w[F_WEAPON] - v.w[F_GOLD] * cost - short


cdef double _stash_step(CView* v, int extra) noexcept nogil:
    cdef int per = v.R.stash_gold_per_point, room = v_stash_room(v)
    cdef double usable, points
    if v.me.region != v_home(v) or room <= 0 or \
            list_has(v.s.visit.done, v.s.visit.n_done, ACT_STASH):
        return 0.0
    usable = v.me.gold - v.w[F_STASH_KEEP]
    if not (usable > 0):
        usable = 0
    points = py_floordiv(usable + extra, per) - py_floordiv(usable, per)
    if room < points:
        points = room
    return points * v.w[F_GLORY] * v.w[F_STASH]


cdef double sell_weapon_score(CView* v) noexcept nogil:
    cdef int resale_gold = v.R.armory_weapon_resale
    cdef double gold = v.w[F_GOLD] * resale_gold + _stash_step(v, resale_gold), x
    if v.me.gold < v.w[F_GOLD_RESERVE]:
        x = v.w[F_GOLD_RESERVE] - v.me.gold
        gold += 0.5 * (x if x < resale_gold else resale_gold)
    return gold - weapon_use(v)
