# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The compiled turn scores seen from Python: per legal action (the agent lockstep,
tests/core/agent_lockstep.py) and timed (bench, the report's µs per decision)."""

from toolkit.games.caravans.core.layout cimport CAction, MAX_ACTIONS
from toolkit.games.caravans.core.api cimport CoreState
from toolkit.games.caravans.core.codec cimport action_from_py
from toolkit.games.caravans.core.agent_tables cimport AgentTables
from toolkit.games.caravans.core.agent_view cimport CView, view_init
from toolkit.games.caravans.core.agent_turns cimport turn_score


def turn_scores(CoreState core, AgentTables tables, int style, int seat, int idle,
                list legal) -> list:
    """Each legal action's turn score (turns.py) for `seat` playing `style` after `idle`
    idle turns; None for an action that is not a turn kind."""
    cdef CView v
    cdef CAction a
    cdef double score
    view_init(&v, &core.s, &core.content.r, &core.content.ops, &tables.t, style, seat,
              1.0 / (1 + idle))
    out = []
    for action in legal:
        action_from_py(&a, action, core.content)
        out.append(score if turn_score(&v, &a, &score) else None)
    return out


def bench_turn_scores(CoreState core, AgentTables tables, int style, int seat, int idle,
                      list legal, int reps) -> float:
    """Seconds per decision of scoring `legal` (all turn kinds) `reps` times afresh, each
    time a new view as at a real decision (bench and the report's µs per decision)."""
    from time import perf_counter
    cdef CView v
    cdef CAction acts[MAX_ACTIONS]
    cdef double score, total = 0.0
    cdef int n = len(legal), i, r
    for i in range(n):
        action_from_py(&acts[i], legal[i], core.content)
    start = perf_counter()
    with nogil:
        for r in range(reps):
            view_init(&v, &core.s, &core.content.r, &core.content.ops, &tables.t, style,
                      seat, 1.0 / (1 + idle))
            for i in range(n):
                if turn_score(&v, &acts[i], &score):
                    total += score
    return (perf_counter() - start) / reps
