# cython: language_level=3
"""agents/value.py's fight-side values and decisions.py's card and party prices, in C
(the decision scorers), for one CView (agent_view.pxd): the same doubles, the same operations in the
same order as the Python agents."""

from toolkit.games.caravans.core.agent_view cimport CView

cdef double bounty_cost(CView* v, int race) noexcept nogil          # race NONE: 0
cdef double fight_value(CView* v, int ref, bint found) noexcept nogil
cdef double raid_value(CView* v, int race) noexcept nogil           # race NONE: no bounty race
cdef double delve_value(CView* v) noexcept nogil
cdef double explorer_value(CView* v) noexcept nogil
cdef double party_pref(CView* v, int kind) noexcept nogil
cdef double glory_card_value(CView* v, int card) noexcept nogil
cdef int raid_agility(CView* v) noexcept nogil                      # engine raid.raid_agility
