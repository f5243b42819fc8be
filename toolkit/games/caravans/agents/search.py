"""The `search` agent: flat Monte Carlo on determinised worlds, anchored on the heuristic.

The agent plays the `balanced` heuristic and lets rollouts overrule it in the endgame
(someone within ENDGAME_GAP glory of the goal, or victory announced), where rollouts often
reach the end of the game and so judge by the real result; with MIDGAME it also searches
choices inside a fight, a raid or a skill check and attacks the heuristic nearly wants
(off by default: measured weaker, 0.56 against 0.69, and slower). For a searched decision
it keeps the heuristic's best candidates, samples worlds consistent with what it sees
(`engine.determinize` of the observation), plays every candidate on a copy of the same
world (dice streams included, so the comparison is paired) and continues each copy with
the `balanced` policy for every seat for ENDGAME_TURNS own turns (HORIZON_TURNS for
midgame searches). A finished game scores its result; otherwise `evaluate.position`
scores the end (worth plus the pull of its goals, less the best rival's worth). The
heuristic's favourite stays the choice unless a rival beats it by MIN_GAIN and
CONFIDENCE standard errors of the paired differences, so a small budget's noise cannot
make it play worse. The budget (`search:N`) is the number of rollouts per searched
decision; one legal action, or one candidate, is returned at once.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from toolkit.games.caravans import engine
from toolkit.games.caravans.agents.evaluate import position, result_value
from toolkit.agents.base import parse_budget
from toolkit.games.caravans.agents.heuristic import HeuristicAgent
from toolkit.games.caravans.agents.styles import load_styles, styles_path
from toolkit.games.caravans.engine.actions import ActionKind as K
from toolkit.games.caravans.engine.cards import total_glory

DEFAULT_BUDGET = 32
ROLLOUT_STYLE = "balanced"
MARGIN = 6.0              # candidates: heuristic scores within this of the best (gold-equiv.)
HORIZON_TURNS = 1         # rollouts stop when the searching seat's current turn is over
MAX_ROLLOUT_ACTIONS = 150
CONFIDENCE = 2.0          # standard errors by which a rival must beat the favourite
# decisions inside a fight, a raid or a check: their outcome hangs on dice and shows at
# once, so rollouts judge them well; every other decision follows the heuristic
RISKY = frozenset({K.COMBAT_CHOICE, K.CAPTURE, K.RAID, K.DELVE, K.RAID_DRAW, K.RAID_DISCARD,
                   K.RAID_SWAP, K.RAID_END, K.REROLL, K.ACCEPT, K.ATTACK, K.LET_GO,
                   K.FLEE_STRIKE, K.LOOT, K.LOOT_END})
ATTACK_MARGIN = 6.0       # attacks scoring within this of the favourite are searched too
ENDGAME_GAP = 3           # glory short of the goal at which every decision is searched
ENDGAME_TURNS = 2         # rollout horizon (own turns) in the endgame
MIN_GAIN = 1.0            # gold-equivalents a rival must gain over the favourite
MIDGAME = False           # also search risky decisions and near-attacks before the endgame


class SearchAgent:
    """Paired flat Monte Carlo over the heuristic's best candidate actions."""

    name = "search"

    def __init__(self, catalog, seat: int, rng: random.Random, budget: int = DEFAULT_BUDGET):
        self.catalog = catalog
        self.seat = seat
        self.rng = rng
        self.budget = budget
        style = load_styles(styles_path(catalog.root))[ROLLOUT_STYLE]
        self.prior = HeuristicAgent(catalog, seat, random.Random(rng.random()), style)
        self.style = style
        self.decisions = 0  # decisions settled by rollouts (for the speed bench)
        self.last: list = []  # (candidate, total value) of the last searched decision

    def choose(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        action = self._decide(observation, legal_actions)
        self.prior.note(observation, action)
        return action

    def _decide(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        endgame = self._endgame(observation)
        if endgame or (MIDGAME and legal_actions[0].kind in RISKY):
            candidates = self._candidates(observation, legal_actions)
        elif MIDGAME:
            candidates = self._attacks(observation, legal_actions)
        else:
            return self.prior.best(observation, legal_actions)
        if len(candidates) == 1:
            return candidates[0]
        self.decisions += 1
        values: list[list[float]] = [[] for _ in candidates]
        for _ in range(max(2, self.budget // len(candidates))):
            world = self._sample(observation)
            seed = self.rng.getrandbits(32)
            for i, action in enumerate(candidates):
                values[i].append(self._rollout(engine.clone(world), action, seed,
                                               ENDGAME_TURNS if endgame else HORIZON_TURNS))
        self.last = [(a, sum(v) / len(v)) for a, v in zip(candidates, values)]
        return candidates[self._verdict(values)]

    @staticmethod
    def _verdict(values: list[list[float]]) -> int:
        """The heuristic's favourite (index 0) unless another candidate beats it in the
        paired rollouts by a mean of more than MIN_GAIN and more than CONFIDENCE standard
        errors of the mean difference; among such candidates, the largest gain."""
        best, best_gain = 0, 0.0
        for i in range(1, len(values)):
            diffs = [b - a for a, b in zip(values[0], values[i])]
            n = len(diffs)
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            if mean > max(best_gain, MIN_GAIN, CONFIDENCE * (var / n) ** 0.5):
                best, best_gain = i, mean
        return best

    def _sample(self, observation):
        """A world consistent with the observation, with its own random streams."""
        return engine.determinize(observation, self.seat, self.rng)

    def _attacks(self, observation, legal_actions) -> list:
        """The heuristic's favourite and the attacks on parties here it nearly prefers."""
        ranked = self.prior.ranked(observation, legal_actions)
        best, favourite = ranked[0]
        return [favourite] + [a for score, a in ranked[1:]
                              if _is_attack(a) and score >= best - ATTACK_MARGIN]

    def _candidates(self, observation, legal_actions) -> list:
        """The heuristic's top actions that score within MARGIN of its best, as many as the
        budget can compare (at least two rollouts each)."""
        width = max(2, min(len(legal_actions), self.budget // 4))
        ranked = self.prior.ranked(observation, legal_actions)
        best = ranked[0][0]
        return [action for score, action in ranked[:width] if score >= best - MARGIN]

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

    def _rollout(self, world, action, seed: int, turns: int = HORIZON_TURNS) -> float:
        """Play `action`, then the default policy to the horizon; the value where it ends."""
        stop = world.players[self.seat].turns + turns
        world = engine.apply_action(world, action)
        policies = self._policies(world, seed)
        for _ in range(MAX_ROLLOUT_ACTIONS):
            if engine.is_terminal(world):
                return result_value(world, self.seat, self.style, engine.results(world))
            if world.players[self.seat].turns >= stop:
                break
            seat = engine.current_player(world)
            choice = policies[seat].choose(world, engine.legal_actions(world))
            world = engine.apply_action(world, choice)
        return position(world, self.seat, self.style)

    def _policies(self, world, seed: int) -> list[HeuristicAgent]:
        rng = random.Random(seed)
        return [HeuristicAgent(self.catalog, seat, rng, self.style)
                for seat in range(len(world.players))]


def _is_attack(action) -> bool:
    return action.kind is K.ATTACK or (action.kind is K.EXPLORE
                                       and action.args[0] in ("player", "npc"))


def make_search(game, catalog, seat: int, rng: random.Random, arg: str | None) -> SearchAgent:
    return SearchAgent(catalog, seat, rng, parse_budget(arg, DEFAULT_BUDGET))
