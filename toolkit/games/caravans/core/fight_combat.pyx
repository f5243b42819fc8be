# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/combat.py sha256:3a1bf258eabbea01
"""Combat between two parties (engine/combat.py): ranged rounds with hidden choices taken
as sequential COMBAT_CHOICE decisions, hits, flight; melee and spoils are fight_melee's."""

from libc.string cimport memcpy, memset
from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport *
from toolkit.games.caravans.core.fight_base cimport *
from toolkit.games.caravans.core.ops_fire cimport Ctx, ctx_init, fire, has_trick, use_trick
from toolkit.games.caravans.core.fight_hits cimport (take_hits, deal_hits, land_hit, race_of,
                                                     is_non_brigand)
from toolkit.games.caravans.core.fight_cards cimport add_bounty
from toolkit.games.caravans.core.fight_checks cimport hero_stat
from toolkit.games.caravans.core.fight_npc cimport attackers, npc_choice
from toolkit.games.caravans.core.fight_melee cimport melee, defeat
from toolkit.games.caravans.core.fight_choices cimport strike_options

cdef enum:
    SAFETY_ROUNDS = 60


cdef void npc_attacks(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil:
    """NPCs in the player's region that hunt it attack, one after the other (held back
    while amnesty choices are owed)."""
    cdef int found[MAX_NPCS]
    cdef int n
    if not s.combat.active and s.phase == PH_PLAY and not pending_has(s, D_AMNESTY):
        n = attackers(s, R, seat, found)
        if n:
            start(s, R, o, npc_ref(found[0]), seat, found + 1, n - 1)


cdef void start(CState* s, const CRules* R, const COps* o, int attacker, int defender,
                const int* queue, int n_queue) noexcept nogil:
    """Open a fight; attacking a non-brigand earns the attacker a bounty of its race."""
    cdef CCombat* cb = &s.combat
    memset(cb, 0, sizeof(CCombat))
    cb.active = True
    cb.sides[0], cb.sides[1] = attacker, defender
    cb.round = 1
    for side in range(2):
        cb.choices[side].mode = MODE_NONE
        cb.choices[side].weapon = cb.choices[side].glory = NONE
    cb.no_flee = NONE
    memcpy(cb.queue, queue, n_queue * sizeof(int))
    cb.n_queue = n_queue
    if attacker >= 0 and is_non_brigand(s, R, defender):
        add_bounty(s, R, o, attacker, race_of(s, R, defender))
        cb.bounty[0] = True
    cb.stage = STAGE_PRE0
    _open(s, R, o)


cdef void _open(CState* s, const CRules* R, const COps* o) noexcept nogil:
    """Before the first round: each side's pre_ranged effects (STAGE_PRE0/1: the side to
    fire next, so that a BLOCK_HIT decision in a volley resumes here)."""
    cdef CCombat* cb = &s.combat
    cdef int side, seat
    cdef Ctx c
    while cb.stage == STAGE_PRE0 or cb.stage == STAGE_PRE1:
        side = cb.stage - STAGE_PRE0
        cb.stage = STAGE_PRE1 if side == 0 else STAGE_CHOOSE
        seat = seat_of(cb.sides[side])
        if seat != NONE:
            ctx_init(&c, HOOK_PRE_RANGED, seat, NONE)
            c.opponent = cb.sides[1 - side]
            fire(s, R, o, &c, True)
            if cb.n_owed:
                return
    if not _settle(s, R, o):
        _ask(s, R, o)


cdef void _ask(CState* s, const CRules* R, const COps* o) noexcept nogil:
    """Ask the next player side for its choice; NPC sides choose by their rule."""
    cdef CCombat* cb = &s.combat
    cdef int side, seat
    cdef CDecision* d
    for side in range(2):
        if cb.choices[side].mode == MODE_NONE:
            seat = seat_of(cb.sides[side])
            if seat == NONE:
                cb.choices[side].mode = npc_choice(s, side)
                cb.choices[side].weapon = cb.choices[side].glory = NONE
            else:
                d = push_pending(s, D_COMBAT_CHOICE, seat)
                d.side = side
                return
    _resolve_round(s, R, o)


cdef void choose(CState* s, const CRules* R, const COps* o, int mode, int weapon, int glory) noexcept nogil:
    cdef int side = s.pending[s.n_pending - 1].side
    s.n_pending -= 1
    s.combat.choices[side].mode = mode
    s.combat.choices[side].weapon = weapon
    s.combat.choices[side].glory = glory
    _ask(s, R, o)


cdef int _contest_dice(CState* s, const CRules* R, const COps* o, int side) noexcept nogil:
    cdef CCombat* cb = &s.combat
    cdef int ref = cb.sides[side], other = cb.sides[1 - side]
    cdef int mode = cb.choices[side].mode, weapon = cb.choices[side].weapon
    cdef int glory = cb.choices[side].glory
    cdef CParty* mine = party_of(s, ref)
    cdef CParty* theirs = party_of(s, other)
    cdef int seat = seat_of(ref), n
    cdef Ctx c
    if seat == NONE:
        n = R.npc_combat[-ref - 1]
    else:
        n = hero_stat(s, R, o, seat, H_COMBAT)
    if mine.cur[S_SHIELD] <= 0:
        n = 1
    if mine.cur[S_AGILITY] - theirs.cur[S_AGILITY] >= R.combat_agility_edge:
        n += R.combat_edge_dice
    if seat != NONE:
        ctx_init(&c, HOOK_DICE, seat, n)
        c.checks = (1 << CHK_COMBAT) | ((1 << CHK_RANGED) if mode == MODE_RANGED else 0)
        n = fire(s, R, o, &c, True)
        if mode == MODE_MELEE:
            ctx_init(&c, HOOK_MELEE_CHOICE, seat, n)
            c.weapon = weapon
            n = fire(s, R, o, &c, True)
        if glory != NONE and has_trick(s, o, seat, HOOK_CANCEL, glory):
            if cb.n_armed < FMAX_ARMED:
                cb.armed[cb.n_armed].seat, cb.armed[cb.n_armed].glory = seat, glory
                cb.n_armed += 1
        elif glory != NONE:
            ctx_init(&c, HOOK_CONTEST, seat, n)
            n = use_trick(s, R, o, seat, glory, &c)
        if weapon != NONE and cb.n_used[side] < FMAX_USED:
            list_append(cb.used[side], &cb.n_used[side], weapon)
    return 0 if n < 0 else (R.dice_count if n > R.dice_count else n)


cdef void _resolve_round(CState* s, const CRules* R, const COps* o) noexcept nogil:
    cdef CCombat* cb = &s.combat
    cdef int dice[2]
    cdef int side, blocker
    cb.no_flee = NONE
    cb.n_armed = 0
    cb.resolved = True
    dice[0] = _contest_dice(s, R, o, 0)
    dice[1] = _contest_dice(s, R, o, 1)
    for side in range(2):
        cb.modes[side] = cb.choices[side].mode
    for side in range(2):
        blocker = cb.no_flee
        if cb.modes[side] == MODE_FLEE and blocker != NONE \
                and blocker == seat_of(cb.sides[1 - side]):
            cb.modes[side] = MODE_RANGED
    for side in range(2):
        cb.n_roll[side] = roll(&s.rng[<int>RNG_DICE], R, dice[side], cb.rolls[side])
    cb.struck[0] = cb.struck[1] = STRUCK_NONE
    cb.stage = STAGE_FLEE
    _after_rolls(s, R, o)


cdef void _after_rolls(CState* s, const CRules* R, const COps* o) noexcept nogil:
    """The rest of a round once both sides rolled: flee effects (an orb's holder decides
    first), then hits, melee or escape; cb.stage says where a BLOCK_HIT decision resumes."""
    cdef CCombat* cb = &s.combat
    cdef int side, seat, winner, use, loser, k, back
    cdef int found[FMAX_EQUIP]
    cdef CDecision* d
    cdef Ctx c
    winner = _winner(cb)
    if cb.stage == STAGE_FLEE:
        if cb.modes[0] == MODE_FLEE or cb.modes[1] == MODE_FLEE:
            for side in range(2):
                seat = seat_of(cb.sides[side])
                if seat == NONE or cb.struck[side] == STRUCK_DONE:
                    continue
                if cb.struck[side] == STRUCK_NONE and strike_options(s, o, seat, found):
                    d = push_pending(s, D_FLEE_STRIKE, seat)
                    d.side = side
                    return
                use = cb.struck[side] if cb.struck[side] >= 0 else NONE
                cb.struck[side] = STRUCK_DONE
                ctx_init(&c, HOOK_FLEE, seat, NONE)
                c.opponent, c.use = cb.sides[1 - side], use
                fire(s, R, o, &c, True)
                if cb.n_owed:
                    return
        if _settle(s, R, o):
            return
        cb.stage = STAGE_HITS
        if winner != NONE and _outcome(s, R, o, winner):
            return
        if cb.n_owed:
            return
    if cb.stage == STAGE_HITS:
        cb.stage = STAGE_BACK
        if winner != NONE and cb.modes[1 - winner] == MODE_RANGED:
            loser = 1 - winner
            k = count_skulls(cb.rolls[loser], cb.n_roll[loser])
            back = party_of(s, cb.sides[loser]).cur[S_ATTACK]
            take_hits(s, R, o, cb.sides[winner], k if k < back else back, NONE, True)
            if cb.n_owed:
                return
    if _settle(s, R, o):
        return
    cb.round += 1
    for side in range(2):
        cb.choices[side].mode = MODE_NONE
        cb.choices[side].weapon = cb.choices[side].glory = NONE
    if cb.round > SAFETY_ROUNDS:
        end_fight(s, R, o)
        return
    _ask(s, R, o)


cdef void block_hit(CState* s, const CRules* R, const COps* o, int equipment, bint use) noexcept nogil:
    """BLOCK_HIT: flip (use) the amulet to stop the located hit, or take it; the hits still
    owed follow, then the fight goes on where it stopped."""
    cdef CDecision* d = &s.pending[s.n_pending - 1]
    cdef int seat = d.player, where = d.where, ref, left, location, total, i
    cdef CCombat* cb = &s.combat
    cdef Ctx c
    s.n_pending -= 1
    ref = cb.owed[0].ref
    ctx_init(&c, HOOK_CANCEL, seat, 0)
    c.location, c.use = where, equipment
    if not use or fire(s, R, o, &c, True) <= 0:
        land_hit(s, ref, party_of(s, ref), where)
    while cb.n_owed:               # the rest of this batch first, then the queued ones
        ref, left = cb.owed[0].ref, cb.owed[0].left
        location, total = cb.owed[0].location, cb.owed[0].total
        for i in range(cb.n_owed - 1):
            cb.owed[i] = cb.owed[i + 1]
        cb.n_owed -= 1
        if not deal_hits(s, R, o, ref, left, location, True, total):
            if s.n_pending and s.pending[s.n_pending - 1].kind == D_BLOCK_HIT:
                return
    if cb.stage == STAGE_PRE0 or cb.stage == STAGE_PRE1 or cb.stage == STAGE_CHOOSE:
        _open(s, R, o)
    else:
        _after_rolls(s, R, o)


cdef void flee_strike(CState* s, const CRules* R, const COps* o, int equipment, bint use) noexcept nogil:
    """FLEE_STRIKE: flip (use) or keep the orb when a side flees; the round goes on."""
    cdef int side = s.pending[s.n_pending - 1].side
    s.n_pending -= 1
    s.combat.struck[side] = equipment if use else STRUCK_EMPTY
    _after_rolls(s, R, o)


cdef int _winner(const CCombat* cb) noexcept nogil:
    cdef int k0 = count_skulls(cb.rolls[0], cb.n_roll[0])
    cdef int k1 = count_skulls(cb.rolls[1], cb.n_roll[1])
    cdef int p0, p1
    if k0 != k1:
        return 0 if k0 > k1 else 1
    p0, p1 = pips(cb.rolls[0], cb.n_roll[0]), pips(cb.rolls[1], cb.n_roll[1])
    if p0 == p1:
        return NONE
    return 0 if p0 > p1 else 1


cdef bint _outcome(CState* s, const CRules* R, const COps* o, int w) noexcept nogil:
    """The winner's side of the round's result; True when the fight is over (the loser's
    hits back follow in _after_rolls)."""
    cdef CCombat* cb = &s.combat
    cdef int loser = 1 - w, location
    cdef int sides[2]
    cdef Ctx c
    sides[0], sides[1] = cb.sides[0], cb.sides[1]
    if cb.modes[w] == MODE_RANGED:
        location = NONE
        if seat_of(sides[w]) != NONE:
            ctx_init(&c, HOOK_RANGED_WIN, sides[w], NONE)
            c.weapon = cb.choices[w].weapon
            location = fire(s, R, o, &c, True)
        take_hits(s, R, o, sides[loser], party_of(s, sides[w]).cur[S_ATTACK], location, True)
    elif cb.modes[w] == MODE_MELEE:
        melee(s, R, o, w)
        end_fight(s, R, o)
        return True
    elif count_skulls(cb.rolls[loser], cb.n_roll[loser]) == 0:
        end_fight(s, R, o)
        return True
    return False


cdef bint _settle(CState* s, const CRules* R, const COps* o) noexcept nogil:
    """End the fight if a party is destroyed; True when it ended."""
    cdef CCombat* cb = &s.combat
    cdef bint down[2]
    cdef int losers[2]
    cdef int side, n = 0
    cdef CParty* party
    for side in range(2):
        party = party_of(s, cb.sides[side])
        down[side] = party == NULL or party.cur[S_DEFENSE] <= 0
        if down[side]:
            losers[n] = side
            n += 1
    if n == 0:
        return False
    defeat(s, R, o, losers, n, False)
    end_fight(s, R, o)
    return True


cdef void end_fight(CState* s, const CRules* R, const COps* o) noexcept nogil:
    """Close the fight: one-shot flee equipment turns back; queued NPC attacks follow."""
    cdef CCombat* cb = &s.combat
    cdef int queue[MAX_NPCS]
    cdef int found[MAX_NPCS]
    cdef int n_queue, i, k, target, e, nf
    cdef int sides[2]
    cdef CParty* party
    if not cb.active:
        return
    sides[0], sides[1] = cb.sides[0], cb.sides[1]
    n_queue = cb.n_queue
    memcpy(queue, cb.queue, n_queue * sizeof(int))
    for i in range(2):
        if sides[i] >= 0 and s.players[sides[i]].has_party:
            party = &s.players[sides[i]].party
            k = 0
            for e in range(party.n_flipped):
                if not src_has(o, o.equip0 + party.flipped[e], OP_FLEE_STRIKE):
                    party.flipped[k] = party.flipped[e]
                    k += 1
            party.n_flipped = k
    cb.active = False
    k = 0
    for i in range(s.n_pending):
        if s.pending[i].kind != D_COMBAT_CHOICE:
            if k != i:
                s.pending[k] = s.pending[i]
            k += 1
    s.n_pending = k
    target = seat_of(sides[1])
    if target == NONE:
        return
    for i in range(n_queue):
        nf = attackers(s, R, target, found)
        if list_has(found, nf, queue[i]):
            start(s, R, o, npc_ref(queue[i]), target, queue + i + 1, n_queue - i - 1)
            return
