# The types of rules.py when compiled (augmenting .pxd).
cimport cython
from toolkit.games.nanhuang2.cards cimport Spec, Table
from toolkit.games.nanhuang2.state cimport Player, State

cpdef tuple event_action(State state)
cpdef object card_power(State state, Py_ssize_t uid)
@cython.locals(u=Py_ssize_t)
cpdef object field_strength(State state, Py_ssize_t seat)
@cython.locals(p=Player, s=Spec, o=Spec)
cpdef tuple income(State state, Py_ssize_t seat)
cpdef object wild_price(State state, Py_ssize_t uid)
cpdef object basic_price(State state, str cid)
@cython.locals(spec=Spec)
cpdef object defeat_cost(State state, Py_ssize_t uid)
cpdef object strike_cost(State state, Py_ssize_t uid)
cpdef bint protection_on(State state)
cpdef bint protected(State state, Py_ssize_t attacker, Py_ssize_t target)
cpdef note_hostile(State state, Py_ssize_t attacker, Py_ssize_t target)
cpdef bint may_target(State state, Py_ssize_t attacker, Py_ssize_t target, bint field)
@cython.locals(p=Player)
cpdef list open_zones(State state, Py_ssize_t target)
cpdef bint _guarded(Player p, tuple guards)
@cython.locals(seat=Py_ssize_t, uid=Py_ssize_t)
cpdef list targets(State state, Py_ssize_t attacker, bint guarded=*)
cpdef to_exile(State state, Py_ssize_t uid)
@cython.locals(p=Player, zone=list)
cpdef remove_from_field(State state, Py_ssize_t seat, Py_ssize_t uid)
