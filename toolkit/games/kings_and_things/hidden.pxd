# The types of hidden.py when compiled (augmenting .pxd): the observation and the clone are
# C loops copying the state's plain lists and dicts.
cimport cython

cpdef object _shallow(object state)
@cython.locals(new=object)
cpdef object fast_clone(object state)
cpdef dict copy_sub(dict sub)
@cython.locals(out=dict)
cpdef object copy_battle(object b)
@cython.locals(units=dict, u=dict, seen=dict, sub=dict)
cpdef object observation(object state, Py_ssize_t seat)
