# cython: language_level=3
from toolkit.games.caravans.core.layout cimport CState, CVisit
from toolkit.games.caravans.core.content cimport Content

cdef int put_ints(int* dest, int* n, object values, int most, str what) except -1
cdef list get_ints(const int* src, int n)
cdef int decks_from(CState* s, state, Content c) except -1
cdef int board_from(CState* s, state, Content c) except -1
cdef int visit_from(CVisit* v, visit, Content c) except -1
cdef int decks_to(state, const CState* s, Content c) except -1
cdef int board_to(state, const CState* s, Content c) except -1
cdef object visit_to(const CVisit* v, Content c)
