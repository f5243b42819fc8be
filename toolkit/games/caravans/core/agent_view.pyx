# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/agents/view.py sha256:637b2de0845f9e14
# mirrors: toolkit/games/caravans/engine/observe.py sha256:3e56643c61da376a
"""agents/view.py in C (the fight odds and threats are in agent_view_fight.pyx): see
agent_view.pxd. Every function gives the double the Python View gives (the same
operations in the same order)."""

from libc.math cimport pow
from libc.string cimport memset

from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps
from toolkit.games.caravans.core.agent_tables cimport *
from toolkit.games.caravans.core.armory cimport damage
from toolkit.games.caravans.core.fight_cards cimport total_glory
from toolkit.games.caravans.core.fight_checks cimport hero_stat, dice_for
from toolkit.games.caravans.core.turn cimport tavern_open



cdef void view_init(CView* v, CState* s, const CRules* R, const COps* o,
                    const CAgentTables* T, int style, int seat, double patience) noexcept nogil:
    memset(&v.has_goods, 0, <char*>&v._end_flags - <char*>&v.has_goods)
    v.s, v.R, v.o, v.T = s, R, o, T
    v.style = &T.styles[style]
    v.w = T.styles[style].w
    v.seat = seat
    v.me = &s.players[seat]
    v.patience = patience


cdef int ref_slot(int ref) noexcept nogil:
    return ref if ref >= 0 else MAX_PLAYERS + (-ref - 1)


cdef const CParty* party_of(const CView* v, int ref) noexcept nogil:
    cdef const CPlayer* p
    cdef const CNpc* n
    if ref >= 0:
        p = &v.s.players[ref]
        return &p.party if p.has_party else NULL
    n = &v.s.npcs[-ref - 1]
    return &n.party if n.has_party else NULL


cdef int dist(const CView* v, int a, int b) noexcept nogil:
    cdef int d
    if a < 0 or b < 0:
        return FAR
    d = v.R.dist[a][b]
    return FAR if d < 0 else d


# --- me -----------------------------------------------------------------------------------
cdef int v_goods(CView* v, int good) noexcept nogil:
    cdef int i
    if not v.has_goods:
        memset(v.goods, 0, sizeof(v.goods))
        for i in range(v.me.n_goods):
            v.goods[v.R.card_good[v.me.goods[i]]] += 1
        v.has_goods = True
    return v.goods[good] if good >= 0 else 0


cdef int v_room(CView* v) noexcept nogil:
    if not v.me.has_party:
        return 0
    return v.me.party.cur[S_CARGO] - v.me.n_goods


cdef int v_damage(CView* v) noexcept nogil:
    return damage(&v.me.party) if v.me.has_party else 0


cdef int v_missing_mercenaries(CView* v) noexcept nogil:
    if not v.me.has_party:
        return 0
    return v.me.party.top[S_MERCENARIES] - v.me.party.cur[S_MERCENARIES]


cdef int v_glory_total(CView* v) noexcept nogil:
    return total_glory(v.s, v.R, v.seat)


cdef int v_stash_room(CView* v) noexcept nogil:
    cdef int room = v.R.stash_max_points - v.me.stash // v.R.stash_gold_per_point
    return room if room > 0 else 0


cdef int v_home(CView* v) noexcept nogil:
    return v.R.hero_home[v.me.hero] if v.me.hero != NONE else NONE


cdef bint is_brigand(const CPlayer* p) noexcept nogil:
    cdef int r
    for r in range(MAX_RACES):
        if p.bounty[r] > 0:
            return True
    return False


cdef bint v_wanted(CView* v) noexcept nogil:
    return is_brigand(v.me)


cdef int v_stat(CView* v, int seat, int stat) noexcept nogil:
    if not v.has_stat[seat][stat]:
        v.stat[seat][stat] = hero_stat(v.s, v.R, v.o, seat, stat)
        v.has_stat[seat][stat] = True
    return v.stat[seat][stat]


cdef int v_dice_for(CView* v, int stat, int checks) noexcept nogil:
    """tables.dice_for, once per stat for a check of the stat alone."""
    if checks:
        return dice_for(v.s, v.R, v.o, v.seat, stat, checks, True)
    if not v.has_dice[stat]:
        v.dice[stat] = dice_for(v.s, v.R, v.o, v.seat, stat, 0, True)
        v.has_dice[stat] = True
    return v.dice[stat]


cdef double v_chance(CView* v, int stat, int need, int checks) noexcept nogil:
    """View.chance: a check of the hero's `stat` gets `need` skulls."""
    if v.me.hero == NONE:
        return 0.0
    return at_least(v.T, v_dice_for(v, stat, checks), need)


# --- the board ------------------------------------------------------------------------------
cdef int v_open_taverns(CView* v) noexcept nogil:
    """engine.turn.open_taverns: a tavern away from home is open by its race alone, so
    tavern_open is asked once per race (by its first tavern), as the engine does."""
    cdef int i, region, race, home
    cdef char by_race[MAX_RACES + 1]       # 0 unknown, 1 open, 2 closed; [MAX_RACES]: None
    if not v.has_open:
        v.n_open = 0
        if v.me.hero != NONE:
            memset(by_race, 0, sizeof(by_race))
            home = v.R.hero_home[v.me.hero]
            for i in range(v.R.n_taverns):
                region = v.R.taverns[i]
                if region != home:
                    race = v.R.region_race[region]
                    if race == NONE:
                        race = MAX_RACES
                    if by_race[race] == 0:
                        by_race[race] = 1 if tavern_open(v.s, v.R, v.o, v.seat, region) else 2
                    if by_race[race] == 2:
                        continue
                v.open_taverns[v.n_open] = region
                v.n_open += 1
        v.has_open = True
    return v.n_open


cdef bint v_is_open(CView* v, int region) noexcept nogil:
    cdef int i, n = v_open_taverns(v)
    for i in range(n):
        if v.open_taverns[i] == region:
            return True
    return False


cdef int seen_region(const CView* v, int seat) noexcept nogil:
    """A seat's region as the view's seat sees it: others' are hidden during setup."""
    if seat != v.seat and v.s.phase == PH_SETUP:
        return NONE
    return v.s.players[seat].region


cdef int seen_gold(const CView* v, int seat) noexcept nogil:
    """A seat's carried gold as the view's seat sees it (observe.seen_gold for others:
    all its gold less gold_per_point for each deposit, never below 0)."""
    cdef const CPlayer* p = &v.s.players[seat]
    cdef int gold
    if seat == v.seat:
        return p.gold
    gold = p.gold + p.stash - p.deposits * v.R.stash_gold_per_point
    return gold if gold > 0 else 0


cdef bint hunts(const CView* v, int npc, int seat) noexcept nogil:
    """engine.npc.hunts."""
    cdef const CPlayer* p = &v.s.players[seat]
    if p.hero == NONE or seen_region(v, seat) == NONE:
        return False
    if v.R.npc_patrol[npc]:
        return is_brigand(p)
    return not is_brigand(p)


cdef double v_sale_value(CView* v, int good, int here) noexcept nogil:
    """View.sale_value: the best expected gold for one card of `good`."""
    cdef const CRules* R = v.R
    cdef double best = <double>R.sell_price, x, share
    cdef double decay = v.w[F_TRAVEL_DECAY]
    cdef int origin = here if here != NONE else v.me.region
    cdef int i, tavern, n = v_open_taverns(v)
    for i in range(n):
        tavern = v.open_taverns[i]
        if v.s.demand[tavern] == good and tavern != here:
            x = R.sell_demanded_price * pow(decay, <double>dist(v, origin, tavern))
            if x > best:
                best = x
    share = v.w[F_TRADE_GOAL] if v.w[F_TRADE_GOAL] < 1.0 else 1.0
    return R.sell_price + (best - R.sell_price) * share


cdef double v_loss_if_beaten(CView* v) noexcept nogil:
    """View._loss: the party, the gold and goods carried, the cards, a share of glory."""
    cdef int party, cards
    if v.has_loss:
        return v.loss
    if not v.me.has_party:
        v.loss = 0.0
    else:
        party = v.R.party_cost[v.me.party.kind]
        if party == NONE:
            party = 2 * v.R.starting_gold
        cards = party + v.me.gold + v.R.sell_price * v.me.n_goods + 3 * v.me.n_hand
        v.loss = cards + v.w[F_GLORY] * 0.25
    v.has_loss = True
    return v.loss
