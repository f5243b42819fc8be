# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/setup.py sha256:31ab8198bbfe096a
"""setup.py in C (see setup.pxd). A new hero's start is the fight side's (fight_death)."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps
from toolkit.games.caravans.core.fight_base cimport pending_has
from toolkit.games.caravans.core.fight_cards cimport draw_glory_card
from toolkit.games.caravans.core.fight_death cimport start_hero
from toolkit.games.caravans.core.flow cimport end_turn, start_round


cdef int choose_starting_party(CState* s, const CRules* R, const COps* o, int seat, int party) noexcept nogil:
    """Resolve a CHOOSE_PARTY decision at setup or after a death."""
    s.n_pending -= 1
    cdef bint ends_turn = s.pending[s.n_pending].end_turn
    cdef CPlayer* p = &s.players[seat]
    if s.phase == PH_SETUP:
        p.start_party = party
        start_hero(s, R, o, seat, party, False)
        if not pending_has(s, D_CHOOSE_PARTY):
            return _finish_setup(s, R, o)
        return 0
    start_hero(s, R, o, seat, party, True)
    if ends_turn and s.phase == PH_PLAY:
        return end_turn(s, R, o)
    return 0


cdef int _finish_setup(CState* s, const CRules* R, const COps* o) noexcept nogil:
    cdef int i, k, seat
    for i in range(s.n_players):
        seat = s.order[i]
        s.players[seat].gold = R.starting_gold
        for k in range(R.starting_glory_cards):
            draw_glory_card(s, R, seat)
    s.phase = PH_PLAY
    return start_round(s, R, o)
