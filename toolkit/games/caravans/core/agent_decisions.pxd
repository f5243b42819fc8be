# cython: language_level=3
"""agents/decisions.py's scorers in C: the decisions a heuristic player takes
outside its own actions (starting party, combat choices, capture, raids and delves,
rerolls and discards, the seed's open choices) and the zero scorers."""

from toolkit.games.caravans.core.layout cimport CAction
from toolkit.games.caravans.core.agent_view cimport CView

# the score of action `a` into out[0]; False when the kind is not one of decisions.py's
cdef bint decision_score(CView* v, const CAction* a, double* out) noexcept nogil
cdef double hero_fit(CView* v, int hero) noexcept nogil
