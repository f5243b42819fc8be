# cython: language_level=3
"""The armory's turn scores (see agent_turns_armory.pyx)."""

from toolkit.games.caravans.core.agent_view cimport CView

cdef double short_of(CView* v, double keep, int cost) noexcept nogil   # max(0.0, keep - (gold - cost))
cdef double form_party_score(CView* v, int kind) noexcept nogil
cdef double repair_score(CView* v, int n) noexcept nogil
cdef double restore_score(CView* v, int e) noexcept nogil
cdef double buy_equipment_score(CView* v) noexcept nogil
cdef double swap_equipment_score(CView* v, int e) noexcept nogil
cdef double buy_weapon_score(CView* v) noexcept nogil
cdef double sell_weapon_score(CView* v) noexcept nogil
