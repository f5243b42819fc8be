# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/death.py sha256:6b3f9d1da6ed0f11
"""A hero's death and the next hero (engine/death.py)."""

from libc.string cimport memcpy
from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps
from toolkit.games.caravans.core.fight_base cimport *
from toolkit.games.caravans.core.fight_cards cimport place_equipment, game_over
from toolkit.games.caravans.core.ops_fire cimport new_party


cdef void kill(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil:
    """The hero dies: hero, party, goods, carried gold, weapons, glory cards, rumors,
    missions and bounty go; glory and stash stay; the next hero must choose a party."""
    cdef CPlayer* p = &s.players[seat]
    cdef int equipment[FMAX_EQUIP]
    cdef int n_eq = 0, region, i, k
    cdef CDecision dropped[MAX_PENDING]
    cdef int n_dropped = 0
    cdef CDecision* d
    if p.hero == NONE or s.phase == PH_OVER:
        return
    p.deaths += 1
    list_append(s.hero_discard, &s.n_hero_discard, p.hero)
    if p.has_party:
        n_eq = p.party.n_equipment
        memcpy(equipment, p.party.equipment, n_eq * sizeof(int))
    region = p.region
    list_extend(s.goods_discard, &s.n_goods_discard, p.goods, p.n_goods)
    list_extend(s.glory_discard, &s.n_glory_discard, p.hand, p.n_hand)
    list_extend(s.glory_discard, &s.n_glory_discard, p.followers, p.n_followers)
    list_extend(s.rumor_discard, &s.n_rumor_discard, p.rumors, p.n_rumors)
    for i in range(p.n_missions):       # mission_deck[:0] = missions
        list_insert(s.mission_deck, &s.n_mission_deck, i, p.missions[i])
    for i in range(p.n_weapons):
        s.weapon_supply[p.weapons[i]] += 1
    p.hero = p.region = NONE
    p.has_party = False
    p.n_goods = p.n_hand = p.n_followers = p.n_weapons = p.n_rumors = p.n_missions = 0
    for i in range(MAX_RACES):
        p.bounty[i] = ABSENT
    p.gold, p.in_tavern, p.large_formed, p.actions = 0, False, False, 0
    k = 0
    for i in range(s.n_pending):        # the dead hero's open choices lapse
        d = &s.pending[i]
        if d.player == seat and d.kind != D_CHOOSE_PARTY:
            dropped[n_dropped] = d[0]
            n_dropped += 1
        else:
            if k != i:
                s.pending[k] = d[0]
            k += 1
    s.n_pending = k
    for i in range(n_dropped):
        d = &dropped[i]
        if d.kind == D_LOOT:
            list_extend(s.goods_discard, &s.n_goods_discard, d.items, d.n_items)
        elif d.kind == D_PLACE_EQUIPMENT:
            place_equipment(s, R, d.items, d.n_items, region, NONE)
        elif d.kind == D_CAPTURE:
            place_equipment(s, R, d.party.equipment, d.party.n_equipment, region, NONE)
    if s.n_hero_deck == 0:
        place_equipment(s, R, equipment, n_eq, region, NONE)
        game_over(s, R, END_HEROES_EXHAUSTED)
        return
    s.n_hero_deck -= 1
    p.hero = s.hero_deck[s.n_hero_deck]
    list_append(p.heroes, &p.n_heroes, p.hero)
    d = push_pending(s, D_CHOOSE_PARTY, seat)
    d.end_turn = s.in_turn and seat == s.order[s.turn_pos]
    if threatened(s, R, p.hero) and s.n_hero_deck:
        push_pending(s, D_REDRAW, seat)
    place_equipment(s, R, equipment, n_eq, region, seat)


cdef bint threatened(const CState* s, const CRules* R, int hero) noexcept nogil:
    """Whether a brigand band stands in the hero's home region."""
    cdef int i, home = R.hero_home[hero]
    for i in range(R.n_npcs):
        if s.npcs[i].region == home and R.npc_brigand[i]:
            return True
    return False


cdef void redraw(CState* s, int seat, bint again) noexcept nogil:
    """KEEP_HERO or REDRAW_HERO: the drawn hero under the deck, the next one taken."""
    cdef CPlayer* p = &s.players[seat]
    s.n_pending -= 1
    if not again or s.n_hero_deck == 0:
        return
    list_insert(s.hero_deck, &s.n_hero_deck, 0, p.hero)
    s.n_hero_deck -= 1
    p.hero = s.hero_deck[s.n_hero_deck]
    p.heroes[p.n_heroes - 1] = p.hero


cdef void start_hero(CState* s, const CRules* R, const COps* o, int seat, int kind,
                     bint top_up) noexcept nogil:
    """Place the seat's hero with its chosen party at its home tavern."""
    cdef CPlayer* p = &s.players[seat]
    cdef int need, from_stash
    p.region, p.in_tavern = R.hero_home[p.hero], True
    new_party(s, R, o, &p.party, kind, seat)
    p.has_party = True
    if top_up:
        need = R.death_top_up_gold - p.gold
        need = need if need > 0 else 0
        from_stash = need if need < p.stash else p.stash
        p.stash -= from_stash
        p.gold += need
