# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/games/caravans/agents/rollout.py sha256:7d8a7903efb6d15b
# mirrors: toolkit/games/caravans/agents/search.py sha256:179ce48beeac4d94
# mirrors: toolkit/games/caravans/agents/evaluate.py sha256:20121d15a761b73b
"""The search agent's rollouts in C: from a given state, the heuristic styles play until the
game ends, a horizon is reached or `limit` actions were applied (agents/rollout.py, whose
Python loop this is action for action).

The policies are those of agents/search.py: one stream `random.Random(seed)` shared by
every seat's agent, fresh agents (idle 0, no goal cache), the searching seat playing its
own style and every other seat the rivals' style. Before each action: a finished game
stops; so does the searching seat's `turns` counter reaching `turns` when `next_decision`
is off, or at the searching seat's own decision when it is on. The state is changed in
place; the caller turns it back (convert.to_state) and scores it.
"""

from toolkit.native.mt cimport MT, mt_seed_pyint
from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules, Content
from toolkit.games.caravans.core.ops cimport COps
from toolkit.games.caravans.core.api cimport CoreState
from toolkit.games.caravans.core.agent_tables cimport AgentTables, CAgentTables
from toolkit.games.caravans.core.agent_choose cimport CStyleAgent, choose
from toolkit.games.caravans.core cimport legal as _legal
from toolkit.games.caravans.core cimport apply as _apply

cdef enum:
    R_OVER = 0           # the game ended
    R_HORIZON = 1        # the horizon was reached
    R_LIMIT = 2          # `limit` actions applied
    R_UNFINISHED = 3     # a part the core lacks, or a decision stack as deep as it holds
    R_NO_LEGAL = 4       # no legal action and the game is not over

OUTCOMES = ("over", "horizon", "limit", "unfinished", "no_legal")


cdef int run(CState* s, const CRules* R, const COps* o, const CAgentTables* T,
             CStyleAgent* agents, MT* rng, int seat, int turns, bint next_decision,
             int limit, int* applied) noexcept nogil:
    cdef CAction buf[MAX_ACTIONS]
    cdef int n, pick, cur, done = 0
    while done < limit:
        if s.phase == PH_OVER:
            applied[0] = done
            return R_OVER
        cur = _apply.current_player(s)
        if s.players[seat].turns >= turns and (not next_decision or cur == seat):
            applied[0] = done
            return R_HORIZON
        n = _legal.legal(s, R, o, buf)
        if n == NOT_PORTED:
            applied[0] = done
            return R_UNFINISHED
        if n <= 0:
            applied[0] = done
            return R_NO_LEGAL
        pick = choose(s, R, o, T, &agents[cur], rng, cur, buf, n)
        if pick == NOT_PORTED or _apply.apply(s, R, o, &buf[pick]) == NOT_PORTED:
            applied[0] = done
            return R_UNFINISHED
        done += 1
        if s.n_pending >= MAX_PENDING:
            applied[0] = done
            return R_UNFINISHED
    applied[0] = done
    return R_OVER if s.phase == PH_OVER else R_LIMIT


def rollout_core(CoreState core, AgentTables tables, int seat, int own, int rival, seed,
                 int turns, bint next_decision, int limit):
    """Play `core` forward in place (see the module's doc); (outcome name, actions
    applied). `own`/`rival`: style indices of `tables`; `seed`: the shared stream's int."""
    cdef Content c = core.content
    cdef CStyleAgent agents[MAX_PLAYERS]
    cdef MT mt
    cdef int i, applied = 0, outcome
    if tables.content is not c:
        raise ValueError("the agents' tables belong to another content")
    if not (0 <= own < tables.t.n_styles and 0 <= rival < tables.t.n_styles):
        raise ValueError("style index outside the agents' tables")
    if not 0 <= seat < core.s.n_players:
        raise ValueError(f"seat {seat} outside the game's {core.s.n_players} seats")
    for i in range(core.s.n_players):
        agents[i].idle = 0
        agents[i].style = own if i == seat else rival
    mt_seed_pyint(&mt, seed)
    with nogil:
        outcome = run(&core.s, &c.r, &c.ops, &tables.t, agents, &mt, seat, turns,
                      next_decision, limit, &applied)
    return OUTCOMES[outcome], applied


def standings(CoreState core) -> list:
    """Each player's (glory on the track, stash gold): what decides the winners
    (engine/flow.winners) of a finished game, read without turning the state back."""
    return [(core.s.players[i].glory, core.s.players[i].stash)
            for i in range(core.s.n_players)]
