# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/melee.py sha256:e978c3886b10ff95
"""Melee and a defeat with its spoils (engine/melee.py): loot, glory, bounty, rewards and
the capture of the beaten party."""

from libc.string cimport memcpy, memset
from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps, HOOK_PRE_MELEE
from toolkit.games.caravans.core.fight_base cimport *
from toolkit.games.caravans.core.ops_fire cimport Ctx, ctx_init, fire, refresh, use_card
from toolkit.games.caravans.core.fight_hits cimport race_of, is_non_brigand
from toolkit.games.caravans.core.fight_cards cimport (add_bounty, bounty_reward, gain_gold,
                                                      gain_glory, complete_mission,
                                                      place_equipment)
from toolkit.games.caravans.core.fight_checks cimport dice_for
from toolkit.games.caravans.core.fight_death cimport kill
from toolkit.games.caravans.core.fight_npc cimport npc_leave
from toolkit.games.caravans.core.ops cimport CHK_MELEE

cdef enum:
    SAFETY_ROUNDS = 60


cdef struct Spoils:
    bint capture             # a party to capture
    CParty party
    bint loot                # a LOOT decision owed
    int n_cards
    int cards[FMAX_CARDS]
    int room


cdef int _melee_dice(CState* s, const CRules* R, const COps* o, int ref, bint more) noexcept nogil:
    cdef int n
    if ref < 0:
        n = R.npc_leadership[-ref - 1]
    else:
        n = dice_for(s, R, o, ref, H_LEADERSHIP, 1 << CHK_MELEE, True)
    if more:
        n += R.combat_edge_dice
    return n if n < R.dice_count else R.dice_count


cdef void melee(CState* s, const CRules* R, const COps* o, int starter) noexcept nogil:
    cdef CCombat* cb = &s.combat
    cdef CParty* parties[2]
    cdef int sides[2]
    cdef int mercs[2]
    cdef int dice[2]
    cdef int rolls[2][64]
    cdef int side, k, loser, seat
    cdef Ctx c
    cb.melee = True
    sides[0], sides[1] = cb.sides[0], cb.sides[1]
    parties[0], parties[1] = party_of(s, sides[0]), party_of(s, sides[1])
    for side in range(2):
        seat = seat_of(sides[side])
        if seat != NONE:
            ctx_init(&c, HOOK_PRE_MELEE, seat, NONE)
            c.opponent = sides[1 - side]
            fire(s, R, o, &c, True)
    for k in range(SAFETY_ROUNDS):
        mercs[0], mercs[1] = parties[0].cur[S_MERCENARIES], parties[1].cur[S_MERCENARIES]
        if mercs[0] == 0 or mercs[1] == 0:
            loser = (1 - starter) if (mercs[0] == 0 and mercs[1] == 0) else (0 if mercs[0] == 0 else 1)
            defeat(s, R, o, &loser, 1, True)
            return
        for side in range(2):
            dice[side] = _melee_dice(s, R, o, sides[side], mercs[side] > mercs[1 - side])
        for side in range(2):
            roll(&s.rng[<int>RNG_DICE], R, dice[side] if dice[side] > 0 else 0, rolls[side])
        for side in range(2):
            parties[1 - side].cur[S_MERCENARIES] -= count_skulls(rolls[side], dice[side] if dice[side] > 0 else 0)
            if parties[1 - side].cur[S_MERCENARIES] < 0:
                parties[1 - side].cur[S_MERCENARIES] = 0


cdef void _defeat_missions(CState* s, const CRules* R, const COps* o, int seat, int npc) noexcept nogil:
    """A defeat-NPC mission counts only where the NPC is beaten in the mission's target."""
    cdef CPlayer* p = &s.players[seat]
    cdef int missions[MAX_MISSIONS]
    cdef int n = p.n_missions, i, m
    cdef int here = p.region
    memcpy(missions, p.missions, n * sizeof(int))
    for i in range(n):
        m = missions[i]
        if R.mission_defeat[m] == npc and R.mission_target[m] == here:
            complete_mission(s, R, o, seat, m)


cdef void _spoils(CState* s, const CRules* R, const COps* o, int w, int l, bint melee,
                  Spoils* out) noexcept nogil:
    """Gold, rewards, bounty, goods and the capturable party."""
    cdef CCombat* cb = &s.combat
    cdef int win = cb.sides[w], lose = cb.sides[l]
    cdef int seat = seat_of(win), gold, reward, room
    cdef CPlayer* loser
    cdef CPlayer* me
    if lose >= 0:
        loser = &s.players[lose]
        gold = loser.gold
        reward = bounty_reward(s, R, o, seat, lose) if seat != NONE else 0
        loser.gold = 0
    else:
        gold, reward = s.npcs[-lose - 1].gold, R.npc_bounty_reward[-lose - 1]
        s.npcs[-lose - 1].gold = 0
    if seat == NONE:
        s.npcs[-win - 1].gold += gold
        return
    gain_gold(s, seat, gold)
    gain_gold(s, seat, reward)
    if not cb.bounty[w] and is_non_brigand(s, R, lose):
        add_bounty(s, R, o, seat, race_of(s, R, lose))
    if lose < 0:
        _defeat_missions(s, R, o, seat, -lose - 1)
    if not melee:
        return
    me = &s.players[seat]
    if lose >= 0:
        loser = &s.players[lose]
        room = me.party.cur[S_CARGO] - me.n_goods
        room = room if room > 0 else 0
        if loser.n_goods <= room:
            list_extend(me.goods, &me.n_goods, loser.goods, loser.n_goods)
            loser.n_goods = 0
        elif room > 0:
            out.loot = True
            out.n_cards, out.room = loser.n_goods, room
            memcpy(out.cards, loser.goods, loser.n_goods * sizeof(int))
            loser.n_goods = 0
        out.party = loser.party
        loser.has_party = False
    else:
        out.party = s.npcs[-lose - 1].party
    out.capture = True


cdef void defeat(CState* s, const CRules* R, const COps* o, const int* losers, int n,
                 bint melee) noexcept nogil:
    """The losers' parties are beaten; a single victor takes the spoils."""
    cdef int sides[2]
    cdef int victor = (1 - losers[0]) if n == 1 else NONE, i, ref, seat
    cdef Spoils spoils
    cdef CDecision* d
    spoils.capture = spoils.loot = False
    sides[0], sides[1] = s.combat.sides[0], s.combat.sides[1]
    if victor != NONE:
        _spoils(s, R, o, victor, losers[0], melee, &spoils)
    for i in range(n):
        ref = sides[losers[i]]
        if ref >= 0:
            kill(s, R, o, ref)
        else:
            npc_leave(s, -ref - 1)
    if s.phase == PH_OVER and spoils.capture:
        place_equipment(s, R, spoils.party.equipment, spoils.party.n_equipment, NONE, NONE)
    seat = seat_of(sides[victor]) if victor != NONE else NONE
    if seat != NONE and s.phase == PH_PLAY:
        gain_glory(s, R, o, seat, GS_DEFEAT)
        if spoils.capture:
            d = push_pending(s, D_CAPTURE, seat)
            d.party = spoils.party
        if spoils.loot:
            d = push_pending(s, D_LOOT, seat)
            d.n_items, d.left = spoils.n_cards, spoils.room
            memcpy(d.items, spoils.cards, spoils.n_cards * sizeof(int))
    elif spoils.loot:
        list_extend(s.goods_discard, &s.n_goods_discard, spoils.cards, spoils.n_cards)


cdef void loot(CState* s, const CRules* R, int seat, int good) noexcept nogil:
    """LOOT one card of `good` (NONE: LOOT_END); the goods not taken are discarded."""
    cdef CDecision d = s.pending[s.n_pending - 1]
    cdef CDecision* top
    cdef CPlayer* p = &s.players[seat]
    cdef int i = 0
    s.n_pending -= 1
    if good != NONE:
        while i < d.n_items - 1 and R.card_good[d.items[i]] != good:
            i += 1
        list_append(p.goods, &p.n_goods, list_pop_at(d.items, &d.n_items, i))
        if d.left > 1 and d.n_items:
            top = push_pending(s, D_LOOT, d.player)
            top[0] = d
            top.left = d.left - 1
            return
    list_extend(s.goods_discard, &s.n_goods_discard, d.items, d.n_items)


cdef void capture(CState* s, const CRules* R, const COps* o, int seat, bint take) noexcept nogil:
    """CAPTURE: take over the beaten party (the old one abandoned) or leave it."""
    cdef CParty party = s.pending[s.n_pending - 1].party
    cdef CPlayer* p = &s.players[seat]
    cdef int old_mercs
    cdef int old_eq[FMAX_EQUIP]
    cdef int n_old
    s.n_pending -= 1
    if not take or not p.has_party:
        place_equipment(s, R, party.equipment, party.n_equipment, p.region, seat)
        return
    n_old = p.party.n_equipment
    memcpy(old_eq, p.party.equipment, n_old * sizeof(int))
    old_mercs = p.party.cur[S_MERCENARIES]
    place_equipment(s, R, old_eq, n_old, p.region, seat)
    party.cur[S_MERCENARIES] = old_mercs
    p.party = party
    refresh(s, R, o, seat, 0)
    use_card(p, R.sym_party[party.kind])
