# cython: language_level=3
"""agents/turns.py in C: the scores of a seat's own turn (moving, exploring, the
tavern's activities, the armory, the stash, glory cards)."""

from toolkit.games.caravans.core.layout cimport CAction
from toolkit.games.caravans.core.agent_view cimport CView

# the score of action `a` for the view's seat into *out; 0 when `a` is not a turn kind
# (decisions are the decision scorers' agent_decisions.decision_score)
cdef bint turn_score(CView* v, const CAction* a, double* out) noexcept nogil
