# The types of eyrie.py when compiled (augmenting .pxd): resolving the Decree's options.
cimport cython
from toolkit.games.root.state cimport State
from toolkit.games.root.data cimport Static
from toolkit.games.root cimport board
from toolkit.games.root cimport battle
from toolkit.games.root cimport turn

cpdef bint _fits(Static st, object c, object suit)
@cython.locals(todo=list, out=list, seen=set)
cpdef list resolve_options(State s, Static st, Py_ssize_t seat)
cpdef list _card_options(State s, Static st, Py_ssize_t seat, object col, object suit)
