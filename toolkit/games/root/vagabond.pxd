# The types of vagabond.py when compiled (augmenting .pxd): the Vagabond's options.
cimport cython
from toolkit.games.root.state cimport State
from toolkit.games.root.data cimport Static
from toolkit.games.root cimport board
from toolkit.games.root cimport battle
from toolkit.games.root cimport cards
from toolkit.games.root cimport craft
from toolkit.games.root cimport vagabond_items as vi

cpdef object move_cost(State s, Static st, object dst)
@cython.locals(out=list, v=dict, ok=bint)
cpdef list options(State s, Static st, Py_ssize_t seat)
