# The types of movement.py when compiled (augmenting .pxd): Moves is an extension type whose
# per-hex facts are C-typed loops over Python lists.
cimport cython
from toolkit.games.kings_and_things.state cimport stack_limit_ok

cpdef bint flies(object state, object data, object token)

cdef class Moves:
    cdef public object state, data, flyers, board
    cdef public dict occ, seats, memo
    cdef public list land, cost
    cdef public tuple nb
    cdef public Py_ssize_t points

    @cython.locals(unit=dict, flying=bint, got=list)
    cpdef list reach(self, object token)
    @cython.locals(occ=dict, out=dict, u=dict, seats=dict)
    cpdef _survey(self)
    @cython.locals(out=dict, u=dict)
    cpdef object _flyers_at(self, Py_ssize_t hex_)
    @cython.locals(theirs=Py_ssize_t, mine=Py_ssize_t)
    cpdef bint _flyers_held(self, Py_ssize_t hex_, Py_ssize_t seat)
    @cython.locals(facts=tuple, occ=dict, land=list, owners=list, foot=list, fly=list,
                   hex_=Py_ssize_t, enemy_units=bint)
    cpdef tuple _facts(self, Py_ssize_t seat)
    @cython.locals(foot=tuple, fly=tuple, ends=list, stops=tuple, key=tuple, reached=tuple,
                   out=list, land=list, occ=dict, hex_=Py_ssize_t)
    cpdef list _reach(self, Py_ssize_t start, bint flying, Py_ssize_t seat)
    @cython.locals(land=list, cost=list, nb=tuple, points=Py_ssize_t, best=list, queue=list,
                   spent=Py_ssize_t, hex_=Py_ssize_t, nxt=Py_ssize_t, step=Py_ssize_t)
    cpdef tuple _reached(self, Py_ssize_t start, bint flying, tuple stops)

cpdef bint _two_sides(object state, Py_ssize_t hex_, Py_ssize_t seat, dict occ)
@cython.locals(unit=dict)
cpdef bint pinned(object state, object token, object occ=*)
