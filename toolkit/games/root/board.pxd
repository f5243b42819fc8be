# The types of board.py when compiled (Cython pure Python mode, augmenting .pxd): the map's
# lookups are C functions over typed dicts and [faction, piece] lists.
cimport cython
from toolkit.games.root.state cimport State
from toolkit.games.root.data cimport Static

cpdef object warriors(State s, object c, object fac)
@cython.locals(out=list, pair=tuple)
cpdef list buildings(State s, object c, object fac=*, object kind=*)
@cython.locals(out=list, pair=tuple)
cpdef list tokens(State s, object c, object fac=*, object kind=*)
@cython.locals(n=Py_ssize_t, z=dict, pair=tuple)
cpdef Py_ssize_t on_map(State s, str piece)
@cython.locals(n=Py_ssize_t, z=dict, pair=tuple)
cpdef Py_ssize_t on_map_of(State s, tuple pieces)
@cython.locals(out=list, z=dict, pair=tuple)
cpdef list where(State s, str piece)
@cython.locals(z=dict, counts=dict, best=Py_ssize_t, n=Py_ssize_t, tied=bint, pair=tuple)
cpdef object ruler(State s, object c)
cpdef bint rules(State s, object c, object fac)
cpdef set ruled(State s, Static st, object fac)
cpdef object free_slots(Static st, State s, object c)
@cython.locals(found=list)
cpdef object keep_clearing(State s)
cpdef bint can_place(State s, object c, object fac, object keep=*)
cpdef bint can_move(State s, object fac, object src, object dst, Static st, object ruled_by=*)
