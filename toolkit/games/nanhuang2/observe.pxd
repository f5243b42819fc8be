# The types of observe.py when compiled (augmenting .pxd).
cimport cython
from toolkit.games.nanhuang2.state cimport Player, State

@cython.locals(obs=State, p=Player, s=Py_ssize_t)
cpdef State observation(State state, Py_ssize_t seat)
