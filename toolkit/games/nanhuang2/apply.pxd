# The types of apply.py when compiled (augmenting .pxd): every handler takes the State.
cimport cython
from toolkit.games.nanhuang2.cards cimport Spec
from toolkit.games.nanhuang2.state cimport Player, State
from toolkit.games.nanhuang2 cimport flow
from toolkit.games.nanhuang2.rules cimport (basic_price, defeat_cost, note_hostile,
                                            remove_from_field, strike_cost, to_exile,
                                            wild_price)
from toolkit.games.nanhuang2.wilds cimport lose_random, refill, take_from_wilds

cpdef bint is_over(State state)
cdef dict FAST
@cython.locals(size=Py_ssize_t, fast=Py_ssize_t)
cpdef object apply_action(State state, object action)
cpdef object current_player(State state)
cpdef Player _player(State state)
@cython.locals(p=Player, spec=Spec)
cpdef _defeat(State state, Py_ssize_t slot)
@cython.locals(p=Player)
cpdef _buy(State state, Py_ssize_t slot)
@cython.locals(p=Player)
cpdef _basic(State state, str cid)
@cython.locals(p=Player)
cpdef _labour(State state)
@cython.locals(p=Player)
cpdef _place(State state, Py_ssize_t uid, str zone)
@cython.locals(p=Player)
cpdef _recall(State state, Py_ssize_t uid)
@cython.locals(p=Player)
cpdef _shift(State state, Py_ssize_t uid)
@cython.locals(p=Player)
cpdef _strike(State state, Py_ssize_t target, Py_ssize_t uid)
@cython.locals(victim=Player)
cpdef _kill(State state, Py_ssize_t target, Py_ssize_t uid)
@cython.locals(p=Player, spec=Spec)
cpdef _play(State state, Py_ssize_t uid, Py_ssize_t seat, Py_ssize_t target)
cpdef _clear_path(State state, Py_ssize_t slot)
@cython.locals(p=Player)
cpdef _exile(State state, Py_ssize_t slot)
@cython.locals(p=Player)
cpdef _end(State state)
@cython.locals(p=Player)
cpdef _take_back(State state, Py_ssize_t uid)
cpdef _finish(State state)
