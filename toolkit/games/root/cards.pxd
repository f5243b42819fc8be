# The types of cards.py when compiled (augmenting .pxd).
from toolkit.games.root.state cimport State

cpdef object suit_of(object st, object card)
cpdef bint matches(object st, object card, object suit)
cpdef bint has_effect(State s, object st, Py_ssize_t seat, object effect)
