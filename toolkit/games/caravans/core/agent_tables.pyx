# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/agents/tables.py sha256:29329f09d9ac2ede
# mirrors: toolkit/games/caravans/agents/features.py sha256:0cf97f4f7dd0f1d8
# mirrors: toolkit/games/caravans/agents/odds.py sha256:48f4e7844372eed3
"""Build the compiled agents' per-content tables (see agent_tables.pxd) once per (Rules,
styles): the Python agents' own functions fill them, so the C agents read the same
doubles. `agent_tables(content, styles)` -> AgentTables or CoreRefused (one line)."""

from libc.math cimport pow
from libc.stdio cimport snprintf
from libc.stdlib cimport strtod

from toolkit.games.caravans.core.content import CoreRefused
from toolkit.games.caravans.core.content cimport Content
from toolkit.games.caravans.core.layout cimport MAX_NPCS, MAX_PARTY_KINDS
from toolkit.games.caravans.core.agent_tables cimport *

_FEATURES = ("gold", "glory", "gold_reserve", "sell_demanded", "sell_other", "buy_margin",
             "trade_goal", "caravan", "war_band", "large", "repair", "recruit", "equipment",
             "weapon", "fight_players", "fight_npcs", "raid", "delve", "hunt_goal", "bounty",
             "risk", "min_win_chance", "flee_below", "danger", "mission", "rumor",
             "adventure_goal", "stash", "stash_keep", "home_goal", "glory_cards",
             "travel_decay", "noise")

_CACHE: dict = {}


def agent_tables(Content content, styles) -> AgentTables:
    """The tables of `content` (a core Content) with the styles mapping (name -> Style)."""
    key = (id(content), id(styles))
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is content and hit[1] is styles:
        return hit[2]
    tables = AgentTables()
    tables._build(content, styles)
    _CACHE[key] = (content, styles, tables)
    return tables


cdef class AgentTables:

    def _build(self, Content content, styles):
        from toolkit.games.caravans.agents.features import FEATURES
        from toolkit.games.caravans.agents import odds
        from toolkit.games.caravans.agents.plan import price_stats
        from toolkit.games.caravans.agents.value import raid_cards, rumor_odds
        from toolkit.games.caravans.agents.view import npc_moves
        cdef CAgentTables* T = &self.t
        cdef int n, need, a, b, i
        if tuple(FEATURES) != _FEATURES:
            raise CoreRefused("the agents' weights differ from the compiled agents' "
                              "(agents/features.py changed): rebuild the core")
        rules = content.rules
        self.content = content
        names = tuple(styles)
        if len(names) > MAX_STYLES:
            raise CoreRefused(f"{len(names)} play styles; the compiled agents hold {MAX_STYLES}")
        self.style_names = names
        T.n_styles = len(names)
        for i, name in enumerate(names):
            weights = styles[name].table
            for n, feature in enumerate(_FEATURES):
                T.styles[i].w[n] = weights[feature]
            decay = weights["travel_decay"]
            for n in range(N_FADES):
                T.styles[i].fades[n] = decay ** n
        faces = rules.faces
        T.skull_q = odds.skull_chance(faces)
        for n in range(TD + 1):
            for need in range(TD + 2):
                T.at_least[n][need] = odds.at_least(faces, n, need) if need <= n + 1 else 0.0
            for b in range(TD + 1):
                T.contest3[n][b] = round(odds.contest(faces, n, b), 3)
        T.price_mean, T.price_max = price_stats(rules)
        sell = rules.game.sell
        T.buy_draw_margin = (sell.demanded_price + sell.price) / 2 - T.price_mean
        moves = npc_moves(rules)
        if len(rules.npcs) > MAX_NPCS:
            raise CoreRefused(f"{len(rules.npcs)} NPCs; the compiled agents hold {MAX_NPCS}")
        for i, npc in enumerate(rules.npcs):
            T.npc_moves[i] = moves.get(npc, 0.0)
        for i, kind in enumerate(content.parties):
            role = rules.c.parties[kind].role
            T.party_role[i] = ROLE_CARAVAN if role == "caravan" else \
                ROLE_WAR_BAND if role == "war_band" else ROLE_OTHER
        T.raid_gold, T.raid_ambush = raid_cards(rules)
        T.rumor_share, T.rumor_gold = rumor_odds(rules.catalog)

    def style_index(self, name) -> int:
        return self.style_names.index(name)


cdef double _comb(int n, int k) noexcept nogil:
    """math.comb(n, k) as the double Python's int * float converts it to."""
    cdef unsigned long long r = 1
    cdef int i
    if k < 0 or k > n:
        return 0.0
    if k > n - k:
        k = n - k
    for i in range(1, k + 1):
        r = r * (n - k + i) // i
    return <double>r


cdef double _dist(const CAgentTables* T, int n, int k) noexcept nogil:
    """odds._dist(faces, n)[k]: comb(n, k) * q ** k * (1 - q) ** (n - k)."""
    cdef double q = T.skull_q
    return _comb(n, k) * pow(q, <double>k) * pow(1 - q, <double>(n - k))


cdef double at_least(const CAgentTables* T, int n, int need) noexcept nogil:
    """odds.at_least(faces, n, need)."""
    cdef double total = 0.0
    cdef int k
    if need <= 0:
        return 1.0
    if n < 0:
        n = 0
    if n <= TD and need <= n + 1:
        return T.at_least[n][need]
    for k in range(need, n + 1):      # sum(_dist[need:]) left to right (Python 3.11)
        total += _dist(T, n, k)
    return total


cdef double _round3(double x) noexcept nogil:
    """round(x, 3): correctly rounded through the decimal text, as Python does."""
    cdef char buf[64]
    snprintf(buf, 64, "%.3f", x)
    return strtod(buf, NULL)


cdef double contest3(const CAgentTables* T, int a, int b) noexcept nogil:
    """round(odds.contest(faces, a, b), 3)."""
    cdef double win = 0.0, tie = 0.0, pa, pb
    cdef int i, j
    if a < 0:
        a = 0
    if b < 0:
        b = 0
    if a <= TD and b <= TD:
        return T.contest3[a][b]
    for i in range(a + 1):
        pa = _dist(T, a, i)
        for j in range(b + 1):
            pb = _dist(T, b, j)
            if i > j:
                win += pa * pb
            elif i == j:
                tie += pa * pb
    return _round3(win + tie / 2)


cdef double race(double p, int need_mine, int need_theirs) noexcept nogil:
    """fight.race: the chance of `need_mine` round wins before `need_theirs` losses
    (bottom-up; each cell the same two products and sum as the recursion)."""
    cdef double table[33][33]
    cdef int m, t
    if need_mine <= 0:
        return 1.0
    if need_theirs <= 0:
        return 0.0
    if need_mine > 32 or need_theirs > 32:
        return -1.0                     # beyond any party's track (the lockstep would say)
    for m in range(need_mine + 1):
        for t in range(need_theirs + 1):
            if m <= 0:
                table[m][t] = 1.0
            elif t <= 0:
                table[m][t] = 0.0
            else:
                table[m][t] = p * table[m - 1][t] + (1 - p) * table[m][t - 1]
    return table[need_mine][need_theirs]


def odds_probe(AgentTables tables, str what, a, b, c=0):
    """The C odds for tests: ("at_least", n, need), ("contest3", a, b), ("race", p, m, t)."""
    if what == "at_least":
        return at_least(&tables.t, a, b)
    if what == "contest3":
        return contest3(&tables.t, a, b)
    return race(a, b, c)
