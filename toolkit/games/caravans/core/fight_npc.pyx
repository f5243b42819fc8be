# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/npc.py sha256:5bb309fe588bae72
"""NPC parties (engine/npc.py): entering play, moving toward their quarry, whom they
attack, and their fixed combat choice."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps
from toolkit.games.caravans.core.fight_base cimport *
from toolkit.games.caravans.core.fight_hits cimport is_brigand
from toolkit.games.caravans.core.ops_fire cimport new_party

cdef enum:
    FAR = 1000000


cdef void npc_enter(CState* s, const CRules* R, const COps* o, int npc, int region) noexcept nogil:
    """Bring an NPC into play (fresh party, its gold) unless it is on the board."""
    cdef CNpc* n = &s.npcs[npc]
    if n.region != NONE:
        return
    n.region = region if region != NONE else R.npc_start[npc]
    new_party(s, R, o, &n.party, R.npc_party[npc], NONE)
    n.has_party = True
    n.gold = R.npc_gold[npc]


cdef void npc_leave(CState* s, int npc) noexcept nogil:
    s.npcs[npc].region = NONE
    s.npcs[npc].has_party = False
    s.npcs[npc].gold = 0


cdef bint hunts(const CState* s, const CRules* R, int npc, int seat) noexcept nogil:
    """Whether this NPC treats the player as its quarry."""
    cdef const CPlayer* p = &s.players[seat]
    if p.hero == NONE or p.region == NONE:
        return False
    if R.npc_patrol[npc]:
        return is_brigand(p, R)
    return not is_brigand(p, R)


cdef inline int _dist(const CRules* R, int a, int b) noexcept nogil:
    cdef int d = R.dist[a][b]
    return FAR if d == NONE else d


cdef int step_toward(const CRules* R, int here, int goal) noexcept nogil:
    """Rules.step_toward: the first neighbour on a shortest path (board order)."""
    cdef int best, i, nxt
    if here == goal:
        return here
    best = _dist(R, here, goal)
    for i in range(R.n_adj[here]):
        nxt = R.adj[here][i]
        if _dist(R, nxt, goal) < best:
            return nxt
    return here


cdef void npc_move(CState* s, const CRules* R, int npc, int toward) noexcept nogil:
    """Move one region toward `toward` (a region; NONE: the nearest quarry)."""
    cdef CNpc* n = &s.npcs[npc]
    cdef int seats[MAX_PLAYERS]
    cdef int k = 0, own = 0, i, seat, d, best = -1, best_d = 0, goal, race
    if n.region == NONE:
        return
    goal = toward
    if toward == NONE:
        for i in range(s.n_players):
            seat = s.order[i]
            if hunts(s, R, npc, seat):
                seats[k] = seat
                k += 1
        if R.npc_patrol[npc]:
            race = R.npc_race[npc]
            if race != NONE:
                for i in range(k):
                    if s.players[seats[i]].bounty[race] > 0:
                        seats[own] = seats[i]
                        own += 1
                if own:
                    k = own
        if k == 0:
            return
        for i in range(k):      # min of (distance, position, seat): the first nearest
            d = _dist(R, n.region, s.players[seats[i]].region)
            if best < 0 or d < best_d:
                best, best_d = i, d
        goal = s.players[seats[best]].region
    n.region = step_toward(R, n.region, goal)


cdef int attackers(const CState* s, const CRules* R, int seat, int* out) noexcept nogil:
    """NPCs that attack this player now: in its region, the player outside the tavern."""
    cdef const CPlayer* p = &s.players[seat]
    cdef int i, n = 0
    if p.in_tavern or p.region == NONE or p.hero == NONE:
        return 0
    for i in range(R.n_npcs):
        if s.npcs[i].region == p.region and hunts(s, R, i, seat):
            out[n] = i
            n += 1
    return n


cdef int npc_choice(const CState* s, int side) noexcept nogil:
    """The NPC's combat mode: ranged in round 1 or with no shield; melee with more
    mercenaries; flee at one defense point; ranged otherwise."""
    cdef const CCombat* cb = &s.combat
    cdef const CParty* mine = &s.npcs[-cb.sides[side] - 1].party
    cdef int other = cb.sides[1 - side]
    cdef const CParty* theirs
    if other >= 0:
        theirs = &s.players[other].party
    else:
        theirs = &s.npcs[-other - 1].party
    if cb.round == 1 or mine.cur[S_SHIELD] <= 0:
        return MODE_RANGED
    if mine.cur[S_MERCENARIES] > theirs.cur[S_MERCENARIES]:
        return MODE_MELEE
    if mine.cur[S_DEFENSE] <= 1:
        return MODE_FLEE
    return MODE_RANGED
