# cython: language_level=3
"""The Mersenne Twister of CPython's `random.Random`, as a C struct and nogil functions.

Other .pyx files `from toolkit.native.mt cimport MT, mt_random, ...`. A stream seeded or set
from a `random.Random` state (`mt_set_pystate`) draws exactly the numbers CPython draws:
`random()`, `getrandbits(k)` (k <= 64 here), `_randbelow` (the getrandbits rejection
method), `randrange`, `randint`, a choice index and CPython's `shuffle` of a C array.
Callers check arguments (n > 0, non-empty ranges): these functions never raise.
"""

from libc.stdint cimport uint32_t, uint64_t, int64_t

cdef enum:
    MT_N = 624
    MT_M = 397

cdef struct MT:
    uint32_t state[624]
    int index          # next word to draw; MT_N means "generate a new block first"

cdef extern from *:
    """
    static inline int toolkit_bit_length64(unsigned long long n) {
    #if defined(__GNUC__) || defined(__clang__)
        return n ? 64 - __builtin_clzll(n) : 0;
    #else
        int k = 0;
        while (n) { k++; n >>= 1; }
        return k;
    #endif
    }
    """
    int bit_length64 "toolkit_bit_length64"(unsigned long long n) noexcept nogil


cdef inline void mt_init_genrand(MT* m, uint32_t s) noexcept nogil:
    cdef int i
    m.state[0] = s
    for i in range(1, MT_N):
        m.state[i] = <uint32_t>(<uint32_t>1812433253U * (m.state[i - 1] ^ (m.state[i - 1] >> 30))
                                + <uint32_t>i)
    m.index = MT_N


cdef inline void mt_init_by_array(MT* m, const uint32_t* key, Py_ssize_t length) noexcept nogil:
    """CPython's seeding from the 32-bit words of a seed (little-endian, length >= 1)."""
    cdef Py_ssize_t i = 1, j = 0, k
    cdef uint32_t* mt = m.state
    mt_init_genrand(m, <uint32_t>19650218U)
    k = MT_N if MT_N > length else length
    while k > 0:
        mt[i] = <uint32_t>((mt[i] ^ <uint32_t>((mt[i - 1] ^ (mt[i - 1] >> 30)) * <uint32_t>1664525U))
                           + key[j] + <uint32_t>j)
        i += 1
        j += 1
        if i >= MT_N:
            mt[0] = mt[MT_N - 1]
            i = 1
        if j >= length:
            j = 0
        k -= 1
    k = MT_N - 1
    while k > 0:
        mt[i] = <uint32_t>((mt[i] ^ <uint32_t>((mt[i - 1] ^ (mt[i - 1] >> 30)) * <uint32_t>1566083941U))
                           - <uint32_t>i)
        i += 1
        if i >= MT_N:
            mt[0] = mt[MT_N - 1]
            i = 1
        k -= 1
    mt[0] = <uint32_t>0x80000000U


cdef inline void mt_seed_u64(MT* m, uint64_t seed) noexcept nogil:
    """random.Random(seed) for 0 <= seed < 2**64 (the toolkit's seeded streams)."""
    cdef uint32_t key[2]
    key[0] = <uint32_t>(seed & 0xffffffffU)
    key[1] = <uint32_t>(seed >> 32)
    mt_init_by_array(m, key, 2 if key[1] else 1)


cdef inline void _mt_generate(MT* m) noexcept nogil:
    cdef int kk
    cdef uint32_t y
    cdef uint32_t* mt = m.state
    for kk in range(MT_N - MT_M):
        y = (mt[kk] & <uint32_t>0x80000000U) | (mt[kk + 1] & <uint32_t>0x7fffffffU)
        mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ (<uint32_t>0x9908b0dfU if y & 1 else 0)
    for kk in range(MT_N - MT_M, MT_N - 1):
        y = (mt[kk] & <uint32_t>0x80000000U) | (mt[kk + 1] & <uint32_t>0x7fffffffU)
        mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ (<uint32_t>0x9908b0dfU if y & 1 else 0)
    y = (mt[MT_N - 1] & <uint32_t>0x80000000U) | (mt[0] & <uint32_t>0x7fffffffU)
    mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ (<uint32_t>0x9908b0dfU if y & 1 else 0)
    m.index = 0


cdef inline uint32_t mt_next(MT* m) noexcept nogil:
    """The next 32-bit word (genrand_uint32)."""
    cdef uint32_t y
    if m.index >= MT_N:
        _mt_generate(m)
    y = m.state[m.index]
    m.index += 1
    y ^= y >> 11
    y ^= (y << 7) & <uint32_t>0x9d2c5680U
    y ^= (y << 15) & <uint32_t>0xefc60000U
    y ^= y >> 18
    return y


cdef inline double mt_random(MT* m) noexcept nogil:
    """random.random(): a float in [0, 1) with 53 random bits."""
    cdef uint32_t a = mt_next(m) >> 5
    cdef uint32_t b = mt_next(m) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


cdef inline uint64_t mt_getrandbits(MT* m, int k) noexcept nogil:
    """random.getrandbits(k) for 0 <= k <= 64 (low word first, as CPython)."""
    cdef uint64_t low
    if k <= 0:
        return 0
    if k <= 32:
        return mt_next(m) >> (32 - k)
    low = mt_next(m)
    return low | (<uint64_t>(mt_next(m) >> (64 - k)) << 32)


cdef inline uint64_t mt_randbelow(MT* m, uint64_t n) noexcept nogil:
    """random._randbelow(n) for n > 0: getrandbits(n.bit_length()) until below n."""
    cdef int k = bit_length64(n)
    cdef uint64_t r = mt_getrandbits(m, k)
    while r >= n:
        r = mt_getrandbits(m, k)
    return r


cdef inline int64_t mt_randrange(MT* m, int64_t start, int64_t stop, int64_t step) noexcept nogil:
    """random.randrange(start, stop, step) for a non-empty range (step != 0)."""
    cdef int64_t width = stop - start, n
    if step == 1:
        return start + <int64_t>mt_randbelow(m, <uint64_t>width)
    if step > 0:
        n = (width + step - 1) // step
    else:
        n = (width + step + 1) // step
    return start + step * <int64_t>mt_randbelow(m, <uint64_t>n)


cdef inline int64_t mt_randint(MT* m, int64_t a, int64_t b) noexcept nogil:
    """random.randint(a, b) for a <= b."""
    return mt_randrange(m, a, b + 1, 1)


cdef inline Py_ssize_t mt_choice_index(MT* m, Py_ssize_t length) noexcept nogil:
    """The index random.choice(seq) takes for len(seq) == length > 0."""
    return <Py_ssize_t>mt_randbelow(m, <uint64_t>length)


cdef inline void mt_shuffle_int(MT* m, int* items, Py_ssize_t length) noexcept nogil:
    """random.shuffle of a C array of ints (CPython's algorithm and draws)."""
    cdef Py_ssize_t i, j
    cdef int tmp
    i = length - 1
    while i > 0:
        j = <Py_ssize_t>mt_randbelow(m, <uint64_t>(i + 1))
        tmp = items[i]
        items[i] = items[j]
        items[j] = tmp
        i -= 1


cdef int mt_set_pystate(MT* m, object state) except -1
cdef tuple mt_get_pystate(MT* m)
cdef int mt_seed_pyint(MT* m, object seed) except -1
