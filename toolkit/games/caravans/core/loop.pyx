# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# mirrors: toolkit/loop.py sha256:491b9587c5e4879c
# mirrors: toolkit/agents/random_agent.py sha256:206b70b7383ab156
# mirrors: toolkit/games/caravans/engine/record.py sha256:a660e28eaa87a427
"""The game loop in C (toolkit/loop.play over the compiled core): each seat's agent picks
among the core's legal actions until the game ends, with no Python object per action.

Agents: `random` (legal[randrange(n)] from the seat's stream `agent:<seat>`, as
toolkit/agents/random_agent.py) and the heuristic play styles through
core/agent_choose (when it can play the style; else the game is not run here). A
game whose state reaches a part the core lacks (NotPorted) or a deeper decision stack
than it holds is not finished here: the caller plays it with the Python loop. The
record is the Python loop's own, read from the final C state (core/record.pyx, called by
core/batch.py), so both loops give identical records; the loop also hands back
what the state does not keep: the effect operations fired while actions were applied
(effects_fired) and the order each player first gained glory from each source.
"""

from cpython.mem cimport PyMem_Malloc, PyMem_Free

from toolkit.native.mt cimport MT, mt_randbelow, mt_set_pystate, mt_get_pystate, mt_seed_u64
from toolkit.games.caravans.core.layout cimport *
from toolkit.games.caravans.core.content cimport CRules, Content
from toolkit.games.caravans.core.ops cimport COps, N_OPS
from toolkit.games.caravans.core.ops_fire cimport count_into
from toolkit.games.caravans.core.fight_cards cimport note_first_gains
from toolkit.games.caravans.core.api cimport CoreState
from toolkit.games.caravans.core.codec cimport action_to_py
from toolkit.games.caravans.core cimport legal as _legal
from toolkit.games.caravans.core cimport apply as _apply
from toolkit.games.caravans.core.agent_tables cimport AgentTables, CAgentTables
from toolkit.games.caravans.core.agent_choose cimport CStyleAgent, choose
from toolkit.games.caravans.core.codec import KINDS
from toolkit.games.caravans.core.ops import CODES

cdef enum:
    SEAT_RANDOM = 0
    SEAT_STYLE = 1       # a heuristic play style (core/agent_choose)
    # outcomes of run()
    R_OVER = 0           # the game ended
    R_LIMIT = 1          # `limit` actions applied and the game is not over
    R_NO_LEGAL = 2       # the seat to act has no legal action
    R_NOT_PORTED = 3     # the core lacks a part the game reached
    R_STACK = 4          # the decision stack is as deep as the core holds


cdef enum:
    MAX_GAINS = MAX_PLAYERS * N_GLORY_SOURCES   # first gains of a game (one per source)


_KIND_NAMES = tuple(kind.value for kind in KINDS)   # action kind names by ActionKindC
_OP_CODES = tuple(CODES.items())                    # (effect op name, code)


class Unfinished(Exception):
    """The core could not finish this game (NotPorted, decision stack): play it in Python."""


cdef struct CSeat:
    int kind             # SEAT_*
    int stream           # index of the seat's stream in the game's streams
    CStyleAgent agent    # SEAT_STYLE: its style and idle turns


cdef int run(CState* s, const CRules* R, const COps* o, const CAgentTables* T, CSeat* seats,
             MT* streams, int limit, CAction* hist, int* n_hist, int* kinds,
             int* fired) noexcept nogil:
    """Play from `s` until the end or `limit` actions; the actions go to hist (when not
    NULL), their count to n_hist, per action kind to kinds[N_ACTION_KINDS]; when `fired`
    is not NULL, the effect operations that fired while an action was applied (not in
    the agents' look at the state) to fired[N_OPS], as effects.count_ops counts them."""
    cdef int applied
    cdef CAction buf[MAX_ACTIONS]
    cdef int n, pick, seat, done = 0
    cdef CSeat* agent
    while done < limit:
        if s.phase == PH_OVER:
            n_hist[0] = done
            return R_OVER
        seat = _apply.current_player(s)
        n = _legal.legal(s, R, o, buf)
        if n == NOT_PORTED:
            n_hist[0] = done
            return R_NOT_PORTED
        if n <= 0:
            n_hist[0] = done
            return R_NO_LEGAL
        agent = &seats[seat]
        if agent.kind == SEAT_RANDOM:
            pick = <int>mt_randbelow(&streams[agent.stream], <unsigned long long>n)
        else:
            pick = choose(s, R, o, T, &agent.agent, &streams[agent.stream], seat, buf, n)
            if pick == NOT_PORTED:
                n_hist[0] = done
                return R_NOT_PORTED
        if hist != NULL:
            hist[done] = buf[pick]
        kinds[buf[pick].kind] += 1
        if fired != NULL:
            count_into(fired)
        applied = _apply.apply(s, R, o, &buf[pick])
        if fired != NULL:
            count_into(NULL)
        if applied == NOT_PORTED:
            n_hist[0] = done
            return R_NOT_PORTED
        done += 1
        if s.n_pending >= MAX_PENDING:
            n_hist[0] = done
            return R_STACK
    n_hist[0] = done
    return R_OVER if s.phase == PH_OVER else R_LIMIT


def lineup(agent_names, AgentTables tables=None):
    """Each seat's style index (-1: random) when the C loop can play these agents (the
    play styles of `tables`, which take precedence over the generic `random`, as in
    make_agent; `random` needs no tables), else None."""
    styles = tables.style_names if tables is not None else ()
    found = []
    for name in agent_names:
        if name in styles:
            found.append(styles.index(name))
        elif name == "random":
            found.append(-1)
        else:
            return None
    return found


def play_core(CoreState core, streams, int limit, bint keep_actions=True,
              bint sync=False, styles=None, AgentTables tables=None,
              bint count_effects=False):
    """Play the game of `core` to its end in C; a Played (actions if keep_actions,
    length, {kind: n}, {op name: firings} if count_effects, the glory sources' order).

    streams: one random.Random per seat, or the int it is seeded with (newgame.stream_seed:
    no Random object made); the same object for several seats = one shared stream, as a
    single-stream test loop; sync=True writes the Random objects' state back.
    styles: per seat a style index of `tables` (-1 or None: the random agent).
    Raises Unfinished (the game must be played in Python) or returns with length ==
    limit and the game not over (the caller reports it as the Python loop does)."""
    cdef int count = core.s.n_players, i, j, n_hist = 0, outcome
    cdef CSeat seats[MAX_PLAYERS]
    cdef MT mts[MAX_PLAYERS]
    cdef int kinds[N_ACTION_KINDS]
    cdef int fired[N_OPS]
    cdef int gains[MAX_GAINS]
    cdef int n_gains = 0
    cdef CAction* hist = NULL
    if len(streams) != count:
        raise ValueError(f"{len(streams)} streams for {count} seats")
    objects = []
    for i in range(count):
        for j in range(len(objects)):
            if objects[j] is streams[i]:
                break
        else:
            j = len(objects)
            objects.append(streams[i])
            if isinstance(streams[i], int):   # the 64-bit seed of seeded_stream's Random
                mt_seed_u64(&mts[j], streams[i])
            else:
                mt_set_pystate(&mts[j], streams[i].getstate())
        seats[i].kind = SEAT_RANDOM
        seats[i].stream = j
        seats[i].agent.idle = 0
        seats[i].agent.style = -1
        if styles is not None and styles[i] is not None and styles[i] >= 0:
            if tables is None or styles[i] >= tables.t.n_styles:
                raise ValueError(f"style {styles[i]} is not in the agents' tables")
            seats[i].kind = SEAT_STYLE
            seats[i].agent.style = styles[i]
    for i in range(N_ACTION_KINDS):
        kinds[i] = 0
    for i in range(N_OPS):
        fired[i] = 0
    for i in range(count):
        for j in range(N_GLORY_SOURCES):
            if core.s.players[i].glory_src[j]:  # gained before: its order is not known
                raise Unfinished("the state's glory sources have no known order")
    if keep_actions:
        hist = <CAction*>PyMem_Malloc(max(limit, 1) * sizeof(CAction))
        if hist == NULL:
            raise MemoryError()
    cdef Content c = core.content
    cdef const CAgentTables* T = &tables.t if tables is not None else NULL
    if tables is not None and tables.content is not c:
        raise ValueError("the agents' tables belong to another content")
    try:
        with nogil:
            # Python's glory_src dict keeps the order each source was first gained, and
            # records show it; the C state keeps counts only: gain_glory notes it here
            note_first_gains(gains, &n_gains)
            outcome = run(&core.s, &c.r, &c.ops, T, seats, mts, limit, hist, &n_hist,
                          kinds, fired if count_effects else NULL)
            note_first_gains(NULL, NULL)
        if outcome == R_NOT_PORTED or outcome == R_STACK:
            raise Unfinished("the decision stack is deeper than the compiled core holds"
                             if outcome == R_STACK else "a rule the core does not do yet")
        if outcome == R_NO_LEGAL:
            from toolkit.loop import NoLegalAction
            raise NoLegalAction(f"seat {_apply.current_player(&core.s) + 1} has no legal "
                                f"action and the game is not over (game seed {core.seed}, "
                                f"action {n_hist + 1})")
        actions = [action_to_py(&hist[i], c) for i in range(n_hist)] if keep_actions \
            else None
        raw = (<char*>hist)[:n_hist * sizeof(CAction)] if keep_actions else None
    finally:
        PyMem_Free(hist)
    if sync:
        for j, rng in enumerate(objects):
            if not isinstance(rng, int):
                rng.setstate((3, mt_get_pystate(&mts[j]), None))
    counted = {_KIND_NAMES[i]: kinds[i] for i in range(N_ACTION_KINDS) if kinds[i]}
    ops = None
    if count_effects:
        ops = {name: fired[code] for name, code in _OP_CODES if fired[code]}
    glory = [[] for i in range(count)]
    for i in range(n_gains):
        glory[gains[i] // 8].append(gains[i] % 8)
    return Played(actions, n_hist, counted, ops, glory, raw)


class Played:
    """What play_core hands back: the actions (None unless kept; `raw`: the same as C
    structs, for replay_raw), their number, the times each action kind was taken, the
    effect operations fired (None unless counted), and each player's glory sources
    (GS_* codes) in the order first gained."""

    __slots__ = ("actions", "length", "kinds", "fired", "glory_order", "raw")

    def __init__(self, actions, length, kinds, fired, glory_order, raw=None):
        self.actions, self.length, self.kinds = actions, length, kinds
        self.fired, self.glory_order, self.raw = fired, glory_order, raw


def replay_raw(CoreState core, bytes raw) -> int:
    """The engine alone (benches): Played.raw applied to `core` wholly in C, the legal
    actions computed before each as the loop does; the number applied."""
    cdef const CAction* todo = <const CAction*><const char*>raw
    cdef Py_ssize_t n = len(raw) // sizeof(CAction), i
    cdef CAction buf[MAX_ACTIONS]
    cdef Content c = core.content
    cdef int done = 0
    with nogil:
        for i in range(n):
            if _legal.legal(&core.s, &c.r, &c.ops, buf) == NOT_PORTED or \
                    _apply.apply(&core.s, &c.r, &c.ops, &todo[i]) == NOT_PORTED:
                break
            done += 1
    return done
