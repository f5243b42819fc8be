# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/engine/cards.py sha256:e885443fda170464
# mirrors: toolkit/games/caravans/engine/tokens.py sha256:64d4f2f488ec5eb9
"""engine/cards.py, tokens.py and ending.game_over in C (see fight_cards.pxd)."""

from libc.string cimport memcpy
from toolkit.native.mt cimport mt_shuffle_int
from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps, HOOK_WAR
from toolkit.games.caravans.core.fight_base cimport *
from toolkit.games.caravans.core.ops_fire cimport Ctx, ctx_init, fire_events, use_card


cdef int draw(CState* s, int* deck, int* n_deck, int* pile, int* n_pile) noexcept nogil:
    """Top card of a deck, reshuffling its discard pile when empty; NONE if both are."""
    if n_deck[0] == 0 and pile != NULL and n_pile[0] > 0:
        list_extend(deck, n_deck, pile, n_pile[0])
        n_pile[0] = 0
        mt_shuffle_int(&s.rng[<int>RNG_DECK], deck, n_deck[0])
    if n_deck[0] == 0:
        return NONE
    n_deck[0] -= 1
    return deck[n_deck[0]]


cdef int draw_goods(CState* s) noexcept nogil:
    return draw(s, s.goods_deck, &s.n_goods_deck, s.goods_discard, &s.n_goods_discard)


cdef int total_glory(const CState* s, const CRules* R, int seat) noexcept nogil:
    cdef int points = s.players[seat].stash // R.stash_gold_per_point
    return s.players[seat].glory + (points if points < R.stash_max_points else R.stash_max_points)


cdef int* _first = NULL
cdef int* _n_first = NULL


cdef void note_first_gains(int* out, int* n) noexcept nogil:
    """From now on append seat * 8 + source to out[n[0]++] when a player gains glory from a
    source for the first time (the engine's glory_src key order); out NULL: off."""
    global _first, _n_first
    _first, _n_first = out, n


cdef void gain_glory(CState* s, const CRules* R, const COps* o, int seat, int source) noexcept nogil:
    """+1 glory from `source` (GS_*), a glory card drawn, victory announced when reached."""
    cdef CPlayer* p = &s.players[seat]
    p.glory = p.glory + 1 if p.glory + 1 < R.track_glory else R.track_glory
    if _first != NULL and p.glory_src[source] == 0:
        _first[_n_first[0]] = seat * 8 + source
        _n_first[0] += 1
    p.glory_src[source] += 1
    draw_glory_card(s, R, seat)
    check_announce(s, R, seat)


cdef void draw_glory_card(CState* s, const CRules* R, int seat) noexcept nogil:
    cdef int card = draw(s, s.glory_deck, &s.n_glory_deck, s.glory_discard, &s.n_glory_discard)
    cdef CPlayer* p = &s.players[seat]
    if card == NONE:
        return
    list_append(p.hand, &p.n_hand, card)
    if p.n_hand + p.n_followers > R.glory_hand_limit:
        push_pending(s, D_DISCARD_GLORY, seat)


cdef void check_announce(CState* s, const CRules* R, int seat) noexcept nogil:
    if s.announced == NONE and total_glory(s, R, seat) >= R.glory_to_win:
        s.announced = seat


cdef void gain_gold(CState* s, int seat, int amount) noexcept nogil:
    if amount:
        s.players[seat].gold += amount


cdef int hero_race(const CState* s, const CRules* R, int seat) noexcept nogil:
    cdef int hero = s.players[seat].hero
    return R.hero_race[hero] if hero != NONE else NONE


cdef bint at_war(CState* s, const CRules* R, const COps* o, int race_a, int race_b) noexcept nogil:
    cdef Ctx c
    if race_a == NONE or race_b == NONE or race_a == race_b or s.n_active == 0:
        return False
    ctx_init(&c, HOOK_WAR, NONE, 0)
    c.race_a, c.race_b = race_a, race_b
    return fire_events(s, R, o, &c) != 0


cdef void add_bounty(CState* s, const CRules* R, const COps* o, int seat, int race) noexcept nogil:
    """One bounty marker of `race` (none between races at war, none beyond the track)."""
    cdef CPlayer* p = &s.players[seat]
    cdef int have
    if race == NONE or at_war(s, R, o, hero_race(s, R, seat), race):
        return
    have = p.bounty[race] if p.bounty[race] > 0 else 0
    if have < R.bounty_markers_per_race:
        p.bounty[race] = have + 1


cdef int bounty_reward(CState* s, const CRules* R, const COps* o, int victor, int loser) noexcept nogil:
    """Gold for defeating a brigand player: per marker of races that do not want the victor."""
    cdef CPlayer* me = &s.players[victor]
    cdef CPlayer* other = &s.players[loser]
    cdef int race = hero_race(s, R, victor), r, total = 0
    for r in range(R.n_races):
        if other.bounty[r] > 0 and not me.bounty[r] > 0 and not at_war(s, R, o, race, r):
            total += R.bounty_brigand_reward * other.bounty[r]
    return total


cdef void complete_mission(CState* s, const CRules* R, const COps* o, int seat, int mission) noexcept nogil:
    cdef CPlayer* p = &s.players[seat]
    list_remove(p.missions, &p.n_missions, mission)
    list_append(s.mission_discard, &s.n_mission_discard, mission)
    use_card(p, R.sym_mission[mission])
    gain_gold(s, seat, R.mission_gold[mission])
    gain_glory(s, R, o, seat, GS_MISSION)


# --- tokens.py ----------------------------------------------------------------------------
cdef int free_taverns(const CState* s, const CRules* R, int* out) noexcept nogil:
    cdef int i, n = 0, t
    for i in range(R.n_taverns):
        t = R.taverns[i]
        if s.tavern_eq[t] < 0:      # None or no key
            out[n] = t
            n += 1
    return n


cdef void _put(CState* s, int* tokens, int n, const int* chosen, int n_chosen) noexcept nogil:
    cdef int i, k
    mt_shuffle_int(&s.rng[<int>RNG_DECK], tokens, n)
    k = n if n < n_chosen else n_chosen
    for i in range(k):
        s.tavern_eq[chosen[i]] = tokens[i]
        list_remove(s.eq_revealed, &s.n_eq_revealed, chosen[i])
    for i in range(k, n):
        list_append(s.eq_reserve, &s.n_eq_reserve, tokens[i])


cdef inline int _dist(const CRules* R, int a, int b) noexcept nogil:
    cdef int d = R.dist[a][b]
    return 1000000 if d == NONE else d


cdef void place_equipment(CState* s, const CRules* R, const int* tokens, int n, int near,
                          int seat) noexcept nogil:
    """Return tokens to the board: the leader (`seat`) chooses when there is a choice, else
    the free taverns nearest `near` (stable, board order), or random ones without it."""
    cdef int free[MAX_REGIONS]
    cdef int mine[MAX_EQUIPMENT]
    cdef int nf, i, j, t
    cdef CDecision* d
    if n <= 0:
        return
    nf = free_taverns(s, R, free)
    if seat != NONE and s.phase == PH_PLAY and nf > n:
        d = push_pending(s, D_PLACE_EQUIPMENT, seat)
        memcpy(d.items, tokens, n * sizeof(int))
        d.n_items = n
        return
    if near != NONE:
        for i in range(1, nf):      # insertion sort: stable, as list.sort
            t = free[i]
            j = i - 1
            while j >= 0 and _dist(R, near, free[j]) > _dist(R, near, t):
                free[j + 1] = free[j]
                j -= 1
            free[j + 1] = t
    else:
        mt_shuffle_int(&s.rng[<int>RNG_DECK], free, nf)
    memcpy(mine, tokens, n * sizeof(int))
    _put(s, mine, n, free, nf if nf < n else n)


cdef void choose_tavern(CState* s, const CRules* R, int seat, int tavern) noexcept nogil:
    """PLACE_EQUIPMENT: one more tavern named; once one per token, the tokens go down."""
    cdef CDecision* d = &s.pending[s.n_pending - 1]
    cdef int tokens[FMAX_ITEMS]
    cdef int chosen[FMAX_ITEMS]
    cdef int n = d.n_items, nc
    list_append(d.chosen, &d.n_chosen, tavern)
    if d.n_chosen < d.n_items:
        return                      # the entry stays, one tavern longer
    memcpy(tokens, d.items, n * sizeof(int))
    nc = d.n_chosen
    memcpy(chosen, d.chosen, nc * sizeof(int))
    s.n_pending -= 1
    _put(s, tokens, n, chosen, nc)


cdef void game_over(CState* s, const CRules* R, int reason) noexcept nogil:
    cdef int i
    cdef CDecision* d
    if s.phase == PH_OVER:
        return
    s.phase, s.end_reason = PH_OVER, reason
    for i in range(s.n_pending):
        d = &s.pending[i]
        if d.kind == D_CAPTURE:
            place_equipment(s, R, d.party.equipment, d.party.n_equipment, NONE, NONE)
        elif d.kind == D_PLACE_EQUIPMENT:
            place_equipment(s, R, d.items, d.n_items, NONE, NONE)
        elif d.kind == D_LOOT:
            list_extend(s.goods_discard, &s.n_goods_discard, d.items, d.n_items)
    s.n_pending = 0
    s.combat.active = False
    s.raid.active = False
    s.has_visit = False
    s.in_turn = False
