# The types of batch.py when compiled (augmenting .pxd): the loop of whole games in C.
cimport cython
from toolkit.games.root.state cimport State

@cython.locals(count=Py_ssize_t, seat=Py_ssize_t, way=Py_ssize_t, legal=list)
cpdef object _play(State state, list agents, list ways, Py_ssize_t limit)
