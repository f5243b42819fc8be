# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/agents/gear.py sha256:ec35dd02136a14e6
"""value.mission_value / rumor_value and gear.py in C (see agent_plan_value.pxd); the
same doubles as the Python functions (same operations, same order)."""

from libc.math cimport fmod, floor, copysign, pow

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport (COps, COp, src_equip, OP_MODIFY_STAT,
                                              OP_PRE_MELEE_STRIKE, OP_VOLLEY, OP_CANCEL_HIT)
from toolkit.games.caravans.core.agent_tables cimport *
from toolkit.games.caravans.core.agent_view cimport CView, v_chance, v_goods, v_fight_win

cdef double EQUIPMENT_FADE = 0.85    # gear.EQUIPMENT_FADE


cdef double py_floordiv(double vx, double wx) noexcept nogil:
    """CPython's float_floor_div (Objects/floatobject.c _float_div_mod)."""
    cdef double mod = fmod(vx, wx)
    cdef double div = (vx - mod) / wx
    cdef double floordiv
    if mod:
        if (wx < 0) != (mod < 0):
            mod += wx
            div -= 1.0
    if div:
        floordiv = floor(div)
        if div - floordiv > 0.5:
            floordiv += 1.0
    else:
        floordiv = copysign(0.0, vx / wx)
    return floordiv


cdef double mission_value(CView* v, int mission) noexcept nogil:
    """value.mission_value: reward and glory times the chance to complete it."""
    cdef const CRules* R = v.R
    cdef double chance
    cdef int npc
    if R.mission_check_stat[mission] != NONE:
        chance = v_chance(v, R.mission_check_stat[mission], R.mission_check_need[mission], 0)
    elif R.mission_deliver_good[mission] != NONE:
        chance = 1.0 if v_goods(v, R.mission_deliver_good[mission]) >= \
            R.mission_deliver_count[mission] else 0.25
    elif R.mission_defeat[mission] != NONE:
        npc = R.mission_defeat[mission]
        if v.s.npcs[npc].region == NONE or not v.me.has_party or not v.s.npcs[npc].has_party:
            chance = 0.0
        else:
            chance = v_fight_win(v, -(npc + 1))
    else:
        chance = 0.0
    return v.w[F_MISSION] * chance * (v.w[F_GLORY] + R.mission_gold[mission])


cdef double rumor_value(CView* v) noexcept nogil:
    """value.rumor_value: the chance a rumor is true times glory and its usual gold."""
    return v.w[F_RUMOR] * v.T.rumor_share * (v.w[F_GLORY] + v.T.rumor_gold)


cdef double equipment_value(CView* v, int token, bint flipped) noexcept nogil:
    """gear.equipment_value (token NONE: a face-down "?" token, no effects known)."""
    cdef const double* w = v.w
    cdef double fight = w[F_FIGHT_PLAYERS], worth, cap
    cdef int held = v.me.party.n_equipment if v.me.has_party else 0
    cdef int src, k, cost
    cdef const COp* op
    if w[F_FIGHT_NPCS] > fight:
        fight = w[F_FIGHT_NPCS]
    if w[F_RAID] > fight:
        fight = w[F_RAID]
    worth = w[F_EQUIPMENT] * pow(EQUIPMENT_FADE, <double>held)
    if token == NONE:
        return worth
    src = src_equip(v.o, token)
    for k in range(v.o.first[src], v.o.first[src + 1]):
        op = &v.o.ops[k]
        if op.op == OP_MODIFY_STAT and op.a == S_CARGO:
            worth *= 0.5 + 0.5 * w[F_TRADE_GOAL]
        elif op.op == OP_PRE_MELEE_STRIKE or op.op == OP_VOLLEY or \
                (op.op == OP_MODIFY_STAT and op.a == S_ATTACK):
            cap = fight if fight < 1.5 else 1.5
            worth *= 0.8 + 0.3 * cap
        if flipped and op.op == OP_CANCEL_HIT:
            # restore_cost None: the armory asks the game's amulet price (as gear.py)
            cost = op.b if op.b != NONE else v.R.armory_amulet_restore
            worth -= w[F_GOLD] * cost + w[F_REPAIR]
    return worth


cdef double weapon_use(CView* v) noexcept nogil:
    """gear.weapon_use: the weight, by the appetite for fights and the party's role."""
    cdef double fight = v.w[F_FIGHT_PLAYERS]
    cdef bint war = v.me.has_party and v.T.party_role[v.me.party.kind] == ROLE_WAR_BAND
    if v.w[F_FIGHT_NPCS] > fight:
        fight = v.w[F_FIGHT_NPCS]
    if not (fight < 1.5):
        fight = 1.5
    return v.w[F_WEAPON] * fight * (1.0 if war else 0.4)


cdef bint will_upgrade(CView* v) noexcept nogil:
    """gear.will_upgrade: a style that prizes a large party and still leads a small one."""
    return v.me.has_party and v.w[F_LARGE] > v.w[F_GLORY] and not v.me.large_formed \
        and not v.R.party_large[v.me.party.kind]
