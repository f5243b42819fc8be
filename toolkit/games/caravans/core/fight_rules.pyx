# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/legal.py sha256:338a0e4e2b5fef3b
# mirrors: toolkit/games/caravans/engine/apply.py sha256:9ab9c669effafa2e
"""The fight side's legal actions and action handlers (engine/legal.py DECISIONS and
engine/apply.py HANDLERS for the fight's kinds; AMNESTY is the turn side's flow.amnesty_choice)."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps, HOOK_REROLL
from toolkit.games.caravans.core.fight_base cimport *
from toolkit.games.caravans.core.ops_fire cimport tricks
from toolkit.games.caravans.core.fight_cards cimport free_taverns, choose_tavern
from toolkit.games.caravans.core.fight_checks cimport reroll
from toolkit.games.caravans.core.fight_combat cimport choose, flee_strike, block_hit
from toolkit.games.caravans.core.fight_hits cimport blockers
from toolkit.games.caravans.core.fight_choices cimport choice_options, strike_options
from toolkit.games.caravans.core.fight_melee cimport loot, capture
from toolkit.games.caravans.core.fight_raid cimport (bounty_races, start_raid, adjust,
                                                     end_raid, delve)
from toolkit.games.caravans.core.fight_death cimport redraw
from toolkit.games.caravans.core.fight_turn cimport engage, explore, attempt_mission


cdef inline int _put(CAction* out, int n, int kind, int a, int b, int c) noexcept nogil:
    if n < MAX_ACTIONS:
        out[n].kind, out[n].a, out[n].b, out[n].c = kind, a, b, c
        return n + 1
    return n


cdef int fight_legal(CState* s, const CRules* R, const COps* o, CAction* out) noexcept nogil:
    cdef CDecision* d = &s.pending[s.n_pending - 1]
    cdef int seat = d.player, n = 0, i, k, g
    cdef int found[MAX_GLORY]
    cdef int goods[MAX_GOODS]
    cdef int ng = 0
    cdef bint use
    if d.kind == D_COMBAT_CHOICE:
        return choice_options(s, R, o, seat, d.side, out)
    if d.kind == D_CAPTURE:
        n = _put(out, n, AK_CAPTURE, 1, NONE, NONE)
        return _put(out, n, AK_CAPTURE, 0, NONE, NONE)
    if d.kind == D_EXPLORER:
        k = bounty_races(s, R, d.target, found)
        for i in range(k):
            n = _put(out, n, AK_RAID, found[i], NONE, NONE)
        n = _put(out, n, AK_DELVE, NONE, NONE, NONE)
        return _put(out, n, AK_LET_GO, NONE, NONE, NONE)
    if d.kind == D_FOUND:
        n = _put(out, n, AK_ATTACK, NONE, NONE, NONE)
        return _put(out, n, AK_LET_GO, NONE, NONE, NONE)
    if d.kind == D_FLEE_STRIKE:
        k = strike_options(s, o, seat, found)
        for i in range(k):
            n = _put(out, n, AK_FLEE_STRIKE, found[i], 1, NONE)
            n = _put(out, n, AK_FLEE_STRIKE, found[i], 0, NONE)
        return n
    if d.kind == D_BLOCK_HIT:
        k = blockers(s, o, seat, found)
        for i in range(k):
            n = _put(out, n, AK_BLOCK_HIT, found[i], 1, NONE)
            n = _put(out, n, AK_BLOCK_HIT, found[i], 0, NONE)
        return n
    if d.kind == D_LOOT:
        for i in range(d.n_items):
            g = R.card_good[d.items[i]]
            if not list_has(goods, ng, g):
                goods[ng] = g
                ng += 1
                n = _put(out, n, AK_LOOT, g, NONE, NONE)
        return _put(out, n, AK_LOOT_END, NONE, NONE, NONE)
    if d.kind == D_REDRAW:
        n = _put(out, n, AK_KEEP_HERO, NONE, NONE, NONE)
        return _put(out, n, AK_REDRAW_HERO, NONE, NONE, NONE)
    if d.kind == D_AMNESTY:
        for i in range(R.n_races):
            if s.players[seat].bounty[i] > 0:
                n = _put(out, n, AK_AMNESTY, i, NONE, NONE)
        return n
    if d.kind == D_PLACE_EQUIPMENT:
        k = free_taverns(s, R, found)
        for i in range(k):
            if not list_has(d.chosen, d.n_chosen, found[i]):
                n = _put(out, n, AK_PLACE_EQUIPMENT, found[i], NONE, NONE)
        return n
    if d.kind == D_RAID:
        n = _put(out, n, AK_RAID_END, NONE, NONE, NONE)
        n = _put(out, n, AK_RAID_DRAW, NONE, NONE, NONE)
        for i in range(s.raid.n_cards):
            n = _put(out, n, AK_RAID_DISCARD, s.raid.cards[i], NONE, NONE)
        for i in range(s.raid.n_cards):
            n = _put(out, n, AK_RAID_SWAP, s.raid.cards[i], NONE, NONE)
        return n
    if d.kind == D_REROLL:
        k = tricks(s, o, seat, HOOK_REROLL, found)
        for i in range(k):
            n = _put(out, n, AK_REROLL, found[i], NONE, NONE)
        return _put(out, n, AK_ACCEPT, NONE, NONE, NONE)
    return NOT_PORTED


cdef bint fight_kind(int kind) noexcept nogil:
    """Whether fight_apply carries out this action kind."""
    return (AK_COMBAT_CHOICE <= kind <= AK_ACCEPT) or (AK_ATTACK <= kind <= AK_PLACE_EQUIPMENT
                                                      and kind != AK_AMNESTY) \
        or kind == AK_EXPLORE or kind == AK_COMPLETE_MISSION or kind == AK_BLOCK_HIT


cdef int fight_apply(CState* s, const CRules* R, const COps* o, const CAction* a) noexcept nogil:
    cdef int seat, k = a.kind
    if s.phase == PH_OVER:
        return NOT_PORTED
    seat = s.pending[s.n_pending - 1].player if s.n_pending else s.order[s.turn_pos]
    if k == AK_COMBAT_CHOICE:
        choose(s, R, o, a.a, a.b, a.c)
    elif k == AK_CAPTURE:
        capture(s, R, o, seat, a.a != 0)
    elif k == AK_RAID:
        start_raid(s, R, o, seat, a.a)
    elif k == AK_DELVE:
        delve(s, R, o, seat)
    elif k == AK_RAID_DRAW:
        adjust(s, R, o, False, True, NONE)
    elif k == AK_RAID_DISCARD:
        adjust(s, R, o, True, False, a.a)
    elif k == AK_RAID_SWAP:
        adjust(s, R, o, True, True, a.a)
    elif k == AK_RAID_END:
        end_raid(s, R, o)
    elif k == AK_REROLL:
        reroll(s, R, o, seat, a.a)
    elif k == AK_ACCEPT:
        reroll(s, R, o, seat, NONE)
    elif k == AK_ATTACK:
        engage(s, R, o, seat, True)
    elif k == AK_LET_GO:
        engage(s, R, o, seat, False)
    elif k == AK_FLEE_STRIKE:
        flee_strike(s, R, o, a.a, a.b != 0)
    elif k == AK_BLOCK_HIT:
        block_hit(s, R, o, a.a, a.b != 0)
    elif k == AK_LOOT:
        loot(s, R, seat, a.a)
    elif k == AK_LOOT_END:
        loot(s, R, seat, NONE)
    elif k == AK_KEEP_HERO:
        redraw(s, seat, False)
    elif k == AK_REDRAW_HERO:
        redraw(s, seat, True)
    elif k == AK_PLACE_EQUIPMENT:
        choose_tavern(s, R, seat, a.a)
    elif k == AK_EXPLORE:
        explore(s, R, o, seat, a.a, a.b)
    elif k == AK_COMPLETE_MISSION:
        attempt_mission(s, R, o, seat, a.a)
    else:
        return NOT_PORTED
    return 0
