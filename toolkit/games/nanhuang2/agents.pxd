# The types of agents.py when compiled (augmenting .pxd): the warlord is an extension type
# whose choose and score are C methods reading the typed State of an observation.
cimport cython
from toolkit.games.nanhuang2.cards cimport Spec, Table
from toolkit.games.nanhuang2.state cimport Player, State
from toolkit.games.nanhuang2.rules cimport basic_price, may_target, wild_price

cdef Py_ssize_t OTHER, ACCEPT, TAKE_BACK, RECALL, SHIFT, OFFER, DECLINE, WIPE, PLAGUE, FINISH
cdef Py_ssize_t END, PLACE, BUY, DEFEAT, STRIKE, PLAY, BASIC, LABOUR, EXILE
cdef dict KIND_CODES

@cython.locals(i=Py_ssize_t)
cpdef bint _gives(tuple action, list values)

@cython.final
cdef class Warlord:
    cdef public Py_ssize_t seat
    cdef public object rng, _deal, _plan_for, _plan
    cdef public dict _weakest
    cdef public bint plain, fight

    @cython.locals(score=double, code=Py_ssize_t, noise=double, best_score=double,
                   scored=bint, codes=list, i=Py_ssize_t, action=tuple, s=State)
    cpdef tuple choose(self, object obs, object legal)
    cpdef double score(self, State s, tuple a)
    @cython.locals(p=Player, spec=Spec, fighter=bint)
    cpdef double score_kind(self, State s, tuple a, Py_ssize_t kind)
    @cython.locals(p=Player, cap=Py_ssize_t, spec=Spec)
    cpdef object weakest(self, State s, str zone)
    @cython.locals(p=Player)
    cpdef bint spare_economy(self, State s, tuple a)
    @cython.locals(p=Player, spec=Spec)
    cpdef double score_recall(self, State s, tuple a)
    @cython.locals(p=Player)
    cpdef double score_take_back(self, State s, tuple a)
    @cython.locals(p=Player, i=Py_ssize_t)
    cpdef object trade_plan(self, State s)
    cpdef double score_offer(self, State s, tuple a)
