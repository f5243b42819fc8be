# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/agents/fight.py sha256:777eb7807cd70357
"""The fight odds a View asks for (agents/fight.py through view.py: fighter, ranged and
melee wins) and View.threat, in C: the same doubles as the Python agents."""

from libc.math cimport ceil

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.agent_tables cimport *
from toolkit.games.caravans.core.agent_view cimport (CView, MAX_REFS, N_FIGHTER, ref_slot,
                                                     party_of, dist, v_stat, hunts,
                                                     is_brigand, seen_region)

cdef double RIVAL_WAR_BAND = 0.4     # view.RIVAL_WEIGHT
cdef double RIVAL_OTHER = 0.15
cdef double WANTED_RIVAL = 0.2
cdef int RIVAL_REACH = 2


# --- fight odds (agents/fight.py) ---------------------------------------------------------
cdef const int* v_fighter(CView* v, int ref) noexcept nogil:
    """fight.fighter: combat, shield, agility, defense, attack, leadership, mercenaries."""
    cdef int slot = ref_slot(ref)
    cdef int* f = v.fighter[slot]
    cdef const CParty* party
    if not v.has_fighter[slot]:
        party = party_of(v, ref)
        if ref >= 0:
            f[0] = v_stat(v, ref, H_COMBAT)
        else:
            f[0] = v.R.npc_combat[-ref - 1]
        f[1], f[2], f[3] = party.cur[S_SHIELD], party.cur[S_AGILITY], party.cur[S_DEFENSE]
        f[4] = party.cur[S_ATTACK]
        if ref >= 0:
            f[5] = v_stat(v, ref, H_LEADERSHIP)
        else:
            f[5] = v.R.npc_leadership[-ref - 1]
        f[6] = party.cur[S_MERCENARIES]
        v.has_fighter[slot] = True
    return f


cdef inline int _dice(const CRules* R, int n, int shield, int gap) noexcept nogil:
    if shield <= 0:
        n = 1
    if gap >= R.combat_agility_edge:
        n += R.combat_edge_dice
    return n if n < R.dice_count else R.dice_count


cdef double ranged_odds(const CView* v, const int* mine, const int* theirs,
                        int extra) noexcept nogil:
    """fight.ranged_odds / _ranged."""
    cdef int a = _dice(v.R, mine[0], mine[1], mine[2] - theirs[2]) + extra
    cdef int b = _dice(v.R, theirs[0], theirs[1], theirs[2] - mine[2])
    cdef double p = contest3(v.T, a, b)
    cdef int am = mine[4] if mine[4] > 1 else 1
    cdef int at = theirs[4] if theirs[4] > 1 else 1
    cdef int need_mine = <int>ceil(<double>(2 * theirs[3]) / <double>am)
    cdef int need_theirs = <int>ceil(<double>(2 * mine[3]) / <double>at)
    return race(p, need_mine if need_mine < 12 else 12, need_theirs if need_theirs < 12 else 12)


cdef double melee_odds(const CView* v, const int* mine, const int* theirs,
                       int extra) noexcept nogil:
    """fight.melee_odds / _melee."""
    cdef int edge = v.R.combat_edge_dice, a, b
    if mine[6] <= 0:
        return 0.0
    if theirs[6] <= 0:
        return 1.0
    a = mine[5] + extra + (edge if mine[6] > theirs[6] else 0)
    b = theirs[5] + (edge if theirs[6] > mine[6] else 0)
    return race(contest3(v.T, a, b), theirs[6], mine[6])


cdef double v_ranged_win(CView* v, int ref, int extra) noexcept nogil:
    cdef int slot = ref_slot(ref)
    cdef double value
    if 0 <= extra < 4 and v.has_ranged[slot][extra]:
        return v.ranged[slot][extra]
    value = ranged_odds(v, v_fighter(v, v.seat), v_fighter(v, ref), extra)
    if 0 <= extra < 4:
        v.has_ranged[slot][extra], v.ranged[slot][extra] = True, value
    return value


cdef double v_melee_win(CView* v, int ref, int extra) noexcept nogil:
    cdef int slot = ref_slot(ref)
    cdef double value
    if 0 <= extra < 4 and v.has_melee[slot][extra]:
        return v.melee[slot][extra]
    value = melee_odds(v, v_fighter(v, v.seat), v_fighter(v, ref), extra)
    if 0 <= extra < 4:
        v.has_melee[slot][extra], v.melee[slot][extra] = True, value
    return value


cdef double v_fight_win(CView* v, int ref) noexcept nogil:
    cdef double ranged = v_ranged_win(v, ref, 0)
    cdef double other = 0.5 * (ranged + v_melee_win(v, ref, 0))
    return other if other > ranged else ranged


cdef double v_fight_loss(CView* v, int ref) noexcept nogil:
    return 1.0 - v_ranged_win(v, ref, 0)


cdef void _hunting(CView* v) noexcept nogil:
    cdef int i
    if v.has_hunting:
        return
    v.n_hunting = 0
    for i in range(v.s.n_npcs):
        if v.s.npcs[i].region != NONE and hunts(v, i, v.seat):
            v.hunt_npc[v.n_hunting] = i
            v.hunt_region[v.n_hunting] = v.s.npcs[i].region
            v.hunt_moves[v.n_hunting] = v.T.npc_moves[i]
            v.n_hunting += 1
    v.has_hunting = True


cdef double _nearest_quarry(CView* v, int npc) noexcept nogil:
    cdef int here = v.s.npcs[npc].region, k
    cdef int mine = dist(v, here, v.me.region)
    cdef const CPlayer* other
    for k in range(v.s.n_players):
        other = &v.s.players[k]
        if other.seat != v.seat and seen_region(v, other.seat) != NONE and \
                dist(v, here, other.region) < mine and hunts(v, npc, other.seat):
            return 0.3
    return 1.0


cdef void _rivals(CView* v) noexcept nogil:
    cdef int k
    cdef const CPlayer* other
    cdef double weight
    if v.has_rivals:
        return
    v.n_rivals = 0
    for k in range(v.s.n_players):
        other = &v.s.players[k]
        if other.seat == v.seat or other.hero == NONE or seen_region(v, other.seat) == NONE \
                or not other.has_party:
            continue
        weight = RIVAL_WAR_BAND if v.T.party_role[other.party.kind] == ROLE_WAR_BAND \
            else RIVAL_OTHER
        v.rival_seat[v.n_rivals] = other.seat
        v.rival_region[v.n_rivals] = other.region
        v.rival_inside[v.n_rivals] = 1 if other.in_tavern else 0
        v.rival_weight[v.n_rivals] = weight + (WANTED_RIVAL if is_brigand(other) else 0.0)
        v.n_rivals += 1
    v.has_rivals = True


cdef double v_threat(CView* v, int region) noexcept nogil:
    """View.threat: the worst of hunting NPCs (here or next door) and reachable rivals."""
    cdef double worst, weight, x
    cdef int i, npc, where
    if not v.me.has_party:
        return 0.0
    if v.has_threat[region]:
        return v.threat[region]
    worst = 0.0
    _hunting(v)
    for i in range(v.n_hunting):          # _npc_weights
        npc, where = v.hunt_npc[i], v.hunt_region[i]
        if where == region:
            weight = 1.0 - 0.5 * v.hunt_moves[i]
        elif v.hunt_moves[i] != 0.0 and v.R.dist[where][region] == 1:
            weight = v.hunt_moves[i] * _nearest_quarry(v, npc)
        else:
            continue
        x = weight * (1.0 - v_ranged_win(v, -(npc + 1), 0))
        if x > worst:
            worst = x
    _rivals(v)
    for i in range(v.n_rivals):           # _rival_weights
        if dist(v, v.rival_region[i], region) + v.rival_inside[i] <= RIVAL_REACH:
            x = v.rival_weight[i] * v_fight_loss(v, v.rival_seat[i])
            if x > worst:
                worst = x
    v.has_threat[region], v.threat[region] = True, worst
    return worst
