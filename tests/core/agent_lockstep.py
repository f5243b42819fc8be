"""The agent lockstep harness of the compiled core: real Python games with heuristic
players, each decision checked against the compiled agents.

`agent_lockstep(catalog, seed, agent_names, coverage)` plays one game with the Python
engine and agents. At every decision of a heuristic seat with more than one legal action
it converts the state to the core (`from_state`) and asks the compiled scorers for each
legal action's score: the turn scorers' `agent_turns_probe.turn_scores` (turns.py) and, for the other
kinds, the decision scorers' dispatch `agent_choose.scores` (decisions.py, when built). Each score
is compared with the Python agent's (`HeuristicAgent.scores`) as exact doubles, per action
kind: exact, divergent, or not ported (None). With `hidden=True` the scores are also
asked on a determinized state (engine.determinize: the seat's observation with every
hidden part re-sampled): a compiled scorer that reads what the seat cannot see differs
there. When the decision scorers' `agent_choose.choose_index(core, tables, style, seat, idle, rng)
-> (index, idle after, stream state after)` exists and every action of the decision is
ported, the chosen action, the agent stream's state after and the idle counter are
compared too. With `synthetic=True` the scorers that real games seldom ask
(discard_goods, repair, restore, swap_equipment, recruit) are also asked, at every
decision of a seat with a party, for made-up actions of those kinds (counted under
"<kind>*"): a scorer reads the position, not the action's legality.

A divergence raises Divergence (strict, the default) naming the seed, the action index,
the seat, the style, the legal actions and both score lists; `strict=False` counts it
and keeps the first message in `coverage.first`.
"""

from __future__ import annotations

import importlib
import random
from collections import Counter
from dataclasses import dataclass, field

from toolkit.games.caravans.game import GAME
from toolkit.loop import make_agents

from .lockstep import Divergence


@dataclass
class AgentCoverage:
    games: int = 0
    decisions: int = 0                 # heuristic decisions with more than one action
    exact: Counter = field(default_factory=Counter)       # kind: actions scored exactly
    divergent: Counter = field(default_factory=Counter)   # kind: actions scored otherwise
    missing: Counter = field(default_factory=Counter)     # kind: not ported
    hidden: int = 0                    # decisions re-scored on a determinized state
    choices: int = 0                   # decisions whose choice the C dispatch made
    choices_exact: int = 0             # ... the same action, stream and idle counter
    first: str | None = None

    def share(self, kinds=None) -> float:
        """Share of the scored actions (of `kinds`, default all) that were exact."""
        pick = (lambda k: True) if kinds is None else (lambda k: k in kinds)
        total = sum(n for c in (self.exact, self.divergent, self.missing)
                    for k, n in c.items() if pick(k))
        return sum(n for k, n in self.exact.items() if pick(k)) / total if total else 0.0

    def summary(self) -> str:
        kinds = sorted(set(self.exact) | set(self.divergent) | set(self.missing))
        rows = ", ".join(f"{k} {self.exact[k]}/{self.exact[k] + self.divergent[k] + self.missing[k]}"
                         for k in kinds)
        return (f"{self.games} games, {self.decisions} decisions, scores exact "
                f"{self.share():.1%} ({rows}); choices exact {self.choices_exact}/"
                f"{self.choices}; hidden re-checks {self.hidden}")


def _optional(name: str, attr: str):
    try:
        module = importlib.import_module(f"toolkit.games.caravans.core.{name}")
    except ImportError:
        return None
    return getattr(module, attr, None)


def c_scores(core, tables, style: int, seat: int, idle: int, legal: list,
             real: bool = True) -> list:
    """Each action's compiled score (None: not ported): turn kinds from agent_turns, the
    others (when `legal` is the position's legal list) from the decision scorers' agent_choose."""
    from toolkit.games.caravans.core.agent_turns_probe import turn_scores
    out = turn_scores(core, tables, style, seat, idle, legal)
    every = _optional("agent_choose", "scores") if real and None in out else None
    if every is not None:
        out = [mine if mine is not None else other
               for mine, other in zip(out, every(core, tables, style, seat, idle))]
    return out


def agent_lockstep(catalog, seed, agent_names, coverage: AgentCoverage | None = None,
                   max_actions: int | None = None, strict: bool = True,
                   hidden: bool = False, synthetic: bool = False) -> AgentCoverage:
    """Play one game, checking every heuristic decision (see the module's docstring)."""
    from toolkit.games.caravans.agents import play_styles
    from toolkit.games.caravans.agents.heuristic import HeuristicAgent
    from toolkit.games.caravans.core.agent_tables import agent_tables
    from toolkit.games.caravans.core.content import compile_rules
    from toolkit.games.caravans.core.convert import from_state

    cov = coverage if coverage is not None else AgentCoverage()
    cov.games += 1
    names = list(agent_names)
    agents = make_agents(GAME, catalog, seed, names)
    state = GAME.new_game(catalog, seed, names)
    tables = agent_tables(compile_rules(state.rules), play_styles(catalog))
    choose_index = _optional("agent_choose", "choose_index")
    shuffle = random.Random(f"hidden:{seed}")
    limit = GAME.max_actions if max_actions is None else max_actions
    for index in range(1, limit + 1):
        if GAME.is_terminal(state):
            break
        seat = GAME.current_player(state)
        legal = GAME.legal_actions(state)
        agent = agents[seat]
        obs = GAME.observation(state, seat) if getattr(agent, "observes", True) else None
        if not isinstance(agent, HeuristicAgent) or len(legal) == 1:
            state = GAME.apply_action(state, agent.choose(obs, legal))
            continue
        cov.decisions += 1
        style = tables.style_index(agent.style.name)
        idle, rng_state = agent.idle, agent.rng.getstate()
        core = from_state(state)
        if synthetic:
            _synthetic(cov, strict, agent, obs, core, tables, style, seat, idle,
                       f"seed {seed}, action {index}, seat {seat} ({agent.style.name})")
        theirs = agent.scores(obs, legal)
        mine = c_scores(core, tables, style, seat, idle, legal)

        def where(what: str, mine_=None) -> str:
            return (f"{what} at seed {seed}, action {index}, seat {seat} ({agent.style.name}), "
                    f"agents {names}: legal {legal}; python scores {theirs}; core scores "
                    f"{mine if mine_ is None else mine_}")

        bad = None
        for action, p, c in zip(legal, theirs, mine):
            kind = action.kind.value
            if c is None:
                cov.missing[kind] += 1
            elif c == p:
                cov.exact[kind] += 1
            else:
                cov.divergent[kind] += 1
                bad = bad or f"score of {action!r} differs (python {p!r} / core {c!r})"
        if bad:
            _diverge(cov, strict, where(bad))
        if hidden:
            cov.hidden += 1
            other = from_state(GAME.determinize(obs, seat, shuffle))
            again = c_scores(other, tables, style, seat, idle, legal)
            if again != mine:
                _diverge(cov, strict, where("scores change with hidden cards", again))
        action = agent.choose(obs, legal)
        if choose_index is not None and None not in mine:
            cov.choices += 1
            rng = random.Random()
            rng.setstate(rng_state)
            pick, idle_after, stream = choose_index(core, tables, style, seat, idle, rng)
            got = (None if pick is None else legal[pick], stream, idle_after)
            want = (action, agent.rng.getstate(), agent.idle)
            if got == want:
                cov.choices_exact += 1
            else:
                _diverge(cov, strict, where(f"choice differs (python {want[0]!r}, idle "
                                            f"{want[2]} / core {got[0]!r}, idle {got[2]}, "
                                            f"stream equal {got[1] == want[1]})"))
        state = GAME.apply_action(state, action)
    return cov


def _synthetic(cov, strict, agent, obs, core, tables, style, seat, idle, where) -> None:
    """Score made-up actions of the seldom asked turn kinds (see the module's docstring)."""
    from toolkit.games.caravans.engine.actions import Action, ActionKind as K
    me = obs.players[seat]
    if me.party is None or me.hero is None or me.region is None:
        return
    cards = obs.rules.cards
    made = [Action(K.DISCARD_GOODS, (good,)) for good in sorted({cards[c][0] for c in me.goods})]
    made += [Action(K.RESTORE, (e,)) for e in me.party.equipment]
    made += [Action(K.SWAP_EQUIPMENT, (e,)) for e in me.party.equipment]
    made += [Action(K.REPAIR, (n,)) for n in (1, 2, 3)]
    made += [Action(K.RECRUIT, (n,)) for n in (1, 2, 3, 4)]
    theirs = agent.scores(obs, made)
    mine = c_scores(core, tables, style, seat, idle, made, real=False)
    for action, p, c in zip(made, theirs, mine):
        kind = action.kind.value + "*"
        if c == p:
            cov.exact[kind] += 1
        else:
            cov.divergent[kind] += 1
            _diverge(cov, strict, f"score of made-up {action!r} differs at {where} (python "
                                  f"{p!r} / core {c!r})")


def _diverge(cov: AgentCoverage, strict: bool, message: str) -> None:
    if strict:
        raise Divergence(message)
    if cov.first is None:
        cov.first = message
