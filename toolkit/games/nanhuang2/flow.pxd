# The types of flow.py when compiled (augmenting .pxd).
cimport cython
from toolkit.games.nanhuang2.state cimport Player, State
from toolkit.games.nanhuang2.rules cimport field_strength, income, to_exile
from toolkit.games.nanhuang2.wilds cimport expire_event

cpdef begin_play(State state)
cpdef merge_boxes(State state)
@cython.locals(p=Player, q=Player, s=Py_ssize_t)
cpdef start_turn(State state, Py_ssize_t seat)
@cython.locals(p=Player)
cpdef end_turn(State state)
@cython.locals(seat=Py_ssize_t)
cpdef advance(State state)
@cython.locals(p=Player)
cpdef eliminate(State state, Py_ssize_t seat)
cpdef finish(State state, object winners)
