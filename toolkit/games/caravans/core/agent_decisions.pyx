# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/agents/decisions.py sha256:f9fb91722afad647
"""agents/decisions.py in C over a CView: every scorer follows the Python one line by line
(same double operations in the same order; int sums where Python sums ints)."""

from libc.math cimport rint

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.fight_base cimport list_has
from toolkit.games.caravans.core.ops cimport COps, OP_COMBAT_DICE, OP_CANCEL_HIT, src_glory
from toolkit.games.caravans.core.agent_tables cimport *
from toolkit.games.caravans.core.agent_view cimport *
from toolkit.games.caravans.core.agent_value cimport *
from toolkit.games.caravans.core.agent_plan_value cimport equipment_value
from toolkit.games.caravans.core.armory cimport restore_cost

cdef enum:
    AMBUSH = -1          # a goods card's raid icon (content.pxd card_raid)


cdef bint decision_score(CView* v, const CAction* a, double* out) noexcept nogil:
    cdef int k = a.kind
    if k == AK_CHOOSE_PARTY:
        out[0] = party_pref(v, a.a)
    elif k == AK_COMBAT_CHOICE:
        out[0] = _combat_choice(v, a.a, a.b, a.c)
    elif k == AK_CAPTURE:
        out[0] = _capture(v, a.a)
    elif k == AK_RAID:
        out[0] = raid_value(v, a.a)
    elif k == AK_DELVE:
        out[0] = delve_value(v)
    elif k == AK_RAID_DRAW:
        out[0] = _raid_change(v, False, 0, True)
    elif k == AK_RAID_DISCARD:
        out[0] = _raid_change(v, True, v.R.card_raid[a.a], False)
    elif k == AK_RAID_SWAP:
        out[0] = _raid_change(v, True, v.R.card_raid[a.a], True)
    elif k == AK_REROLL:
        out[0] = _reroll(v, a.a)
    elif k == AK_DISCARD_GLORY:
        out[0] = -glory_card_value(v, a.a)
    elif k == AK_ATTACK:
        out[0] = fight_value(v, v.s.pending[v.s.n_pending - 1].target, True)
    elif k == AK_FLEE_STRIKE:
        out[0] = 1.0 if a.b else 0.0
    elif k == AK_BLOCK_HIT:
        out[0] = _block_hit(v, a.a) if a.b else 0.0
    elif k == AK_LOOT:
        out[0] = v_sale_value(v, a.a, NONE)
    elif k == AK_KEEP_HERO:
        out[0] = hero_fit(v, v.me.hero) - _mean_fit(v) + 1.0 - 2.0 * _band_at_home(v)
    elif k == AK_AMNESTY:
        out[0] = _amnesty(v, a.a)
    elif k == AK_PLACE_EQUIPMENT:
        out[0] = _place_equipment(v, a.a)
    elif k == AK_RAID_END or k == AK_ACCEPT or k == AK_LET_GO or k == AK_LOOT_END \
            or k == AK_REDRAW_HERO or k == AK_END_VISIT or k == AK_END_TURN:
        out[0] = 0.0
    else:
        return False
    return True


# --- combat -------------------------------------------------------------------------------
cdef double _block_hit(CView* v, int equipment) noexcept nogil:
    """Flip the amulet unless the hit costs less than turning it back: a cargo hit with no
    goods carried; any other hit weakens the fight, loses a card or the party."""
    cdef const CParty* party = &v.me.party
    cdef int where = v.s.pending[v.s.n_pending - 1].where
    cdef double loss
    if party.cur[where] <= 0 or where == S_AGILITY:
        where = S_DEFENSE
    loss = <double>v.R.armory_repair
    if where == S_DEFENSE and party.cur[S_DEFENSE] <= 1:
        loss += v.w[F_RISK] * v_loss_if_beaten(v)
    elif where == S_CARGO:
        loss += v.R.sell_price if v.me.n_goods else 0.0
    else:
        loss += 2.0
    return loss - restore_cost(v.R, v.o, equipment)


cdef double _combat_choice(CView* v, int mode, int weapon, int glory) noexcept nogil:
    cdef const double* w = v.w
    cdef const CCombat* combat = &v.s.combat
    cdef int other = combat.sides[1] if combat.sides[0] == v.seat else combat.sides[0]
    cdef int extra = _trick_dice(v, glory) if glory != NONE else 0
    cdef double gain = w[F_GLORY] + _quick_spoils(v, other)
    cdef double loss = w[F_RISK] * v_loss_if_beaten(v)
    cdef double ranged = v_ranged_win(v, other, extra), win, score, floor
    if mode == MODE_MELEE:
        win = v_melee_win(v, other, extra + (1 if weapon != NONE else 0))
        score = win * gain - (1 - win) * loss
    elif mode == MODE_FLEE:
        score = (w[F_FLEE_BELOW] - ranged) * loss - (1 - ranged) * loss * 0.5
    else:
        score = ranged * gain - (1 - ranged) * loss
    if weapon != NONE:
        score += 0.3 * w[F_WEAPON]
    if glory != NONE:
        floor = w[F_GLORY_CARDS] if w[F_GLORY_CARDS] > 0.1 else 0.1
        score -= glory_card_value(v, glory) / floor
        if _has_op(v, glory, OP_CANCEL_HIT):
            score += (1 - ranged) * _hit_worth(v, other)
    return score


cdef bint _has_op(CView* v, int glory, int op) noexcept nogil:
    cdef int src = src_glory(v.o, glory), k
    for k in range(v.o.first[src], v.o.first[src + 1]):
        if v.o.ops[k].op == op:
            return True
    return False


cdef int _trick_dice(CView* v, int glory) noexcept nogil:
    cdef int src = src_glory(v.o, glory), k, total = 0
    for k in range(v.o.first[src], v.o.first[src + 1]):
        if v.o.ops[k].op == OP_COMBAT_DICE:
            total += v.o.ops[k].a
    return total


cdef double _hit_worth(CView* v, int other) noexcept nogil:
    """A hit saved: a repair, or the party itself when the enemy's hits could end it."""
    cdef const CParty* theirs = party_of(v, other)
    if not v.me.has_party or theirs == NULL:
        return 0.0
    cdef bint fatal = v.me.party.cur[S_DEFENSE] <= theirs.cur[S_ATTACK]
    return v.R.armory_repair + (0.5 * v_loss_if_beaten(v) if fatal else 0.0)


cdef double _quick_spoils(CView* v, int ref) noexcept nogil:
    if ref >= 0:
        return <double>seen_gold(v, ref)
    return <double>(v.s.npcs[-ref - 1].gold + v.R.npc_bounty_reward[-ref - 1])


# --- capture ------------------------------------------------------------------------------
cdef int _stat_sum(const CParty* p) noexcept nogil:
    cdef int i, total = 0
    for i in range(6):
        if i != S_MERCENARIES:
            total += p.cur[i]
    return total


cdef double _gear(CView* v, const CParty* p) noexcept nogil:
    """sum(equipment_value(...)) over a party's tokens, left to right from 0."""
    cdef double total = 0.0
    cdef int i
    for i in range(p.n_equipment):
        total = total + equipment_value(v, p.equipment[i],
                                        list_has(p.flipped, p.n_flipped, p.equipment[i]))
    return total


cdef double _capture(CView* v, int take) noexcept nogil:
    if not take or not v.me.has_party:
        return 0.0
    cdef const CParty* entry = &v.s.pending[v.s.n_pending - 1].party
    cdef const CParty* mine = &v.me.party
    cdef int better = _stat_sum(entry) - _stat_sum(mine)
    cdef double gear = _gear(v, entry) - _gear(v, mine)
    return better + gear + party_pref(v, entry.kind) - party_pref(v, mine.kind)


# --- raids --------------------------------------------------------------------------------
cdef double _raid_worth(CView* v, const int* icons, int n) noexcept nogil:
    """Value of a raid's cards if it ended now: gold unless failed, minus ambush hits."""
    cdef int i, ambushes = 0, gold = 0
    for i in range(n):
        if icons[i] == AMBUSH:
            ambushes += 1
        else:
            gold += icons[i]
    if ambushes >= v.R.raid_fail_ambushes:
        gold = 0
    cdef double glory = v.w[F_GLORY] if gold >= v.R.raid_glory_gold else 0.0
    return gold + glory - 2.0 * ambushes


cdef double _raid_change(CView* v, bint has_drop, int drop, bint draw) noexcept nogil:
    """_raid_after(icons, drop, draw) - _raid_worth(icons) of the seat's raid (`drop` an
    icon, AMBUSH included, when has_drop)."""
    cdef int icons[40]
    cdef int kept[40]
    cdef int n = v.s.raid.n_cards, i, m = 0
    cdef bint dropped = False
    cdef double after, p_ambush
    for i in range(n):
        icons[i] = v.R.card_raid[v.s.raid.cards[i]]
        if has_drop and not dropped and icons[i] == drop:
            dropped = True          # list.remove: the first equal icon
        else:
            kept[m] = icons[i]
            m += 1
    if not draw:
        after = _raid_worth(v, kept, m)
    else:
        p_ambush = v.T.raid_ambush
        kept[m] = AMBUSH
        after = p_ambush * _raid_worth(v, kept, m + 1)
        kept[m] = <int>rint(v.T.raid_gold)   # Python round(): half to even
        after = after + (1 - p_ambush) * _raid_worth(v, kept, m + 1)
    return after - _raid_worth(v, icons, n)


# --- cards --------------------------------------------------------------------------------
cdef double _reroll(CView* v, int glory) noexcept nogil:
    cdef const CDecision* entry = &v.s.pending[v.s.n_pending - 1]
    cdef double importance
    if entry.then == THEN_EXPLORE or entry.then == THEN_MISSION:
        importance = 6.0
    elif entry.then == THEN_COMPLETE:
        importance = 12.0
    elif entry.then == THEN_RUMOR:
        importance = 4.0
    else:
        importance = 2.0
    cdef double stake = importance * v.w[F_GLORY_CARDS]
    return stake * at_least(v.T, entry.dice, entry.need) - glory_card_value(v, glory)


# --- heroes -------------------------------------------------------------------------------
cdef inline double _max2(double a, double b) noexcept nogil:
    return b if b > a else a


cdef double hero_fit(CView* v, int hero) noexcept nogil:
    """How well a hero's stats serve the style (decisions.hero_fit)."""
    cdef const double* w = v.w
    cdef const int* stats = v.R.hero_stats[hero]
    return (stats[H_COMBAT] * _max2(_max2(w[F_FIGHT_PLAYERS], w[F_FIGHT_NPCS]), w[F_RAID])
            + stats[H_PERCEPTION] * _max2(w[F_RUMOR], w[F_HUNT_GOAL])
            + stats[H_INFLUENCE] * _max2(w[F_MISSION], w[F_RUMOR])
            + stats[H_LEADERSHIP] * _max2(w[F_DELVE], 0.5 * w[F_RECRUIT])) * 2.0


cdef double _mean_fit(CView* v) noexcept nogil:
    cdef double total = 0.0
    cdef int h, n = v.R.n_heroes
    for h in range(n):
        total = total + hero_fit(v, h)
    return total / (n if n > 1 else 1)


cdef double _band_at_home(CView* v) noexcept nogil:
    """The chance of losing to the strongest band in the hero's home region (0 if none)."""
    cdef int home = v.R.hero_home[v.me.hero], i
    cdef bint any_band = False, first = True
    cdef double best = 0.0, x
    for i in range(v.s.n_npcs):
        if v.s.npcs[i].region == home and v.R.npc_brigand[i]:
            any_band = True
            if v.me.has_party:
                x = 1.0 - v_ranged_win(v, -(i + 1), 0)
                if first or x > best:
                    best, first = x, False
    if not v.me.has_party:
        return 1.0 if any_band else 0.0
    return best


# --- the seed's open choices --------------------------------------------------------------
cdef double _amnesty(CView* v, int race) noexcept nogil:
    cdef int left = v.me.bounty[race]
    if left == ABSENT:
        left = 0
    cdef int home = v_home(v)
    cdef int home_race = v.R.region_race[home] if home != NONE else NONE
    return (2.0 if left == 1 else 1.0) / left + (0.5 if race == home_race else 0.0)


cdef double _place_equipment(CView* v, int region) noexcept nogil:
    cdef int where = v.me.region if v.me.region != NONE else v_home(v)
    return -<double>dist(v, where, region) if where != NONE else 0.0
