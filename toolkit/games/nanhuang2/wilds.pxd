# The types of wilds.py when compiled (augmenting .pxd).
cimport cython
from toolkit.games.nanhuang2.cards cimport Spec
from toolkit.games.nanhuang2.state cimport Player, State
from toolkit.games.nanhuang2.rules cimport protection_on, protected, to_exile

cpdef object take_from_wilds(State state, Py_ssize_t slot)
@cython.locals(spec=Spec, drawer=Py_ssize_t)
cpdef refill(State state, Py_ssize_t slot)
cpdef start_event(State state, Py_ssize_t uid, Py_ssize_t drawer)
@cython.locals(hand=list)
cpdef lose_random(State state, Py_ssize_t seat, object count)
cpdef expire_event(State state, Py_ssize_t seat)
