# cython: language_level=3
from toolkit.games.caravans.core.layout cimport CAction
from toolkit.games.caravans.core.content cimport Content

cdef int target_from(int kind, object target, Content c) except? -9999
cdef object target_to(int kind, int target, Content c)
cdef int action_from_py(CAction* out, object action, Content c) except -1
cdef object action_to_py(const CAction* a, Content c)
