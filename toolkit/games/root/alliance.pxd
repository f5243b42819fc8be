# The types of alliance.py when compiled (augmenting .pxd): the options of Birdsong.
cimport cython
from toolkit.games.root.state cimport State
from toolkit.games.root.data cimport Static
from toolkit.games.root cimport board
from toolkit.games.root cimport cards

cpdef bint sympathetic(State s, object c)
cpdef list _paying(State s, Static st, object suit)
cpdef object spread_cost(State s, Static st, object c, Py_ssize_t placed=*)
@cython.locals(out=list)
cpdef list revolt_options(State s, Static st)
@cython.locals(placed=Py_ssize_t, marked=list, out=list, near=bint)
cpdef list spread_options(State s, Static st)
