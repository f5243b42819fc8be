# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/agents/heuristic.py sha256:54da75e2adf3aabe
"""agents/heuristic.py's HeuristicAgent.choose in C: score every legal action with the
seat's style (the turn scorers' turn scorers, the decision scorers' decision scorers), add the style's noise
times the agent's next random() in legal order, take the first of the highest; then note
idle turns. One legal action: taken with no draw, as in Python.

Python-facing (harnesses, tests): `scores(core, tables, style, seat, idle)` and
`choose_index(core, tables, style, seat, idle, rng)`."""

from toolkit.native.mt cimport MT, mt_random, mt_set_pystate, mt_get_pystate
from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules, Content
from toolkit.games.caravans.core.ops cimport COps
from toolkit.games.caravans.core.api cimport CoreState
from toolkit.games.caravans.core.agent_tables cimport *
from toolkit.games.caravans.core.agent_view cimport CView, view_init
from toolkit.games.caravans.core.agent_turns cimport turn_score
from toolkit.games.caravans.core.agent_decisions cimport decision_score
from toolkit.games.caravans.core cimport legal as _legal


cdef bint _score(CView* v, const CAction* a, double* out) noexcept nogil:
    return turn_score(v, a, out) or decision_score(v, a, out)


cdef void _note(const CState* s, CStyleAgent* agent, int seat, int kind) noexcept nogil:
    """HeuristicAgent.note: idle turns (a turn ended with actions left) in a row."""
    if kind == AK_END_TURN:
        agent.idle = agent.idle + 1 if s.players[seat].actions > 0 else 0
    elif kind == AK_MOVE or kind == AK_LEAVE_TAVERN or kind == AK_EXPLORE:
        agent.idle = 0


cdef int choose(CState* s, const CRules* R, const COps* o, const CAgentTables* T,
                CStyleAgent* agent, MT* rng, int seat, const CAction* legal,
                int n) noexcept nogil:
    cdef CView v
    cdef double noise, score, top = 0.0
    cdef int i, pick = 0
    if n > 1:
        view_init(&v, s, R, o, T, agent.style, seat, 1.0 / (1 + agent.idle))
        noise = v.w[F_NOISE]
        for i in range(n):
            if not _score(&v, &legal[i], &score):
                return NOT_PORTED
            score += noise * mt_random(rng)
            if i == 0 or score > top:
                top, pick = score, i
    _note(s, agent, seat, legal[pick].kind)
    return pick


# --- Python-facing ------------------------------------------------------------------------
def scores(CoreState core, AgentTables tables, int style, int seat, int idle) -> list:
    """Each legal action's score (before jitter) for `seat` playing `style`; None where
    the kind has no C scorer."""
    cdef CAction buf[MAX_ACTIONS]
    cdef Content c = core.content
    cdef int n = _legal.legal(&core.s, &c.r, &c.ops, buf), i
    cdef CView v
    cdef double score
    if n == NOT_PORTED:
        raise ValueError("the core has no legal actions here (NotPorted)")
    view_init(&v, &core.s, &c.r, &c.ops, &tables.t, style, seat, 1.0 / (1 + idle))
    out = []
    for i in range(n):
        out.append(score if _score(&v, &buf[i], &score) else None)
    return out


def choose_index(CoreState core, AgentTables tables, int style, int seat, int idle, rng):
    """(index of the chosen legal action, idle after, the stream's state after) for a
    random.Random `rng` (left unchanged); index None when a scorer is missing."""
    cdef CAction buf[MAX_ACTIONS]
    cdef Content c = core.content
    cdef int n = _legal.legal(&core.s, &c.r, &c.ops, buf), pick
    cdef CStyleAgent agent
    cdef MT mt
    if n == NOT_PORTED:
        raise ValueError("the core has no legal actions here (NotPorted)")
    mt_set_pystate(&mt, rng.getstate())
    agent.style, agent.idle = style, idle
    pick = choose(&core.s, &c.r, &c.ops, &tables.t, &agent, &mt, seat, buf, n)
    return (None if pick == NOT_PORTED else pick), agent.idle, (3, mt_get_pystate(&mt), None)
