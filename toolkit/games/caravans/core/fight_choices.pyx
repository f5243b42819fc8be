# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/combat.py sha256:3a1bf258eabbea01
"""What a fighting player may choose (engine/combat.py choice_options, strike_options):
the COMBAT_CHOICE actions and the equipment that may strike on a flight."""

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport *
from toolkit.games.caravans.core.fight_base cimport *
from toolkit.games.caravans.core.ops_fire cimport tricks


cdef int choice_options(CState* s, const CRules* R, const COps* o, int seat, int side,
                        CAction* out) noexcept nogil:
    """COMBAT_CHOICE actions: (mode, weapon, glory card) open to a player side now."""
    cdef CCombat* cb = &s.combat
    cdef CPlayer* p = &s.players[seat]
    cdef int modes[3]
    cdef int weapons[MAX_WEAPON_TOKENS * 2 + 1]
    cdef int needs[MAX_WEAPON_TOKENS * 2 + 1]
    cdef int glory[MAX_GLORY * 2 + 1]
    cdef int nm = 1, nw = 1, ng = 1, n = 0, i, j, k, w, src, m
    modes[0] = MODE_RANGED
    if cb.round > 1 and p.party.cur[S_SHIELD] > 0:
        if p.party.cur[S_MERCENARIES] > 0:
            modes[nm] = MODE_MELEE
            nm += 1
        modes[nm] = MODE_FLEE
        nm += 1
    weapons[0], needs[0] = NONE, NONE
    for i in range(p.n_weapons):
        w = p.weapons[i]
        if list_has(cb.used[side], cb.n_used[side], w):
            continue
        src = o.weapon0 + w
        for k in range(o.first[src], o.first[src + 1]):
            if o.ops[k].op == OP_REDIRECT_HITS:
                weapons[nw], needs[nw] = w, MODE_RANGED
                nw += 1
            elif o.ops[k].op == OP_MELEE_BOOST:
                weapons[nw], needs[nw] = w, MODE_MELEE
                nw += 1
    glory[0] = NONE
    ng += tricks(s, o, seat, HOOK_CONTEST, glory + ng)
    ng += tricks(s, o, seat, HOOK_CANCEL, glory + ng)
    for i in range(nm):
        m = modes[i]
        for j in range(nw):
            if needs[j] != NONE and needs[j] != m:
                continue
            for k in range(ng):
                if n < MAX_ACTIONS:
                    out[n].kind, out[n].a, out[n].b, out[n].c = AK_COMBAT_CHOICE, m, weapons[j], glory[k]
                    n += 1
    return n


cdef int strike_options(const CState* s, const COps* o, int seat, int* out) noexcept nogil:
    """The seat's unflipped equipment that may strike a fleeing or fled-from opponent."""
    cdef const CParty* party = &s.players[seat].party
    cdef int i, e, n = 0
    for i in range(party.n_equipment):
        e = party.equipment[i]
        if not list_has(party.flipped, party.n_flipped, e) and src_has(o, o.equip0 + e, OP_FLEE_STRIKE):
            out[n] = e
            n += 1
    return n
