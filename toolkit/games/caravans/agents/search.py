"""The `search` agent: determinized Monte Carlo over the heuristic's best candidates.

The agent plays a heuristic style (PRIOR_STYLE, `sharp`: the raider's weights tuned for
strength in 2-player games against `balanced`; a project whose styles file lacks it plays
`raider`) and lets paired rollouts overrule it at four kinds of decision (`_kind`):

- **turn**: a route, tavern-entry, explore or attack decision outside a tavern visit and
  a fight (where the party goes and what it takes on this turn);
- **tavern**: a decision of a tavern visit (buy, sell, recruit, stash, a mission...),
  searched like a turn decision (TAVERN; issue #23: it doubled the search's gain over its
  prior, docs/performance-search.md round 4);
- **fight**: a choice inside a fight, a raid or a check, whose outcome hangs on dice;
- **endgame**: any decision once someone announced victory or is within ENDGAME_GAP
  glory of the goal, where rollouts often reach the end and judge by the real result.

Every other decision (setup, a pending choice outside a fight) follows the heuristic.
For a searched decision the candidates are the heuristic's top WIDTH actions within MARGIN
of its best; the agent samples worlds consistent with what it sees (`engine.determinize`),
plays every candidate on a copy of the same world with the same dice (a paired comparison)
and continues each copy with its own style for its seat and RIVAL_STYLE (`balanced`, the
opponent model) for the others: through the rivals' next turns and the next event for a
turn or tavern decision (the threats that follow a move), to the end of its own turn for a
fight, two own turns in the endgame. A finished game scores its result; otherwise the leaf
evaluation (`_leaf`, with LEAF_STYLE's weights) scores the end: `evaluate.position` (worth
plus the pull of its goals, less the best rival's worth) plus LEAD per point of glory
ahead of the best rival. The budget is progressive (`_worlds`): `search:N` worlds for
a close call (the runner-up within CLOSE of the favourite, or the endgame), half as many
for a clear one. The heuristic's favourite stays the choice unless a rival beats it by
MIN_GAIN and CONFIDENCE standard errors of the paired differences, so a small budget's
noise cannot make it play worse. One legal action, or one candidate, is returned at once.
One experiment stays behind a constant, off by default (docs/performance-search.md,
round 3): whole-turn plans (PLANS: at each own turn's start the listed styles play the
whole turn on the same worlds and the best by the paired verdict plays it).
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from toolkit.floats import add_up
from toolkit.games.caravans import engine
from toolkit.games.caravans.agents.evaluate import position, result_value
from toolkit.agents.base import parse_budget
from toolkit.agents.search import paired_verdict
from toolkit.games.caravans.agents.heuristic import HeuristicAgent
from toolkit.games.caravans.agents.rollout import Start
from toolkit.games.caravans.agents.styles import load_styles, styles_path
from toolkit.games.caravans.engine.actions import ActionKind as K
from toolkit.games.caravans.engine.cards import total_glory

DEFAULT_BUDGET = 8
PRIOR_STYLE = "sharp"      # the style the agent plays, searches over and rolls itself out with
RIVAL_STYLE = "balanced"   # the style the rivals are rolled out with (the opponent model)
LEAF_STYLE = "balanced"    # the weights that value a rollout's end
MARGIN = 10.0             # candidates: heuristic scores within this of the best (gold-equiv.)
WIDTH = 4                 # at most this many candidates per searched decision
CLOSE = 2.0               # a runner-up within this of the favourite makes a close call
MAX_ROLLOUT_ACTIONS = 200
CONFIDENCE = 1.5          # standard errors by which a rival must beat the favourite
MIN_GAIN = 1.0            # gold-equivalents a rival must gain over the favourite
ENDGAME_GAP = 3           # glory short of the goal at which every decision is searched
ENDGAME_TURNS = 2         # rollout horizon (own turns) in the endgame
LEAD = 6.0                # extra gold-equivalents per point of glory lead at a rollout's end
TURN = 1                  # search turn decisions (0: off)
TAVERN = 1                # search the decisions of a tavern visit too (0: off)
PLANS = ""                # styles whose whole-turn play is compared at each own turn's start
                          # (comma-separated, PRIOR_STYLE first; empty: off)
FIGHT = 1                 # search fight decisions (0: off)
# decisions inside a fight, a raid or a check
RISKY = frozenset({K.COMBAT_CHOICE, K.CAPTURE, K.RAID, K.DELVE, K.RAID_DRAW, K.RAID_DISCARD,
                   K.RAID_SWAP, K.RAID_END, K.REROLL, K.ACCEPT, K.ATTACK, K.LET_GO,
                   K.FLEE_STRIKE, K.LOOT, K.LOOT_END})
# the decisions that shape a turn: where to go, what to take on
ROUTE = frozenset({K.MOVE, K.ENTER_TAVERN, K.LEAVE_TAVERN, K.EXPLORE, K.END_TURN,
                   K.COMPLETE_MISSION, K.TAVERN})


class SearchAgent:
    """Paired determinized Monte Carlo over its prior style's best candidate actions."""

    name = "search"

    def __init__(self, catalog, seat: int, rng: random.Random, budget: int = DEFAULT_BUDGET):
        self.catalog = catalog
        self.seat = seat
        self.rng = rng
        self.budget = budget
        styles = load_styles(styles_path(catalog.root))
        prior = _style(styles, PRIOR_STYLE)
        plans = [prior] + [_style(styles, n) for n in PLANS.split(",") if n and n != prior.name]
        # one heuristic player per style of a whole-turn plan, the prior first
        self.plans = [HeuristicAgent(catalog, seat, random.Random(rng.random()), style)
                      for style in plans]
        self.prior = self.plans[0]
        self.style = self.prior.style
        self.planned = -1     # the own turn whose plan is chosen
        self.rival = _style(styles, RIVAL_STYLE)
        self.judge = _style(styles, LEAF_STYLE)
        self.decisions = 0    # decisions settled by rollouts (for the speed bench)
        self.overruled = 0    # of which the heuristic's favourite lost
        self.switched = 0     # own turns played by another style than the prior's
        self.last: list = []  # (candidate, mean value) of the last searched decision

    def choose(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        action = self._decide(observation, legal_actions)
        for agent in self.plans:
            agent.note(observation, action)
        return action

    def _decide(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        if len(self.plans) > 1 and observation.phase == "play" \
                and observation.turn_seat == self.seat \
                and observation.players[self.seat].turns != self.planned:
            self._plan(observation)
        kind = self._kind(observation, legal_actions)
        if kind is None:
            return self.prior.best(observation, legal_actions)
        ranked = self.prior.ranked(observation, legal_actions)
        best = ranked[0][0]
        candidates = [a for s, a in ranked[:WIDTH] if s >= best - MARGIN]
        if len(candidates) == 1:
            return candidates[0]
        self.decisions += 1
        close = kind == "endgame" or ranked[1][0] >= best - CLOSE
        stop = self._horizon(observation, kind)
        values: list[list[float]] = [[] for _ in candidates]
        for _ in range(self._worlds(close)):
            world = self.sample(observation)
            seed = self.rng.getrandbits(32)
            for i, action in enumerate(candidates):
                values[i].append(self._rollout(world, action, seed, stop))
        self.last = [(a, add_up(v) / len(v)) for a, v in zip(candidates, values)]
        pick = paired_verdict(values, MIN_GAIN, CONFIDENCE)
        self.overruled += pick != 0
        return candidates[pick]

    def _plan(self, observation) -> None:
        """Choose the style that plays this own turn: each plays the whole turn on the same
        worlds with the same dice, the rivals answer as RIVAL_STYLE until the seat's next
        decision; the prior's style stays unless another beats it by the paired verdict."""
        turns = observation.players[self.seat].turns
        self.planned = turns
        values: list[list[float]] = [[] for _ in self.plans]
        for _ in range(self._worlds(True)):
            world = self.sample(observation)
            seed = self.rng.getrandbits(32)
            for i, agent in enumerate(self.plans):
                values[i].append(self._rollout(world, None, seed,
                                               (turns + 1, True), agent.style))
        pick = paired_verdict(values, MIN_GAIN, CONFIDENCE)
        self.prior, self.style = self.plans[pick], self.plans[pick].style
        self.switched += pick != 0

    def sample(self, observation: Any):
        """One world consistent with what the seat sees, drawn with the agent's own rng;
        the rollouts that follow start from it (turned into the core once)."""
        world = engine.determinize(observation, self.seat, self.rng)
        self._start = Start(self.catalog, world)
        return world

    def _worlds(self, close: bool) -> int:
        """The progressive budget: the full budget for a close call, half for a clear one
        (at least two worlds, so the paired differences have a spread)."""
        return max(2, self.budget if close else self.budget // 2)

    def _kind(self, observation, legal_actions) -> str | None:
        """'endgame', 'fight', 'turn', 'tavern' or None (the heuristic decides alone)."""
        if self._endgame(observation):
            return "endgame"
        first = legal_actions[0].kind
        if first in RISKY or observation.combat is not None or observation.raid is not None:
            return "fight" if FIGHT else None
        if TURN and observation.visit is None and not observation.pending \
                and observation.phase == "play" and any(a.kind in ROUTE for a in legal_actions):
            return "turn"
        if TAVERN and observation.visit is not None and not observation.pending \
                and observation.phase == "play":
            return "tavern"
        return None

    def _horizon(self, observation, kind: str) -> tuple[int, bool]:
        """(own turns to finish, whether to stop at the seat's next decision after them)."""
        turns = observation.players[self.seat].turns
        if kind == "endgame":
            return turns + ENDGAME_TURNS, False
        if kind in ("turn", "tavern"):
            return turns + 1, True
        return turns + 1, False

    def _endgame(self, observation) -> bool:
        """Someone announced victory or is within ENDGAME_GAP glory of it (another seat's
        hidden stash counted as one point per public deposit, an estimate: a deposit may
        be any amount): rollouts now often reach the end of the game."""
        if observation.announced is not None:
            return True
        game = observation.rules.game
        most = max(p.glory + min(p.deposits, game.stash.max_points) if p.seat != self.seat
                   else total_glory(observation, self.seat) for p in observation.players)
        return most >= game.glory_to_win - ENDGAME_GAP

    def _rollout(self, world, action, seed: int, stop: tuple[int, bool], own=None) -> float:
        """Play `action` (if any) on the last sampled world, then the default policy (the
        seat's own as `own`, else its turn's style; RIVAL_STYLE for the others) to the
        horizon (agents/rollout.py: on the compiled core when built, same states); the
        value where it ends."""
        end = self._start.rollout(action, self.seat, own or self.style, self.rival, seed,
                                  stop, MAX_ROLLOUT_ACTIONS)
        if end.over:
            return result_value(None, self.seat, self.judge, end.results)
        return self._leaf(end.state)

    def _leaf(self, world) -> float:
        """An unfinished rollout's value: `evaluate.position`, plus LEAD per point of glory
        (stash points included) ahead of the best rival, the currency that wins."""
        value = position(world, self.seat, self.judge)
        if LEAD:
            mine = total_glory(world, self.seat)
            value += LEAD * (mine - max(total_glory(world, s) for s in range(len(world.players))
                                        if s != self.seat))
        return value

def _style(styles, name: str):
    """The style `name`, or, when a project's own styles file lacks it, `raider`, then
    `balanced`, then the file's first style."""
    for key in (name, "raider", "balanced"):
        if key in styles:
            return styles[key]
    return next(iter(styles.values()))


def make_search(game, catalog, seat: int, rng: random.Random, arg: str | None) -> SearchAgent:
    return SearchAgent(catalog, seat, rng, parse_budget(arg, DEFAULT_BUDGET))
