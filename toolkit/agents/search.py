"""The generic `search` agent: determinized Monte Carlo with progressive widening, anchored
on the game's strongest heuristic, for any game on the Game protocol.

**Prior and rollout policy.** `prior_name(game, catalog)` is the strongest agent of the
game's `skill_ladder` other than `random` and `search` (else the game's only own agent);
a game with none is searched with uniformly random rollouts and no anchor.

**One decision** (more than one legal action; one is returned at once):

1. *Candidates, widened progressively.* The prior's pick comes first. Others follow, in
   this order: the picks of fresh prior agents with other random streams (a heuristic's
   near-ties), then the remaining legal actions in a random order (never the listed order:
   no action wins a tie by being listed first). A budget of N simulations searches
   `widen(N, legal)` = 1 + max(1, floor(sqrt(N) / WIDEN_STEP)) candidates (2 at N = 8,
   3 at 16, 6 at 64), over at least two worlds each.
2. *Worlds.* Each world is `game.determinize(observation, seat, rng)`: the hidden rest
   re-sampled (information-set sampling). Every candidate is played on a copy of the same
   world with the same rollout seed (a paired comparison), so N simulations are
   `max(2, N // candidates)` worlds times the candidates.
3. *Rollouts.* After the candidate, every seat plays its prior (fresh agents, one stream
   per rollout), reading the sampled world (WORLD_VIEW: its hidden parts are samples, not
   the truth; else each seat's observation of it), for at most HORIZON actions when the
   game has a value hook (`Game.value(state, seat)`, an estimate of the seat's share of the
   win in [0, 1]) and to the end otherwise (at most MAX_ROLLOUT actions; a rollout cut
   there scores an even share). A finished game scores `game.results` for the seat.
4. *Verdict.* With a prior, its pick stays unless a rival beats it on the paired worlds by
   more than MIN_GAIN and CONFIDENCE standard errors of the paired differences
   (`paired_verdict`): a small budget's noise cannot make it play worse than its prior.
   Without a prior, the best mean wins, ties broken at random.

`search:N` sets N (default DEFAULT_BUDGET). All the agent's chance comes from its own
stream, so the same game seed gives the same game. A game may offer a stronger search of
its own under the same name (Caravans & Brigands does).
"""

from __future__ import annotations

import math
import random
from typing import Any, Sequence

from toolkit.agents.base import parse_budget, register

DEFAULT_BUDGET = 16
MAX_ROLLOUT = 2_000      # actions of a rollout to the end (a game without a value hook)
HORIZON = 60             # actions of a truncated rollout (a game with a value hook)
WIDEN_STEP = 1.5         # candidates = 1 + max(1, floor(sqrt(budget) / WIDEN_STEP))
PRIOR_TRIES = 3          # fresh prior agents asked for their pick, per extra candidate
MIN_GAIN = 0.02          # share of a win a rival must gain over the prior's pick
CONFIDENCE = 1.0         # standard errors of the paired differences it must gain by
NOT_PRIORS = ("random", "search")
# rollout policies read the sampled world itself: its hidden parts are samples, not the
# truth, so nothing the seat may not see reaches them, and a view per action is spared
WORLD_VIEW = True


def prior_name(game, catalog) -> str | None:
    """The game's strongest heuristic: the last name of its skill ladder other than random
    and search, else its only own agent (None: the game has no heuristic)."""
    try:
        ladder = [n for n in game.skill_ladder(catalog) if n not in NOT_PRIORS]
        own = [n for n in game.agent_names(catalog) if n not in NOT_PRIORS]
    except Exception:   # a game whose hooks need a real project (a test's stand-in)
        return None
    ladder = [n for n in ladder if n in own] or ([own[0]] if len(own) == 1 else [])
    return ladder[-1] if ladder else None


def widen(budget: int, n_legal: int) -> int:
    """How many candidates a budget of `budget` simulations searches (progressive widening)."""
    return min(n_legal, 1 + max(1, int(math.sqrt(budget) / WIDEN_STEP)))


class SearchAgent:
    """Determinized Monte Carlo over the prior's pick and progressively widened rivals."""

    name = "search"

    def __init__(self, game, seat: int, rng: random.Random, budget: int = DEFAULT_BUDGET,
                 catalog: Any = None, prior: str | None = None):
        self.game = game
        self.seat = seat
        self.rng = rng
        self.budget = budget
        self.catalog = catalog
        self.prior_name = prior
        self.prior = self._agent(prior, seat, random.Random(rng.getrandbits(64)))
        self.has_value = type(game).value is not _base_value()
        self.decisions = 0   # decisions settled by rollouts (for the bench)
        self.overruled = 0   # of which the prior's pick lost

    def _agent(self, name, seat: int, rng: random.Random):
        if name is None:
            return None
        return self.game.new_agent(self.catalog, name, seat, rng, None)

    def choose(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        legal = list(legal_actions)
        if len(legal) == 1:
            return self._noted(observation, legal[0]) if self.prior else legal[0]
        favourite = self.prior.choose(observation, legal) if self.prior else None
        candidates = self._candidates(observation, legal, favourite)
        if len(candidates) == 1:
            return candidates[0]
        self.decisions += 1
        worlds = max(2, self.budget // len(candidates))
        values: list[list[float]] = [[] for _ in candidates]
        for _ in range(worlds):
            world = self.game.determinize(observation, self.seat, self.rng)
            seed = self.rng.getrandbits(32)
            for i, action in enumerate(candidates):
                values[i].append(self._rollout(self.game.clone(world), action, seed))
        if self.prior is not None:
            pick = paired_verdict(values, MIN_GAIN, CONFIDENCE)
            self.overruled += pick != 0
        else:
            means = [sum(v) / len(v) for v in values]
            top = max(means)
            pick = self.rng.choice([i for i, m in enumerate(means) if m == top])
        return candidates[pick]

    def _noted(self, observation, action):
        """Let a stateful prior see a forced move too (its plans follow the game)."""
        note = getattr(self.prior, "note", None)
        if note is not None:
            note(observation, action)
        return action

    def _candidates(self, observation, legal: list, favourite) -> list:
        want = widen(self.budget, len(legal))
        chosen = [] if favourite is None else [favourite]
        if self.prior is not None:
            for _ in range(PRIOR_TRIES * (want - 1)):
                if len(chosen) >= want:
                    break
                other = self._agent(self.prior_name, self.seat,
                                    random.Random(self.rng.getrandbits(64)))
                pick = other.choose(observation, legal)
                if pick not in chosen:
                    chosen.append(pick)
        rest = [a for a in legal if a not in chosen]
        self.rng.shuffle(rest)
        return chosen + rest[:max(0, want - len(chosen))]

    def _rollout(self, world, action, seed: int) -> float:
        """Apply `action`, then every seat's policy (the prior, else random) to the horizon;
        this seat's share of the win, or the value hook's estimate where it stopped."""
        game = self.game
        rng = random.Random(seed)
        world = game.apply_action(world, action)
        limit = HORIZON if self.has_value else MAX_ROLLOUT
        policies: dict[int, Any] = {}
        for _ in range(limit):
            if game.is_terminal(world):
                return game.results(world)[self.seat]
            legal = game.legal_actions(world)
            seat = game.current_player(world)
            if len(legal) == 1:
                choice = legal[0]
            elif self.prior_name is None:
                choice = legal[int(rng.random() * len(legal))]
            else:
                agent = policies.get(seat)
                if agent is None:
                    agent = policies[seat] = self._agent(
                        self.prior_name, seat, random.Random(rng.getrandbits(64)))
                choice = agent.choose(world if WORLD_VIEW else game.observation(world, seat),
                                      legal)
            world = game.apply_action(world, choice)
        if game.is_terminal(world):
            return game.results(world)[self.seat]
        estimate = game.value(world, self.seat) if self.has_value else None
        if estimate is not None:
            return float(estimate)
        try:  # unfinished: an even share, so no action gains from a long rollout
            return 1.0 / max(1, len(game.results(world)))
        except Exception:
            return 0.0


def _base_value():
    from toolkit.game import Game
    return Game.value


def paired_verdict(values: list[list[float]], min_gain: float = 0.0,
                   confidence: float = 2.0) -> int:
    """Index of the winning candidate of a paired comparison: `values[i][k]` is candidate
    i's value on world k (the same world and dice for every candidate), index 0 the
    default (a policy's favourite). The default stays unless a rival beats it by a mean
    difference above `min_gain` and above `confidence` standard errors of the paired
    differences; among such rivals, the largest mean gain."""
    best, best_gain = 0, 0.0
    for i in range(1, len(values)):
        diffs = [b - a for a, b in zip(values[0], values[i])]
        n = len(diffs)
        if n < 2:
            continue
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean > max(best_gain, min_gain, confidence * (var / n) ** 0.5):
            best, best_gain = i, mean
    return best


@register("search")
def make_search(game, catalog, seat: int, rng: random.Random, arg: str | None) -> SearchAgent:
    return SearchAgent(game, seat, rng, parse_budget(arg, DEFAULT_BUDGET), catalog,
                       prior_name(game, catalog))
