# cython: language_level=3
"""Python access to the fight side on a CoreState, for the fight side's tests (tests/core/
test_fight*.py): the legal actions of a fight decision and applying a fight action, without
the turn side's dispatch (so the fight side is checked on its own)."""

from toolkit.games.caravans.core.layout cimport CAction, MAX_ACTIONS, NOT_PORTED
from toolkit.games.caravans.core.convert cimport CoreState, action_from_py, action_to_py
from toolkit.games.caravans.core.fight_rules cimport fight_legal, fight_apply, fight_kind
from toolkit.games.caravans.core cimport ops_events, fight_combat, ops_fire, fight_cards
from toolkit.games.caravans.core.fight_layout cimport CCombat, CRaid, CDecision
from toolkit.games.caravans.core.fight_convert cimport (combat_from_py, combat_to_py,
                                                        raid_from_py, raid_to_py,
                                                        decision_from_py, decision_to_py)
from toolkit.games.caravans.core.fight_convert import fight_ids


def legal(CoreState core):
    """The actions of the decision owed now, or None when it is not a fight decision."""
    cdef CAction buf[MAX_ACTIONS]
    cdef int n
    if core.s.n_pending == 0:
        return None
    n = fight_legal(&core.s, &core.content.r, &core.content.ops, buf)
    if n == NOT_PORTED:
        return None
    return [action_to_py(&buf[i], core.content) for i in range(n)]


def apply(CoreState core, action) -> bool:
    """Apply a fight action in C; False when it is not one of the fight's kinds."""
    cdef CAction a
    action_from_py(&a, action, core.content)
    if not fight_kind(a.kind):
        return False
    return fight_apply(&core.s, &core.content.r, &core.content.ops, &a) != NOT_PORTED


def resolve_event(CoreState core, int event):
    """flow.resolve_event of event index `event` in C."""
    ops_events.resolve_event(&core.s, &core.content.r, &core.content.ops, event)


def npc_attacks(CoreState core, int seat):
    """combat.npc_attacks for `seat` in C."""
    fight_combat.npc_attacks(&core.s, &core.content.r, &core.content.ops, seat)


def roundtrip(rules, combat, raid):
    """(combat, raid) through the C structs and back (tests of the converters)."""
    cdef CCombat c
    cdef CRaid r
    combat_from_py(&c, combat, rules)
    raid_from_py(&r, raid, rules)
    return combat_to_py(&c, rules), raid_to_py(&r, rules)


def roundtrip_pending(rules, pending):
    """The pending entries and the parties in them through the C structs and back."""
    ids = fight_ids(rules)
    cdef CDecision d
    back = []
    for entry in pending:
        decision_from_py(&d, entry, ids)
        back.append(decision_to_py(&d, ids))
    return back


cdef int _counts[64]


def counting(bint on):
    """Count effect firings in C (ops_fire.count_into) from now on / stop; the counts
    (op name -> firings) since the last start when stopping."""
    from toolkit.games.caravans.core.ops import CODES
    cdef int i
    if on:
        for i in range(64):
            _counts[i] = 0
        ops_fire.count_into(_counts)
        return None
    ops_fire.count_into(NULL)
    return {name: _counts[code] for name, code in CODES.items() if _counts[code]}


cdef int _first[64]
cdef int _n_first = 0


def first_gains(bint on):
    """Note first glory gains (fight_cards.note_first_gains) from now on / stop; when
    stopping, the (seat, source name) pairs noted, in order."""
    global _n_first
    sources = ("defeat", "sell", "raid", "mission", "rumor", "large_party")
    if on:
        _n_first = 0
        fight_cards.note_first_gains(_first, &_n_first)
        return None
    fight_cards.note_first_gains(NULL, NULL)
    return [(_first[i] // 8, sources[_first[i] % 8]) for i in range(_n_first)]
