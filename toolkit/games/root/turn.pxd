# The types of turn.py when compiled (augmenting .pxd): the options every faction asks for.
cimport cython
from toolkit.games.root.state cimport State
from toolkit.games.root.data cimport Static, static_of
from toolkit.games.root cimport board
from toolkit.games.root cimport cards

@cython.locals(out=list, n=Py_ssize_t)
cpdef list move_options(State s, Static st, object fac, object kind, object sources=*)
@cython.locals(reached=list)
cpdef check_score(State s, Static st)
@cython.locals(out=list)
cpdef list common_options(State s, Static st, Py_ssize_t seat)
