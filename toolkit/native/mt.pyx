# cython: language_level=3, boundscheck=False, wraparound=False
"""CPython's `random.Random` Mersenne Twister in C (see mt.pxd), and `Random`, a Python
class over it drawing exactly what `random.Random` draws: for tests, benches and code that
hands a stream between Python and C (`from_random` / `to_random`)."""

import random as _random

from cpython cimport array
from libc.stdint cimport uint32_t, uint64_t, int64_t

import array

VERSION = 3  # random.Random.VERSION: the first item of a getstate() tuple
INT64 = 2 ** 63


cdef int mt_set_pystate(MT* m, object state) except -1:
    """Load a `random.Random().getstate()` tuple (version 3) or its 625-int middle item."""
    if isinstance(state, tuple) and len(state) == 3:
        if state[0] != VERSION:
            raise ValueError(f"state of version {state[0]!r}; expected {VERSION}")
        state = state[1]
    if not isinstance(state, tuple) or len(state) != MT_N + 1:
        raise ValueError("a random.Random state is a tuple of 625 ints")
    index = state[MT_N]
    if not 0 <= index <= MT_N:
        raise ValueError("invalid state")
    cdef int i
    for i in range(MT_N):
        m.state[i] = <uint32_t>(state[i] & 0xffffffff)
    m.index = <int>index
    return 0


cdef tuple mt_get_pystate(MT* m):
    """The middle item of `random.Random().getstate()`: 624 words and the index."""
    return tuple([m.state[i] for i in range(MT_N)]) + (m.index,)


cdef int mt_seed_pyint(MT* m, object seed) except -1:
    """random.Random(seed) for any int: the 32-bit words of abs(seed), low word first."""
    if not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    n = abs(seed)
    words = [] if n else [0]
    while n:
        words.append(n & 0xffffffff)
        n >>= 32
    cdef Py_ssize_t length = len(words), i
    cdef uint32_t stack_key[8]
    cdef uint32_t[::1] key
    if length <= 8:
        for i in range(length):
            stack_key[i] = words[i]
        mt_init_by_array(m, stack_key, length)
    else:
        key = array.array("I", words)
        mt_init_by_array(m, &key[0], length)
    return 0


cdef class Random:
    """A stream with the methods of `random.Random` the toolkit uses, bit for bit."""

    cdef MT mt
    cdef public object gauss_next

    def __init__(self, seed=0):
        self.seed(seed)

    def seed(self, a=0):
        if isinstance(a, int) and -INT64 < a < 2 * INT64:  # the C path the cores use
            mt_seed_u64(&self.mt, <uint64_t>abs(a))
        else:
            mt_seed_pyint(&self.mt, a)
        self.gauss_next = None

    @staticmethod
    def from_random(rng):
        """A C stream continuing where the `random.Random` `rng` stands."""
        other = Random.__new__(Random)
        other.setstate(rng.getstate())
        return other

    def to_random(self):
        """A `random.Random` continuing where this stream stands."""
        rng = _random.Random.__new__(_random.Random)
        rng.setstate(self.getstate())
        return rng

    def getstate(self):
        return (VERSION, mt_get_pystate(&self.mt), self.gauss_next)

    def setstate(self, state):
        if not isinstance(state, tuple) or len(state) != 3:
            raise ValueError("expected a random.Random().getstate() tuple")
        mt_set_pystate(&self.mt, state)
        self.gauss_next = state[2]

    def random(self):
        return mt_random(&self.mt)

    def getrandbits(self, k):
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k <= 64:
            return mt_getrandbits(&self.mt, k)
        result, shift = 0, 0
        while k > 0:  # CPython fills 32-bit words low first; the last one keeps its top bits
            word = mt_next(&self.mt)
            if k < 32:
                word >>= 32 - k
            result |= word << shift
            shift += 32
            k -= 32
        return result

    def _randbelow(self, n):
        if n <= 0:
            raise ValueError("_randbelow needs n > 0")
        if n < 2 ** 64:
            return mt_randbelow(&self.mt, <uint64_t>n)
        k = n.bit_length()
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def randrange(self, start, stop=None, step=1):
        start, step = int(start), int(step)
        if stop is not None and step and abs(int(stop) - start) + abs(step) < INT64 \
                and -INT64 < start < INT64 and len(range(start, int(stop), step)):
            return mt_randrange(&self.mt, start, stop, step)  # the C path the cores use
        if stop is None:
            if start > 0:
                return self._randbelow(start)
            raise ValueError("empty range for randrange()")
        width = int(stop) - start
        if step == 1:
            if width > 0:
                return start + self._randbelow(width)
            raise ValueError("empty range for randrange()")
        if step > 0:
            n = (width + step - 1) // step
        elif step < 0:
            n = (width + step + 1) // step
        else:
            raise ValueError("zero step for randrange()")
        if n <= 0:
            raise ValueError("empty range for randrange()")
        return start + step * self._randbelow(n)

    def randint(self, a, b):
        if -INT64 <= a <= b < INT64 - 1 and b - a < INT64:
            return mt_randint(&self.mt, a, b)  # the C path the cores use
        return self.randrange(a, b + 1)

    def choice(self, seq):
        if not len(seq):
            raise IndexError("Cannot choose from an empty sequence")
        return seq[mt_choice_index(&self.mt, len(seq))]

    def shuffle(self, x):
        cdef Py_ssize_t i, j
        for i in range(len(x) - 1, 0, -1):
            j = <Py_ssize_t>mt_randbelow(&self.mt, <uint64_t>(i + 1))
            x[i], x[j] = x[j], x[i]

    def shuffle_ints(self, list x):
        """shuffle(x) of a list of C ints through mt_shuffle_int (what the cores call)."""
        cdef array.array items = array.array("i", x)
        mt_shuffle_int(&self.mt, items.data.as_ints, len(items))
        x[:] = items.tolist()

    def draw_sum(self, Py_ssize_t n, str kind="random", uint64_t arg=6):
        """The sum of n draws made in C without the GIL: kind "random" (floats),
        "getrandbits" (arg bits) or "randbelow" (below arg). For benches and tests: a
        Python loop over the same draws gives the same sum."""
        cdef Py_ssize_t i
        cdef double total = 0.0
        cdef uint64_t count = 0
        cdef int k = <int>arg
        if kind == "random":
            with nogil:
                for i in range(n):
                    total += mt_random(&self.mt)
            return total
        if kind == "getrandbits" and 0 <= arg <= 64:
            with nogil:
                for i in range(n):
                    count += mt_getrandbits(&self.mt, k)
            return count
        if kind == "randbelow" and arg > 0:
            with nogil:
                for i in range(n):
                    count += mt_randbelow(&self.mt, arg)
            return count
        raise ValueError(f"unknown draw {kind!r} or bad argument {arg}")
