# The types of agents.py when compiled (augmenting .pxd): the scoring of one action is C
# code calling the map's lookups (board) directly.
cimport cython
from toolkit.games.root.state cimport State
from toolkit.games.root.data cimport Static, static_of
from toolkit.games.root cimport board
from toolkit.games.root cimport agent_threats as threats
from toolkit.games.root cimport vagabond_items as vi

@cython.locals(n=Py_ssize_t)
cpdef object _enemies(State s, object c, object fac)
cpdef object _battle(State s, Static st, object fac, object c, object dfn, dict memo=*)
@cython.locals(guards=bint)
cpdef object _move(State s, Static st, object fac, object src, object dst, object k, dict memo=*)
cpdef object _weights(State s, Static st, object fac, dict memo)
@cython.locals(kind=object, st=Static)
cpdef object score(State s, Py_ssize_t seat, object a, dict memo=*)
@cython.locals(due=list, fits=bint)
cpdef object _site(State s, Static st, object fac, object dst, object k, dict memo=*)
cpdef object _extra(State s, Static st, object fac, object a, dict memo=*)
cpdef list _suited(Static st, object x)
cpdef object _decree(State s, Static st, object col, object card, dict memo=*)
@cython.locals(suits=list)
cpdef object _decree_suit(State s, Static st, object col, object suit, dict memo)
