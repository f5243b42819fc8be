# The types of batch.py when compiled (augmenting .pxd): the loop of whole games in C.
cimport cython
from toolkit.games.nanhuang2.agents cimport Warlord
from toolkit.games.nanhuang2.state cimport State
from toolkit.games.nanhuang2.apply cimport apply_action, current_player
from toolkit.games.nanhuang2.legal cimport legal_actions
from toolkit.games.nanhuang2.observe cimport view

@cython.locals(count=Py_ssize_t, seat=Py_ssize_t, way=Py_ssize_t, warlord=Warlord,
               legal=list, action=tuple)
cpdef object _play(State state, list agents, list ways, Py_ssize_t limit)
cpdef bint _is_legal(object action, list legal)
