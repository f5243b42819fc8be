"""Invariant fuzzing for any game: play many games with random agents and the game's own
agents in mixed seats (through the one game loop) and check, after every action, the
game's invariants (`Game.invariants`) and the ones every game has:

    legal_action_exists   until the game is over, the seat to act has a legal action
    clone_hash_equal      a clone hashes like the state (every HASH_EVERY actions, and last)
    game_ends             the game ends within `game.max_actions`
    replay_reproduces     the actions, through JSON, replayed from the seed give the same
                          final state hash

A violation names the invariant, the seed, the action index, the last few actions in
words and the `toolkit replay` command that replays the game to that point.
"""

from __future__ import annotations

import hashlib
import random
import time
from dataclasses import dataclass, field
from typing import Sequence

from toolkit.checks.report import Violation
from toolkit.errors import ToolkitError
from toolkit.loop import IllegalAction, NoLegalAction, play
from toolkit.sim.plan import seed_for

RECENT = 6
HASH_EVERY = 10
GENERIC = ("legal_action_exists", "clone_hash_equal", "game_ends", "replay_reproduces")


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


def lineup(seed: int, players: int, styles: Sequence[str]) -> list[str]:
    """Seat agents for a fuzzed game, drawn from the seed: half the seats random (fast, and
    they try odd moves), the others one of the game's own agents."""
    rng = random.Random(hashlib.sha256(f"check-lineup:{seed}".encode()).digest())
    return [rng.choice(styles) if styles and rng.random() < 0.5 else "random"
            for _ in range(players)]


def _generic(game, state, index: int, only) -> list[tuple[str, str]]:
    out = []
    over = game.is_terminal(state)
    if _wanted("legal_action_exists", only) and not over and not game.legal_actions(state):
        out.append(("legal_action_exists",
                    f"seat {game.current_player(state) + 1} has no legal action"))
    if _wanted("clone_hash_equal", only) and (over or index % HASH_EVERY == 0):
        h1, h2 = game.state_hash(state), game.state_hash(game.clone(state))
        if h1 != h2:
            out.append(("clone_hash_equal", f"clone hash {h2} differs from the state's {h1}"))
    return out


def _wanted(name: str, only) -> bool:
    return only is None or name in only


def _replayed(game, catalog, fuzzed: FuzzGame) -> "str | None":
    """Why replaying the actions (through JSON) from the seed does not reproduce the game."""
    state = game.new_game(catalog, fuzzed.seed, list(fuzzed.agents))
    for index, action in enumerate(fuzzed.actions, 1):
        try:
            state = game.apply_action(state, game.action_from_json(game.action_to_json(action)))
        except Exception as exc:  # noqa: BLE001 - a replay crash is the finding
            return (f"replaying the log from the seed failed at action {index} "
                    f"({action!r}): {type(exc).__name__}: {exc}")
    h1, h2 = game.state_hash(fuzzed.final), game.state_hash(state)
    if h1 != h2:
        return f"replaying the log from the seed gives final hash {h2}, not the played {h1}"
    return None


def play_checked(game, catalog, project: str, seed: int, agents: list[str],
                 only: set[str] | None = None, stop_at_first: bool = True) -> FuzzGame:
    """Play one game, checking every invariant after every action (game-scope ones at
    the end)."""
    fuzzed = FuzzGame(project, seed, list(agents))
    checks = {n: f for n, f in game.invariants().items() if _wanted(n, only)}
    doing = ["the agent"]

    def run(state, index: int) -> bool:
        found = _generic(game, state, index, only)
        for name, check in checks.items():
            try:
                problem = check(state)
            except Exception as exc:  # noqa: BLE001 - a crashing check is a finding
                problem = f"checking raised {type(exc).__name__}: {exc}"
            if problem:
                found.append((name, problem))
        fuzzed.violations += [fuzzed.violation(n, m, index) for n, m in found]
        return bool(found) and stop_at_first

    def before(state, action, index):
        fuzzed.words.append(_words(game, state, action, index))
        doing[0] = "the game"
        return False

    def after(state, action, index):
        fuzzed.actions.append(action)
        doing[0] = "the agent"
        return run(state, index)

    start = game.new_game(catalog, seed, list(agents))
    state = start
    if not run(start, 0):
        try:
            played = play(game, catalog, seed, agents, before=before, after=after, state=start)
            state = played.state
        except NoLegalAction as exc:
            if _wanted("legal_action_exists", only):
                fuzzed.violations.append(fuzzed.violation("legal_action_exists", exc.message,
                                                          len(fuzzed.actions)))
        except IllegalAction as exc:
            fuzzed.violations.append(fuzzed.violation("agent_runs", exc.message,
                                                      len(fuzzed.actions) + 1))
        except ToolkitError as exc:
            if _wanted("game_ends", only):
                fuzzed.violations.append(fuzzed.violation("game_ends", exc.message,
                                                          len(fuzzed.actions)))
        except Exception as exc:  # noqa: BLE001 - a crash is a finding, reported like one
            name = "agent_runs" if doing[0] == "the agent" else "game_runs"
            fuzzed.violations.append(fuzzed.violation(
                name, f"{doing[0]} raised {type(exc).__name__}: {exc}", len(fuzzed.actions) + 1))
    fuzzed.final = state
    if not fuzzed.violations and _wanted("replay_reproduces", only):
        problem = _replayed(game, catalog, fuzzed)
        if problem:
            fuzzed.violations.append(fuzzed.violation("replay_reproduces", problem,
                                                      len(fuzzed.actions)))
    return fuzzed


def _words(game, state, action, index: int) -> str:
    seat = game.current_player(state)
    try:
        text = game.describe_action(state, action)
    except Exception:  # noqa: BLE001 - words are for people; a describe bug must not hide it
        text = repr(action)
    return f"#{index} seat {seat + 1}: {text}"


@dataclass
class FuzzResult:
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    violations: list[Violation] = field(default_factory=list)


def fuzz(game, catalog, project: str, games: int, master_seed: int = 0,
         only: set[str] | None = None, max_violations: int = 20,
         on_game=None) -> FuzzResult:
    """Play `games` games over every allowed player count; collect violations.
    `on_game(violations so far)` is called after each game (a progress display)."""
    styles = [n for n in game.mixed_agents(catalog) if n != "random"]
    counts = list(range(catalog.game.players.min, catalog.game.players.max + 1))
    out = FuzzResult()
    start = time.perf_counter()
    seen: set[str] = set()
    for index in range(games):
        seed = seed_for(master_seed, index)
        agents = lineup(seed, counts[index % len(counts)], styles)
        fuzzed = play_checked(game, catalog, project, seed, agents, only)
        out.games += 1
        out.actions += len(fuzzed.actions)
        for v in fuzzed.violations:
            if v.invariant not in seen or len(out.violations) < max_violations:
                seen.add(v.invariant)
                out.violations.append(v)
        if on_game is not None:
            on_game(len(out.violations))
    out.seconds = time.perf_counter() - start
    return out
