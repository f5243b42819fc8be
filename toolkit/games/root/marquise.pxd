# The types of marquise.py when compiled (augmenting .pxd).
cimport cython
from toolkit.games.root.state cimport State
from toolkit.games.root.data cimport Static
from toolkit.games.root cimport board

@cython.locals(seen=list, todo=list)
cpdef list _component(State s, Static st, object c, object ruled=*)
@cython.locals(out=list, ruled=list, wood=dict, n=Py_ssize_t)
cpdef list build_options(State s, Static st)
