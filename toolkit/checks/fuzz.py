"""Invariant fuzzing: play many games with random and heuristic agents in mixed seats and
check every registered invariant after every action.

A violation names the invariant, the seed, the action index, the last few actions in
words and the `toolkit replay` command that replays the game to that point.
"""

from __future__ import annotations

import hashlib
import random
import time
from dataclasses import dataclass, field
from typing import Sequence

from toolkit import engine
from toolkit.agents import make_agent
from toolkit.checks import observe
from toolkit.checks.invariants import CLONE_EVERY
from toolkit.checks.registry import Step, of_scope
from toolkit.checks.report import Violation
from toolkit.sim.plan import seed_for

RECENT = 6
MAX_ACTIONS = 20_000


@dataclass
class FuzzGame:
    """One fuzzed game: its seed, agents, the actions applied and their words."""

    project: str
    seed: int
    agents: list[str]
    actions: list = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    final: object = None

    def violation(self, name: str, message: str, index: int) -> Violation:
        return Violation(name, message, self.project, self.seed, list(self.agents), index,
                         self.words[max(0, index - RECENT):index])


def heuristic_styles(catalog) -> list[str]:
    """The heuristic play styles the project's agents know (styles.yaml)."""
    from toolkit.agents.styles import load_styles, styles_path
    return sorted(load_styles(styles_path(getattr(catalog, "root", None))))


def lineup(catalog, seed: int, players: int, styles: Sequence[str]) -> list[str]:
    """Seat agents for a fuzzed game, drawn from the seed: half the seats random (fast, and
    they try odd moves), the others a heuristic style."""
    rng = random.Random(hashlib.sha256(f"check-lineup:{seed}".encode()).digest())
    return [rng.choice(styles) if styles and rng.random() < 0.5 else "random"
            for _ in range(players)]


def play_checked(catalog, project: str, seed: int, agents: list[str],
                 only: set[str] | None = None, stop_at_first: bool = True) -> FuzzGame:
    """Play one game, checking the action invariants after every action and the game
    invariants at the end."""
    game = FuzzGame(project, seed, list(agents))
    checks = of_scope("action", only)
    want_twin = any(inv.name == "clone_equal" for inv in checks)
    players = [make_agent(name, catalog, seat, seed) for seat, name in enumerate(agents)]
    state = engine.new_game(catalog, seed, list(agents))
    step = Step(catalog, state, game=game, legal=_legal(state))
    _run(checks, step, game)
    while not engine.is_terminal(state) and len(game.actions) < MAX_ACTIONS:
        if game.violations and stop_at_first:
            break
        if not step.legal:
            break
        seat = engine.current_player(state)
        index = len(game.actions) + 1
        try:
            action = players[seat].choose(engine.observation(state, seat), step.legal)
        except Exception as exc:  # an agent crash is reported, not raised
            game.violations.append(game.violation(
                "agent_runs", f"agent '{agents[seat]}' raised {type(exc).__name__}: {exc}",
                index))
            break
        if action not in step.legal:
            game.violations.append(game.violation(
                "agent_runs", f"agent '{agents[seat]}' chose {action!r}, not a legal action",
                index))
            break
        game.words.append(_words(state, action, index))
        before = observe.snapshot(state)
        twin = engine.clone(state) if want_twin and index % CLONE_EVERY == 0 else None
        try:
            state = engine.apply_action(state, action)
            if twin is not None:
                twin = engine.apply_action(twin, action)
            legal = _legal(state)
        except Exception as exc:  # a crash of the engine is a finding, reported like one
            game.violations.append(game.violation(
                "engine_runs", f"the engine raised {type(exc).__name__}: {exc}", index))
            break
        game.actions.append(action)
        step = Step(catalog, state, action, before, index, legal, game, twin)
        _run(checks, step, game)
    game.final = state
    if not (game.violations and stop_at_first):
        _run(of_scope("game", only), Step(catalog, state, None, {}, len(game.actions),
                                          None, game), game)
    return game


def _legal(state):
    return [] if engine.is_terminal(state) else list(engine.legal_actions(state))


def _words(state, action, index: int) -> str:
    seat = engine.current_player(state)
    try:
        text = engine.describe_action(state, action)
    except Exception:  # words are for people; a describe bug must not hide the finding
        text = repr(action)
    return f"#{index} seat {seat}: {text}"


def _run(checks, step: Step, game: FuzzGame) -> None:
    for inv in checks:
        try:
            problem = inv.fn(step)
        except Exception as exc:  # an invariant that crashes is a finding, not a traceback
            problem = f"checking raised {type(exc).__name__}: {exc}"
        if problem:
            game.violations.append(game.violation(inv.name, problem, step.index))


@dataclass
class FuzzResult:
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    violations: list[Violation] = field(default_factory=list)


def fuzz(catalog, project: str, games: int, master_seed: int = 0,
         only: set[str] | None = None, max_violations: int = 20) -> FuzzResult:
    """Play `games` games over every allowed player count; collect violations."""
    styles = heuristic_styles(catalog)
    counts = list(range(catalog.game.players.min, catalog.game.players.max + 1))
    out = FuzzResult()
    start = time.perf_counter()
    seen: set[str] = set()
    for index in range(games):
        seed = seed_for(master_seed, index)
        agents = lineup(catalog, seed, counts[index % len(counts)], styles)
        game = play_checked(catalog, project, seed, agents, only)
        out.games += 1
        out.actions += len(game.actions)
        for v in game.violations:
            if v.invariant not in seen or len(out.violations) < max_violations:
                seen.add(v.invariant)
                out.violations.append(v)
    out.seconds = time.perf_counter() - start
    return out
