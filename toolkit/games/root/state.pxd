# The types of state.py when compiled (Cython pure Python mode, augmenting .pxd): State is
# an extension type whose fields are C slots (public: every module reads them), and the
# copy's helpers are C functions over typed lists and dicts.
cimport cython


cdef class State:
    cdef public object static_key, seed, chance, keep_gone, turn, rounds, phase, step
    cdef public object battle, over, unseen, hidden_ruins
    cdef public list factions, vp, hands, crafted, tableau, dominance, deck, discard
    cdef public list available, pending, winner, history, log, forced
    cdef public dict known, supply, board, ruin_items, reserve, f, flags

    cpdef Py_ssize_t seat(self, object faction)
    cpdef object fac(self, Py_ssize_t seat)
    @cython.locals(c=State)
    cpdef State copy(self, bint keep_history=*)


@cython.locals(o=State, unseen=list, hands=list, i=Py_ssize_t, sup=list)
cpdef State observation(State s, Py_ssize_t seat)
@cython.locals(out=dict, z=dict, w=dict, b=list, t=list)
cdef dict _board(dict board)
@cython.locals(out=list, i=Py_ssize_t)
cdef list _list(list v)
@cython.locals(out=dict)
cdef dict _dict(dict v)
cdef tuple _tuple(tuple v)
