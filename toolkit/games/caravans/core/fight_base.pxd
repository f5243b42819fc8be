# cython: language_level=3
# mirrors: toolkit/games/caravans/engine/rng.py sha256:09e23f45c49bf45c
"""Small inline helpers of the compiled core (the turn side may use them too): int lists
(`int a[]` + a count, kept in order as the engine's Python lists), dice (engine/rng.py
`roll`, draw for draw from the dice stream), combatant refs (fight_layout.pxd encoding)
and pushing a pending decision."""

from libc.string cimport memset
from toolkit.native.mt cimport MT, mt_random
from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules

cdef enum:
    SKULL = -1


# --- int lists ---------------------------------------------------------------------------
cdef inline int list_index(const int* a, int n, int v) noexcept nogil:
    cdef int i
    for i in range(n):
        if a[i] == v:
            return i
    return -1

cdef inline bint list_has(const int* a, int n, int v) noexcept nogil:
    return list_index(a, n, v) >= 0

cdef inline int list_pop_at(int* a, int* n, int i) noexcept nogil:
    """Remove and return a[i] (list.pop(i))."""
    cdef int v = a[i], j
    for j in range(i, n[0] - 1):
        a[j] = a[j + 1]
    n[0] -= 1
    return v

cdef inline bint list_remove(int* a, int* n, int v) noexcept nogil:
    """list.remove(v): the first occurrence; False if absent."""
    cdef int i = list_index(a, n[0], v)
    if i < 0:
        return False
    list_pop_at(a, n, i)
    return True

cdef inline void list_append(int* a, int* n, int v) noexcept nogil:
    a[n[0]] = v
    n[0] += 1

cdef inline void list_extend(int* a, int* n, const int* b, int nb) noexcept nogil:
    cdef int i
    for i in range(nb):
        a[n[0] + i] = b[i]
    n[0] += nb

cdef inline void list_insert(int* a, int* n, int i, int v) noexcept nogil:
    cdef int j = n[0]
    while j > i:
        a[j] = a[j - 1]
        j -= 1
    a[i] = v
    n[0] += 1


# --- dice ---------------------------------------------------------------------------------
cdef inline int roll(MT* m, const CRules* R, int n, int* out) noexcept nogil:
    """Roll n dice (engine/rng.roll: faces[int(random() * k)]); returns n."""
    cdef int i
    for i in range(n):
        out[i] = R.faces[<int>(mt_random(m) * R.n_faces)]
    return n

cdef inline int count_skulls(const int* dice, int n) noexcept nogil:
    cdef int i, k = 0
    for i in range(n):
        k += dice[i] == SKULL
    return k

cdef inline int pips(const int* dice, int n) noexcept nogil:
    cdef int i, k = 0
    for i in range(n):
        if dice[i] != SKULL:
            k += dice[i]
    return k

cdef inline int roll_skulls(CState* s, const CRules* R, int n) noexcept nogil:
    """Roll n dice on the dice stream; the number of skulls."""
    cdef int dice[64]
    if n > 64:
        n = 64
    if n < 0:
        n = 0
    roll(&s.rng[<int>RNG_DICE], R, n, dice)
    return count_skulls(dice, n)


# --- combatants ----------------------------------------------------------------------------
cdef inline int seat_of(int ref) noexcept nogil:
    return ref if ref >= 0 else NONE

cdef inline int npc_of(int ref) noexcept nogil:
    return -ref - 1 if ref < 0 else NONE

cdef inline int npc_ref(int npc) noexcept nogil:
    return -(npc + 1)

cdef inline CParty* party_of(CState* s, int ref) noexcept nogil:
    """The party of a combatant; NULL when it has none."""
    if ref >= 0:
        if not s.players[ref].has_party:
            return NULL
        return &s.players[ref].party
    if not s.npcs[-ref - 1].has_party:
        return NULL
    return &s.npcs[-ref - 1].party


# --- decisions ----------------------------------------------------------------------------
cdef inline CDecision* push_pending(CState* s, int kind, int player) noexcept nogil:
    """A new decision on top of the stack (its other fields zeroed). The stack holds
    MAX_PENDING: convert refuses deeper states; a deeper push overwrites the top (never
    out of bounds)."""
    cdef CDecision* d
    if s.n_pending >= MAX_PENDING:
        s.n_pending = MAX_PENDING - 1
    d = &s.pending[s.n_pending]
    s.n_pending += 1
    memset(d, 0, sizeof(CDecision))
    d.kind, d.player = kind, player
    return d

cdef inline bint pending_has(const CState* s, int kind) noexcept nogil:
    cdef int i
    for i in range(s.n_pending):
        if s.pending[i].kind == kind:
            return True
    return False
