# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/checks.py sha256:85ce4e8321d27c3b
"""Skill checks (engine/checks.py): roll as many dice as the stat, succeed on enough
skulls; a failed check may be rerolled with a trick (a REROLL/ACCEPT decision)."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps, HOOK_HERO_STAT, HOOK_DICE, HOOK_REROLL
from toolkit.games.caravans.core.fight_base cimport *
from toolkit.games.caravans.core.ops_fire cimport Ctx, ctx_init, fire, tricks, use_trick

cdef Continue _then[8]


cdef void set_continuation(int then, Continue fn) noexcept nogil:
    _then[then] = fn


cdef int hero_stat(CState* s, const CRules* R, const COps* o, int seat, int stat) noexcept nogil:
    """The hero's stat with followers' and abilities' changes."""
    cdef Ctx c
    ctx_init(&c, HOOK_HERO_STAT, seat, R.hero_stats[s.players[seat].hero][stat])
    c.stat = stat
    fire(s, R, o, &c, True)
    return c.value if c.value > 0 else 0


cdef int dice_for(CState* s, const CRules* R, const COps* o, int seat, int stat, int checks,
                  bint equipment) noexcept nogil:
    """Dice for a check of `stat` (H_* = its CHK_* bit) plus `checks` (CHK_* bits)."""
    cdef Ctx c
    ctx_init(&c, HOOK_DICE, seat, hero_stat(s, R, o, seat, stat))
    c.checks = (1 << stat) | checks
    fire(s, R, o, &c, equipment)
    return 0 if c.value < 0 else (R.dice_count if c.value > R.dice_count else c.value)


cdef inline void _finish(CState* s, const CRules* R, const COps* o, int seat, int then,
                         bint ok, int data0, int data1) noexcept nogil:
    if _then[then] != NULL:
        _then[then](s, R, o, seat, ok, data0, data1)


cdef void check(CState* s, const CRules* R, const COps* o, int seat, int stat, int then,
                bint has_data, int data0, int data1, int need, int dice) noexcept nogil:
    """Roll the check now (dice < 0: the stat's dice); continue, maybe after a reroll
    decision."""
    cdef int n = dice_for(s, R, o, seat, stat, 0, True) if dice < 0 else dice
    cdef int found[MAX_GLORY]
    cdef CDecision* d
    cdef bint ok = roll_skulls(s, R, n) >= need
    if not ok and tricks(s, o, seat, HOOK_REROLL, found):
        d = push_pending(s, D_REROLL, seat)
        d.stat, d.dice, d.need, d.then = stat, n, need, then
        d.has_data, d.data0, d.data1 = has_data, data0, data1
        return
    _finish(s, R, o, seat, then, ok, data0, data1)


cdef void reroll(CState* s, const CRules* R, const COps* o, int seat, int glory) noexcept nogil:
    """REROLL (glory) or ACCEPT (NONE) of the failed check on top of the stack."""
    cdef CDecision d = s.pending[s.n_pending - 1]
    cdef Ctx c
    cdef bint ok = False
    s.n_pending -= 1
    if glory != NONE:
        ctx_init(&c, HOOK_REROLL, seat, 0)
        c.dice = d.dice
        use_trick(s, R, o, seat, glory, &c)
        ok = count_skulls(c.rolled, c.n_rolled) >= d.need
    _finish(s, R, o, seat, d.then, ok, d.data0, d.data1)
