# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/apply.py sha256:9ab9c669effafa2e
"""apply: carry out an action for the current player (engine/apply.py): the turn side's
kinds here, the fight side's through the fight side's fight_apply; then the cargo limit and stale
hand-limit discards, as the engine does after every action. NOT_PORTED: the action (or a
rule it reached) is not in C yet; the state is then left part-way and must be dropped."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps
from toolkit.games.caravans.core.fight_rules cimport fight_apply
from toolkit.games.caravans.core.setup cimport choose_starting_party
from toolkit.games.caravans.core.flow cimport end_turn, amnesty_choice
from toolkit.games.caravans.core cimport turn, tavern, armory


cdef int current_player(const CState* s) noexcept nogil:
    if s.phase == PH_OVER:
        return -1
    if s.n_pending:
        return s.pending[s.n_pending - 1].player
    return s.order[s.turn_pos]


cdef int apply(CState* s, const CRules* R, const COps* o, const CAction* a) noexcept nogil:
    cdef int seat = current_player(s)
    if seat < 0:
        return NOT_PORTED
    cdef int done = _dispatch(s, R, o, seat, a)
    if done == NOT_PORTED:
        return NOT_PORTED
    turn.enforce_cargo(s, R, o)
    _drop_stale_discards(s, R)
    return 0


cdef int _dispatch(CState* s, const CRules* R, const COps* o, int seat, const CAction* a) noexcept nogil:
    cdef int k = a.kind
    if k == AK_CHOOSE_PARTY:
        return choose_starting_party(s, R, o, seat, a.a)
    if k == AK_DISCARD_GLORY:
        turn.discard_glory(s, R, o, seat, a.a)
    elif k == AK_AMNESTY:
        return amnesty_choice(s, R, o, seat, a.a)
    elif k == AK_MOVE:
        return turn.move(s, R, o, seat, a.a)
    elif k == AK_ENTER_TAVERN:
        turn.enter_tavern(s, seat)
    elif k == AK_LEAVE_TAVERN:
        return turn.leave_tavern(s, R, o, seat)
    elif k == AK_TAVERN:
        turn.open_visit(s, seat)
    elif k == AK_SELL:
        tavern.sell(s, R, o, seat, a.a)
    elif k == AK_BUY_GOODS:
        tavern.buy_goods(s, R, o, seat)
    elif k == AK_BUY:
        tavern.buy(s, R, o, seat, a.a)
    elif k == AK_FORM_PARTY:
        armory.form_party(s, R, o, seat, a.a)
    elif k == AK_REPAIR:
        armory.repair(s, R, o, seat, a.a)
    elif k == AK_RESTORE:
        armory.restore(s, R, o, seat, a.a)
    elif k == AK_BUY_EQUIPMENT:
        armory.buy_equipment(s, R, o, seat)
    elif k == AK_SWAP_EQUIPMENT:
        armory.swap_equipment(s, R, o, seat, a.a)
    elif k == AK_BUY_WEAPON:
        armory.buy_weapon(s, R, o, seat, a.a)
    elif k == AK_SELL_WEAPON:
        armory.sell_weapon(s, R, o, seat, a.a)
    elif k == AK_RECRUIT:
        return tavern.recruit(s, R, o, seat, a.a)
    elif k == AK_HEAR_RUMOR:
        return tavern.hear_rumor(s, R, o, seat)
    elif k == AK_TAKE_MISSION:
        return tavern.take_mission(s, R, o, seat, a.a)
    elif k == AK_STASH:
        tavern.stash(s, R, o, seat, a.a)
    elif k == AK_END_VISIT:
        tavern.close_visit(s, R, o)
    elif k == AK_PLAY_GLORY:
        turn.play_glory(s, R, o, seat, a.a, a.b)
    elif k == AK_DISCARD_GOODS:
        turn.discard_goods(s, R, seat, a.a)
    elif k == AK_END_TURN:
        return end_turn(s, R, o)
    else:
        return fight_apply(s, R, o, a)
    return 0


cdef void _drop_stale_discards(CState* s, const CRules* R) noexcept nogil:
    """A hand-limit discard owed earlier lapses if tricks played since brought it back."""
    cdef int seat, owed, i
    cdef CPlayer* p
    while s.n_pending and s.pending[s.n_pending - 1].kind == D_DISCARD_GLORY:
        seat = s.pending[s.n_pending - 1].player
        p = &s.players[seat]
        owed = 0
        for i in range(s.n_pending):
            if s.pending[i].kind == D_DISCARD_GLORY and s.pending[i].player == seat:
                owed += 1
        if p.n_hand + p.n_followers - R.glory_hand_limit >= owed:
            return
        s.n_pending -= 1
