# cython: language_level=3
"""The heuristic agents' dispatch in C: agents/heuristic.py's choose."""

from toolkit.native.mt cimport MT
from toolkit.games.caravans.core.layout cimport CState, CAction
from toolkit.games.caravans.core.content cimport CRules
from toolkit.games.caravans.core.ops cimport COps
from toolkit.games.caravans.core.agent_tables cimport CAgentTables

cdef struct CStyleAgent:
    int style            # index into the tables' styles
    int idle             # HeuristicAgent.idle

# the index of the chosen action (drawing from `rng` as HeuristicAgent.choose does, and
# noting idle turns), or NOT_PORTED when a legal action's kind has no C scorer
cdef int choose(CState* s, const CRules* R, const COps* o, const CAgentTables* T,
                CStyleAgent* agent, MT* rng, int seat, const CAction* legal,
                int n) noexcept nogil
