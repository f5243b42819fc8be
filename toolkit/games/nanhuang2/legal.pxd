# The types of legal.py when compiled (augmenting .pxd).
cimport cython
from toolkit.games.nanhuang2.cards cimport Spec, Table
from toolkit.games.nanhuang2.state cimport Player, State
from toolkit.games.nanhuang2.rules cimport (basic_price, card_power, defeat_cost, may_target,
                                            strike_cost, targets, wild_price)

@cython.locals(p=Player)
cpdef list legal_actions(State state)
@cython.locals(cards=list, ids=list, out=list)
cpdef list _distinct(State state, list uids, set moved)
cpdef list _pending(State state)
@cython.locals(seat=Py_ssize_t, p=Player, t=Table, i=Py_ssize_t, target=Py_ssize_t, kind=str,
               cid=str, z=str, other=str, out=list, seen=set, pile=list)
cpdef list _main(State state)
@cython.locals(cap=Py_ssize_t)
cpdef bint _room(State state, Player p, str zone)
@cython.locals(spec=Spec, s=Py_ssize_t, i=Py_ssize_t, target=Py_ssize_t)
cpdef list _plays(State state, Py_ssize_t seat, Py_ssize_t uid)
cpdef list _offers(State state, Py_ssize_t seat)
@cython.locals(p=Player)
cpdef list _deal(State state)
