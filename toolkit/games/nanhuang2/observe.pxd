# The types of observe.py when compiled (augmenting .pxd).
cimport cython
from toolkit.games.nanhuang2.state cimport Player, State

@cython.locals(obs=State)
cpdef State observation(State state, Py_ssize_t seat)
@cython.locals(obs=State, size=Py_ssize_t)
cpdef State view(State state, Py_ssize_t seat)
@cython.locals(p=Player, s=Py_ssize_t)
cpdef State _hide(State state, State obs, Py_ssize_t seat)
