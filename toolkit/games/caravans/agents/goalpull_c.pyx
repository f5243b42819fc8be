# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/agents/goalpull.py sha256:b3185ff50c285f45
"""Compiled `goalpull.py`: the same `Goals` over C arrays, returning the same floats
(doubles, the same operations in the same order; see goalpull.py for the meaning)."""

from libc.stdlib cimport malloc, free

cdef enum:
    ANY = 0
    TAVERN = 1


cdef class Goals:
    cdef int count, nfades
    cdef int *regions
    cdef int *wheres
    cdef double *values
    cdef double *fades
    cdef tuple args  # what it was made of, for pickling and copying

    def __cinit__(self, regions, wheres, values, fades):
        self.args = (list(regions), list(wheres), list(values), list(fades))
        self.count, self.nfades = len(regions), len(fades)
        if len(wheres) != self.count or len(values) != self.count:
            raise ValueError("regions, wheres and values differ in length")
        self.regions = <int *>malloc(max(1, self.count) * sizeof(int))
        self.wheres = <int *>malloc(max(1, self.count) * sizeof(int))
        self.values = <double *>malloc(max(1, self.count) * sizeof(double))
        self.fades = <double *>malloc(max(1, self.nfades) * sizeof(double))
        if not (self.regions and self.wheres and self.values and self.fades):
            raise MemoryError()
        cdef int i
        for i in range(self.count):
            self.regions[i], self.wheres[i], self.values[i] = regions[i], wheres[i], values[i]
        for i in range(self.nfades):
            self.fades[i] = fades[i]

    def __reduce__(self):
        return Goals, self.args

    def __dealloc__(self):
        free(self.regions)
        free(self.wheres)
        free(self.values)
        free(self.fades)

    def best(self, dist, int n, int region, bint inside, int skip=-1):
        """See goalpull.Goals.best; `dist` is a tuple of ints (tables.Board.dist)."""
        cdef double best = 0.0, value
        cdef int i, goal, where, steps
        for i in range(self.count):
            value = self.values[i]
            if value <= best:
                break
            goal, where = self.regions[i], self.wheres[i]
            if goal == skip and where == TAVERN:
                continue
            if region == goal:
                steps = 0 if where == ANY or (where == TAVERN) == inside else 1
            else:
                steps = <int>dist[region * n + goal] + inside + (where == TAVERN)
            if steps < self.nfades:
                value *= self.fades[steps]
            else:
                value *= 0.0
            if value > best:
                best = value
        return best
