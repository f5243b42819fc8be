# The types of craft.py when compiled (augmenting .pxd): the crafting options.
cimport cython
from toolkit.games.root.state cimport State
from toolkit.games.root.data cimport Static
from toolkit.games.root cimport board
from toolkit.games.root cimport cards
from toolkit.games.root cimport vagabond_items as vi

@cython.locals(avail=dict)
cpdef dict pieces(State s, Static st, Py_ssize_t seat)
cpdef bint affordable(object cost, dict avail)
@cython.locals(out=list)
cpdef list options(State s, Static st, Py_ssize_t seat)
