"""The agent protocol and the registry that builds agents by the name used in configs.

An agent sees an observation (what its seat may see) and the legal actions, and returns one
of those actions; it never edits the state. Each agent owns a `random.Random` drawn from the
game seed's per-purpose stream `agent:<seat>`, so agents never disturb the game's chance.

Names resolve in this order: the game's own agents (`Game.new_agent`, e.g. the heuristic
play styles of Caravans & Brigands and its heuristic-anchored `search`), then the generic
agents registered here (`random`, `search`), which play any game through the protocol.
A name may carry one argument after a colon, e.g. `search:200` (the search budget).
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Callable, Protocol, Sequence

from toolkit.errors import UsageError
from toolkit.game import seeded_stream

Action = Any  # a game's small hashable action value


class Agent(Protocol):
    """Anything with a name, a seat and `choose`. An agent may set `observes = False`
    when it never reads the observation; the loop then passes None."""

    name: str
    seat: int

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        """One of `legal_actions`, decided from `observation` only."""


# factory(game, catalog, seat, rng, arg) -> Agent; `arg` is the text after ':' or None
Factory = Callable[[Any, Any, int, random.Random, "str | None"], Agent]
AGENTS: dict[str, Factory] = {}
BUILTIN_MODULES = ("toolkit.agents.random_agent", "toolkit.agents.search")


def register(name: str) -> Callable[[Factory], Factory]:
    """Decorator: make a generic agent `factory` available to `make_agent` under `name`."""
    def add(factory: Factory) -> Factory:
        if name in AGENTS and AGENTS[name] is not factory:
            raise ValueError(f"agent name '{name}' registered twice")
        AGENTS[name] = factory
        return factory
    return add


def _load_builtins() -> None:
    for module in BUILTIN_MODULES:
        importlib.import_module(module)


def agent_rng(seed: int, seat: int) -> random.Random:
    """The seat's own random stream, derived from the game seed."""
    return seeded_stream(seed, f"agent:{seat}")


def parse_budget(arg: str | None, default: int, name: str = "search") -> int:
    """The budget of `name:N` (a positive whole number), `default` without one."""
    if arg is None:
        return default
    if not arg.isdigit() or int(arg) < 1 or int(arg) > 1_000_000:
        raise UsageError(f"{name} budget must be a whole number from 1 to 1000000, "
                         f"not '{arg}'")
    return int(arg)


def agent_names(game, catalog=None) -> list[str]:
    """Every name `make_agent` accepts for this game: its own agents and the generic ones."""
    _load_builtins()
    return sorted(set(AGENTS) | set(game.agent_names(catalog)))


def make_agent(name: str, game, catalog: Any, seat: int, seed: int) -> Agent:
    """The agent called `name` (optionally `name:arg`) for `seat` in the game with `seed`."""
    _load_builtins()
    base, _, arg = name.partition(":")
    rng = agent_rng(seed, seat)
    agent = game.new_agent(catalog, base, seat, rng, arg or None)
    if agent is not None:
        return agent
    if base in AGENTS:
        return AGENTS[base](game, catalog, seat, rng, arg or None)
    known = ", ".join(agent_names(game, catalog))
    raise UsageError(f"unknown agent '{name}' (known: {known}; search takes a budget, "
                     f"e.g. search:64)")
