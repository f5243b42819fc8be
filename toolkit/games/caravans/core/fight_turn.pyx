# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/turn.py sha256:8e55a67997ff4288
"""Explore and missions (engine/turn.py): EXPLORE targets and the perception check, the
found player, NPC, explorer or rumor; COMPLETE_MISSION with its check or delivery."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps
from toolkit.games.caravans.core.fight_base cimport *
from toolkit.games.caravans.core.ops_fire cimport use_card
from toolkit.games.caravans.core.fight_cards cimport complete_mission, gain_glory, gain_gold
from toolkit.games.caravans.core.fight_checks cimport check, set_continuation
from toolkit.games.caravans.core.fight_combat cimport start


cdef bint _explored(const CPlayer* p, int kind, int target) noexcept nogil:
    cdef int i
    for i in range(p.n_explored):
        if p.explored_kind[i] == kind and p.explored_target[i] == target:
            return True
    return False


cdef int _add(const CPlayer* p, CAction* out, int n, int kind, int target) noexcept nogil:
    if n >= MAX_ACTIONS or _explored(p, kind, target):
        return n
    out[n].kind, out[n].a, out[n].b, out[n].c = AK_EXPLORE, kind, target, NONE
    return n + 1


cdef int explore_targets(const CState* s, const CRules* R, int seat, CAction* out) noexcept nogil:
    """EXPLORE actions: players, NPCs, the explorer and rumors here not explored yet."""
    cdef const CPlayer* p = &s.players[seat]
    cdef const CPlayer* other
    cdef int here = p.region, n = 0, i, k, rumor, token
    cdef bint dup
    for i in range(s.n_players):
        other = &s.players[i]
        if i != seat and other.hero != NONE and other.region == here and not other.in_tavern:
            n = _add(p, out, n, T_PLAYER, i)
    for i in range(R.n_npcs):
        if s.npcs[i].region == here:
            n = _add(p, out, n, T_NPC, i)
    token = s.explorers[here] if here != NONE else NONE
    if token >= 0:
        n = _add(p, out, n, T_EXPLORER, token)
    for i in range(p.n_rumors):
        rumor = p.rumors[i]
        if R.rumor_region[rumor] != here:
            continue
        dup = False
        for k in range(i):      # a rumor held twice is one target
            if p.rumors[k] == rumor:
                dup = True
        if not dup:
            n = _add(p, out, n, T_RUMOR, rumor)
    return n


cdef void explore(CState* s, const CRules* R, const COps* o, int seat, int kind, int target) noexcept nogil:
    cdef CPlayer* p = &s.players[seat]
    p.actions -= 1
    if p.n_explored < MAX_EXPLORED:
        p.explored_kind[p.n_explored] = kind
        p.explored_target[p.n_explored] = target
        p.n_explored += 1
    check(s, R, o, seat, H_PERCEPTION, THEN_EXPLORE, True, kind, target, 1, -1)


cdef void _after_explore(CState* s, const CRules* R, const COps* o, int seat, bint ok,
                         int kind, int target) noexcept nogil:
    cdef CDecision* d
    cdef CPlayer* p = &s.players[seat]
    if not ok:
        return
    if kind == T_PLAYER or kind == T_NPC:
        d = push_pending(s, D_FOUND, seat)
        d.target = target if kind == T_PLAYER else npc_ref(target)
    elif kind == T_EXPLORER:
        d = push_pending(s, D_EXPLORER, seat)
        d.target = target
    else:                       # a rumor investigated
        list_remove(p.rumors, &p.n_rumors, target)
        list_append(s.rumor_discard, &s.n_rumor_discard, target)
        use_card(p, R.sym_rumor[target])
        if R.rumor_truth[target]:
            gain_gold(s, seat, R.rumor_gold[target])
            gain_glory(s, R, o, seat, GS_RUMOR)


cdef void engage(CState* s, const CRules* R, const COps* o, int seat, bint fight) noexcept nogil:
    """ATTACK the player or NPC found, or LET_GO of it (of an explorer too)."""
    cdef int target = s.pending[s.n_pending - 1].target
    s.n_pending -= 1
    if fight:
        start(s, R, o, seat, target, NULL, 0)


cdef bint can_complete(const CState* s, const CRules* R, int seat, int mission) noexcept nogil:
    cdef const CPlayer* p = &s.players[seat]
    cdef int good = R.mission_deliver_good[mission], held = 0, i
    if R.mission_target[mission] != p.region or (
            R.mission_check_stat[mission] == NONE and good == NONE):
        return False
    if good != NONE:
        for i in range(p.n_goods):
            held += R.card_good[p.goods[i]] == good
        return held >= R.mission_deliver_count[mission]
    return True


cdef void attempt_mission(CState* s, const CRules* R, const COps* o, int seat, int mission) noexcept nogil:
    s.players[seat].actions -= 1
    if R.mission_check_stat[mission] == NONE:
        _after_complete(s, R, o, seat, True, mission, 0)
    else:
        check(s, R, o, seat, R.mission_check_stat[mission], THEN_COMPLETE, True, mission, 0,
              R.mission_check_need[mission], -1)


cdef void _after_complete(CState* s, const CRules* R, const COps* o, int seat, bint ok,
                          int mission, int unused) noexcept nogil:
    cdef CPlayer* p = &s.players[seat]
    cdef int good = R.mission_deliver_good[mission], k, i
    if not ok:
        return
    if good != NONE:
        for k in range(R.mission_deliver_count[mission]):
            for i in range(p.n_goods):
                if R.card_good[p.goods[i]] == good:
                    list_append(s.goods_discard, &s.n_goods_discard,
                                list_pop_at(p.goods, &p.n_goods, i))
                    break
    complete_mission(s, R, o, seat, mission)


cdef void init_continuations() noexcept nogil:
    set_continuation(THEN_EXPLORE, _after_explore)
    set_continuation(THEN_COMPLETE, _after_complete)


init_continuations()
