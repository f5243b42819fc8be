# cython: language_level=3
"""CoreState: the compiled core's state with its content (see api.pyx)."""

from toolkit.games.caravans.core.layout cimport CState
from toolkit.games.caravans.core.content cimport Content

cdef class CoreState:
    cdef CState s
    cdef readonly Content content
    cdef public object seed, agents, log, history
