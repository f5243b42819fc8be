# The types of state.py when compiled (augmenting .pxd): State stays a Python dataclass (its
# fields are plain Python data); the board questions asked in every phase are C functions.
cimport cython

@cython.locals(out=dict, u=dict, seats=dict)
cpdef dict occupancy_of(dict units)
@cython.locals(there=Py_ssize_t, u=dict)
cpdef bint stack_limit_ok(object state, object data, Py_ssize_t hex_, Py_ssize_t seat,
                          Py_ssize_t adding=*, object occupancy=*)
