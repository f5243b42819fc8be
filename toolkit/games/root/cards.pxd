# The types of cards.py when compiled (augmenting .pxd).
from toolkit.games.root.state cimport State
from toolkit.games.root.data cimport Static

cpdef object suit_of(Static st, object card)
cpdef bint matches(Static st, object card, object suit)
cpdef bint has_effect(State s, Static st, Py_ssize_t seat, object effect)
