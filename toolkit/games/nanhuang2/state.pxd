# The types of state.py when compiled (Cython pure Python mode, augmenting .pxd): Player and
# State become extension types, their fields C slots (public: every Python module reads them).

cimport cython
from toolkit.games.nanhuang2.cards cimport Spec, Table

cpdef object copy_stream(object rng)


@cython.final
cdef class Player:
    cdef public list hand, front, back, facilities, incoming, picks
    cdef public object power, economy, empty_starts, turns, out_round
    cdef public bint alive, exile_chance
    cdef public set moved, shifted, secret
    cdef public dict stats
    cdef public tuple start

    cpdef list field(self)
    @cython.locals(size=Py_ssize_t)
    cpdef list zone(self, str name)
    @cython.locals(p=Player)
    cpdef Player copy(self)
    @cython.locals(p=Player)
    cpdef Player shallow(self)


@cython.final
cdef class State:
    cdef public Table t
    cdef public object seed, _rng, event, pending
    cdef public list seats, cards, uspecs, deck, wilds, exile, tokens, dealt, box, players, log, winners
    cdef public Py_ssize_t n
    cdef public object event_owner, event_turn, current, round, offers
    cdef public dict supply, snapshot
    cdef public str phase
    cdef public set broken, wiped

    @cython.locals(s=State, p=Player)
    cpdef State clone(self, bint log=*, bint rng=*)
    @cython.locals(s=State)
    cpdef State shallow(self)
    cpdef Spec spec(self, Py_ssize_t uid)
    @cython.locals(s=Py_ssize_t, p=Player, out=list)
    cpdef list alive(self)
