# The types of agent_threats.py when compiled (augmenting .pxd).
cimport cython
from toolkit.games.root.state cimport State
from toolkit.games.root.data cimport Static
from toolkit.games.root cimport board

@cython.locals(n=Py_ssize_t, bases=Py_ssize_t, roosts=Py_ssize_t, allied=Py_ssize_t)
cpdef object engine(State s, Static st, object fac)
@cython.locals(seat=Py_ssize_t)
cpdef object pressure(State s, Static st, object fac)
@cython.locals(p=dict)
cpdef dict weights(State s, Static st, object me)
cpdef object path_pieces(State s, object c, object fac)
@cython.locals(seat=Py_ssize_t)
cpdef bint dominance_spot(State s, Static st, object fac, object c)
