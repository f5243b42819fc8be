# cython: language_level=3
"""The fight odds of a View (fight.py through view.py) and View.threat; cimported
again by agent_view.pxd, so `from ...agent_view cimport *` brings these too."""

from toolkit.games.caravans.core.agent_view cimport CView

cdef const int* v_fighter(CView* v, int ref) noexcept nogil   # combat, shield, agility,
                                          # defense, attack, leadership, mercenaries
cdef double v_ranged_win(CView* v, int ref, int extra) noexcept nogil
cdef double v_melee_win(CView* v, int ref, int extra) noexcept nogil
cdef double v_fight_win(CView* v, int ref) noexcept nogil
cdef double v_fight_loss(CView* v, int ref) noexcept nogil
cdef double v_threat(CView* v, int region) noexcept nogil
