# The types of vagabond_items.py when compiled (augmenting .pxd).
cimport cython
from toolkit.games.root.state cimport State

cpdef list items(State s)
@cython.locals(n=Py_ssize_t, entry=list)
cpdef Py_ssize_t ready(State s, object item)
@cython.locals(n=Py_ssize_t, entry=list)
cpdef Py_ssize_t undamaged(State s, object item)
