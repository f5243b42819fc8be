# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/agents/value.py sha256:149504f37ba6a328
"""agents/value.py (fight_value, raid_value, delve_value, explorer_value, bounty_cost) and
decisions.py's party_pref / glory_card_value in C over a CView. Each function follows the
Python one line by line (same double operations, same order); see those for the why."""

from libc.string cimport memcpy

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport HOOK_PARTY_MAX
from toolkit.games.caravans.core.ops_fire cimport Ctx, ctx_init, fire
from toolkit.games.caravans.core.fight_cards cimport bounty_reward
from toolkit.games.caravans.core.agent_tables cimport *
from toolkit.games.caravans.core.agent_view cimport *


cdef inline double _max(double a, double b) noexcept nogil:
    return a if a >= b else b       # Python max(a, b): the first of equals


cdef inline double _min(double a, double b) noexcept nogil:
    return b if b < a else a        # Python min(a, b): the first of equals


cdef double bounty_cost(CView* v, int race) noexcept nogil:
    """A new bounty marker costs more when it closes that race's taverns to the seat."""
    if race == NONE:
        return 0.0
    cdef int held = v.me.bounty[race]
    return v.w[F_BOUNTY] * (2.0 if held == ABSENT or held == 0 else 1.0)


cdef bint _lawful(CView* v, int ref) noexcept nogil:
    if ref >= 0:
        return not is_brigand(&v.s.players[ref])
    return v.R.npc_patrol[-ref - 1]


cdef int _target_race(CView* v, int ref) noexcept nogil:
    cdef int hero
    if ref >= 0:
        hero = v.s.players[ref].hero
        return v.R.hero_race[hero] if hero != NONE else NONE
    return v.R.npc_race[-ref - 1]


cdef double _spoils(CView* v, int ref) noexcept nogil:
    cdef const CPlayer* other
    cdef int room, goods
    if ref >= 0:
        other = &v.s.players[ref]
        room = v_room(v)
        goods = other.n_goods if other.n_goods < (room if room > 0 else 0) else \
            (room if room > 0 else 0)
        return <double>(seen_gold(v, ref) + goods * v.R.sell_price
                        + bounty_reward(v.s, v.R, v.o, v.seat, ref))
    return <double>(v.s.npcs[-ref - 1].gold + v.R.npc_bounty_reward[-ref - 1])


cdef double fight_value(CView* v, int ref, bint found) noexcept nogil:
    """Expected gain of exploring (or, when `found`, of fighting) the party `ref`."""
    cdef int slot = ref_slot(ref), f = 1 if found else 0
    if not v.has_fight_value[slot][f]:
        v.fight_value[slot][f] = _fight_value(v, ref, found)
        v.has_fight_value[slot][f] = True
    return v.fight_value[slot][f]


cdef double _fight_value(CView* v, int ref, bint found) noexcept nogil:
    cdef const double* w = v.w
    cdef double win, appetite, gain, find, cost
    if not v.me.has_party:
        return 0.0
    if party_of(v, ref) == NULL:
        return 0.0
    win = v_fight_win(v, ref)
    appetite = w[F_FIGHT_PLAYERS] if ref >= 0 else w[F_FIGHT_NPCS]
    if win < w[F_MIN_WIN_CHANCE]:
        return -w[F_RISK] * (1 - win) * v_loss_if_beaten(v) * 0.5
    gain = win * (w[F_GLORY] + _spoils(v, ref)) - (1 - win) * w[F_RISK] * v_loss_if_beaten(v)
    find = 1.0 if found else v_chance(v, H_PERCEPTION, 1, 0)
    cost = bounty_cost(v, _target_race(v, ref)) if _lawful(v, ref) else 0.0
    return appetite * find * gain - find * cost


cdef int raid_agility(CView* v) noexcept nogil:
    """engine raid.raid_agility: the party's agility without equipment, at most the dice."""
    cdef Ctx c
    cdef CParty* party = &v.s.players[v.seat].party
    ctx_init(&c, HOOK_PARTY_MAX, v.seat, 0)
    memcpy(c.top, v.R.party_base[party.kind], 6 * sizeof(int))
    c.party = party
    fire(v.s, v.R, v.o, &c, False)
    cdef int n = c.top[S_AGILITY]
    if n > v.R.dice_count:
        n = v.R.dice_count
    return n if n > 0 else 0


cdef double raid_value(CView* v, int race) noexcept nogil:
    """Expected gain of raiding a found explorer (bounty of `race` if given)."""
    cdef const double* w = v.w
    cdef const CRules* R = v.R
    cdef double per_card, p_ambush, skulls, cards, ambushes, fail, gold, glory, hits, cost
    cdef double held
    cdef int n
    if not v.me.has_party:
        return 0.0
    per_card, p_ambush = v.T.raid_gold, v.T.raid_ambush
    n = v_dice_for(v, H_COMBAT, 0)
    skulls = (n if n > 0 else 0) * v.T.skull_q
    cards = R.raid_draw + 0.5 * skulls
    ambushes = p_ambush * _max(0.0, cards - skulls)
    fail = _min(1.0, ambushes / R.raid_fail_ambushes)
    gold = cards * (1 - p_ambush) * per_card * (1 - fail)
    glory = w[F_GLORY] * (0.3 if gold >= R.raid_glory_gold else 0.05)
    hits = ambushes * 2.0
    cost = bounty_cost(v, race) if race != NONE else w[F_BOUNTY]
    held = at_least(v.T, raid_agility(v), 1)
    return w[F_RAID] * held * (gold + glory - hits) - cost


cdef double delve_value(CView* v) noexcept nogil:
    cdef const double* w = v.w
    cdef double gold, miss
    cdef int n
    if not v.me.has_party:
        return 0.0
    n = v_dice_for(v, H_LEADERSHIP, 0)
    gold = (n if n > 0 else 0) * v.T.skull_q * v.R.delve_gold_per_skull
    miss = (1 - at_least(v.T, n, 1)) * v.R.delve_fail_mercenaries * w[F_RECRUIT]
    return w[F_DELVE] * (gold - miss)


cdef double explorer_value(CView* v) noexcept nogil:
    """Expected gain of exploring an explorer (raid or delve, the better)."""
    if not v.has_explorer:
        v.explorer = v_chance(v, H_PERCEPTION, 1, 0) * _max(raid_value(v, NONE),
                                                            delve_value(v))
        v.has_explorer = True
    return v.explorer


cdef double party_pref(CView* v, int kind) noexcept nogil:
    cdef const CRules* R = v.R
    cdef int role = v.T.party_role[kind], i, total = 0
    cdef double weight = v.w[F_CARAVAN] if role == ROLE_CARAVAN else (
        v.w[F_WAR_BAND] if role == ROLE_WAR_BAND else 0.0)
    for i in range(6):
        if i != S_SHIELD:
            total += R.party_base[kind][i]
    return weight + v.w[F_LARGE] * (1 if R.party_large[kind] else 0) + 0.5 * total


cdef double glory_card_value(CView* v, int card) noexcept nogil:
    return 6.0 if v.R.glory_follower[card] else 3.0
