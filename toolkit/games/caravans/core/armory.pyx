# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/armory.py sha256:c912d6f1ac5a5257
"""armory.py in C (see armory.pxd)."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport (COps, HOOK_FREE_REPAIR, OP_CANCEL_HIT, src_equip,
                                              src_has)
from toolkit.games.caravans.core.fight_base cimport list_append, list_has, list_remove
from toolkit.games.caravans.core.ops_fire cimport fire_value, refresh, new_party, fills_of, use_card
from toolkit.games.caravans.core.fight_cards cimport gain_glory, gain_gold, place_equipment
from toolkit.games.caravans.core.tavern cimport begin

cdef int REPAIRABLE[4]
REPAIRABLE[:] = [S_DEFENSE, S_SHIELD, S_ATTACK, S_CARGO]   # the repair order


cdef int damage(const CParty* party) noexcept nogil:
    """Damage points that repair mends (mercenary losses excluded)."""
    return (party.top[S_DEFENSE] - party.cur[S_DEFENSE] + party.top[S_SHIELD]
            - party.cur[S_SHIELD] + party.top[S_ATTACK] - party.cur[S_ATTACK]
            + party.top[S_CARGO] - party.cur[S_CARGO])


cdef int resale(const CRules* R, const CParty* party) noexcept nogil:
    """Disband value: card resale +1 per equipment -1 per damage point; wardens none."""
    cdef int value = R.party_resale[party.kind]
    if value == NONE:
        return 0
    value += R.armory_equipment_resale * party.n_equipment - damage(party)
    return value if value > 0 else 0


cdef void form_party(CState* s, const CRules* R, const COps* o, int seat, int kind) noexcept nogil:
    """A new party replaces the old with its full crew."""
    begin(s, R, o, ACT_FORM)
    cdef CPlayer* p = &s.players[seat]
    cdef int tokens[MAX_EQUIPMENT]
    cdef int n = p.party.n_equipment, i
    for i in range(n):
        tokens[i] = p.party.equipment[i]
    p.gold -= R.party_cost[kind] - resale(R, &p.party)
    place_equipment(s, R, tokens, n, p.region, seat)
    cdef CParty fresh
    new_party(s, R, o, &fresh, kind, seat)
    p.party = fresh
    p.has_party = True
    use_card(p, R.sym_party[kind])
    if R.party_large[kind] and not p.large_formed:
        p.large_formed = True
        gain_glory(s, R, o, seat, GS_LARGE_PARTY)


cdef int free_repair(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil:
    if s.players[seat].free_repair:
        return 0
    return fire_value(s, R, o, seat, HOOK_FREE_REPAIR, 0, True)


cdef int repair_cost(const CRules* R, int points, int free) noexcept nogil:
    cdef int n = points - free
    return (n if n > 0 else 0) * R.armory_repair


cdef void repair(CState* s, const CRules* R, const COps* o, int seat, int points) noexcept nogil:
    begin(s, R, o, ACT_REPAIR)
    cdef CPlayer* p = &s.players[seat]
    cdef int free = free_repair(s, R, o, seat)
    p.gold -= repair_cost(R, points, free)
    if free_repair(s, R, o, seat):
        p.free_repair = True
    cdef CParty* party = &p.party
    cdef int k, stat, fix
    for k in range(4):
        stat = REPAIRABLE[k]
        fix = party.top[stat] - party.cur[stat]
        if points < fix:
            fix = points
        party.cur[stat] += fix
        points -= fix


cdef bint restorable(const COps* o, int equipment) noexcept nogil:
    return src_has(o, src_equip(o, equipment), OP_CANCEL_HIT)


cdef int restore_cost(const CRules* R, const COps* o, int equipment) noexcept nogil:
    cdef int src = src_equip(o, equipment), i
    for i in range(o.first[src], o.first[src + 1]):
        if o.ops[i].op == OP_CANCEL_HIT and o.ops[i].b != NONE:
            return o.ops[i].b
    return R.armory_amulet_restore


cdef void restore(CState* s, const CRules* R, const COps* o, int seat, int equipment) noexcept nogil:
    begin(s, R, o, ACT_RESTORE)
    cdef CPlayer* p = &s.players[seat]
    p.gold -= restore_cost(R, o, equipment)
    list_remove(p.party.flipped, &p.party.n_flipped, equipment)


cdef void buy_equipment(CState* s, const CRules* R, const COps* o, int seat) noexcept nogil:
    begin(s, R, o, ACT_EQUIPMENT)
    cdef CPlayer* p = &s.players[seat]
    cdef int token = s.tavern_eq[p.region]
    s.tavern_eq[p.region] = NONE
    p.gold -= R.armory_equipment_cost
    _fit(s, R, o, seat, token)


cdef void swap_equipment(CState* s, const CRules* R, const COps* o, int seat, int mine) noexcept nogil:
    """At Nightshade: hand back one of yours for the tavern's token (paying its price)."""
    begin(s, R, o, ACT_EQUIPMENT)
    cdef CPlayer* p = &s.players[seat]
    cdef int token = s.tavern_eq[p.region]
    list_remove(p.party.equipment, &p.party.n_equipment, mine)
    list_remove(p.party.flipped, &p.party.n_flipped, mine)
    s.tavern_eq[p.region] = mine
    p.gold -= R.armory_equipment_cost
    refresh(s, R, o, seat, 0)
    _fit(s, R, o, seat, token)


cdef void _fit(CState* s, const CRules* R, const COps* o, int seat, int token) noexcept nogil:
    cdef CPlayer* p = &s.players[seat]
    list_append(p.party.equipment, &p.party.n_equipment, token)
    refresh(s, R, o, seat, fills_of(o, src_equip(o, token)))
    use_card(p, R.sym_equipment[token])


cdef void buy_weapon(CState* s, const CRules* R, const COps* o, int seat, int weapon) noexcept nogil:
    begin(s, R, o, ACT_WEAPON + weapon)
    cdef CPlayer* p = &s.players[seat]
    s.weapon_supply[weapon] -= 1
    list_append(p.weapons, &p.n_weapons, weapon)
    p.gold -= R.armory_weapon_cost
    use_card(p, R.sym_weapon[weapon])


cdef void sell_weapon(CState* s, const CRules* R, const COps* o, int seat, int weapon) noexcept nogil:
    begin(s, R, o, ACT_SELL_WEAPON + weapon)
    cdef CPlayer* p = &s.players[seat]
    list_remove(p.weapons, &p.n_weapons, weapon)
    s.weapon_supply[weapon] += 1
    gain_gold(s, seat, R.armory_weapon_resale)
