"""The agent protocol and the registry that builds agents by the name used in configs.

An agent sees an observation (what its seat may see) and the legal actions, and returns one
of those actions; it never edits the state. Each agent owns a `random.Random` drawn from the
game seed's per-purpose stream `agent:<seat>`, so agents never disturb the dice or decks.

Adding an agent is one entry: decorate a factory with `@register("name")` in a module listed
in `BUILTIN_MODULES`. A heuristic style needs no code at all: a block in `styles.yaml`.
A name may carry one argument after a colon, e.g. `search:200` (the search budget).
"""

from __future__ import annotations

import importlib
import random
from typing import Any, Callable, Protocol, Sequence

from toolkit.errors import UsageError

Action = Any  # the engine's small hashable action value


class Agent(Protocol):
    """Anything with a name, a seat and `choose`. An agent may set `observes = False`
    when it never reads the observation; the runner then passes None."""

    name: str
    seat: int

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        """One of `legal_actions`, decided from `observation` only."""


# factory(catalog, seat, rng, arg) -> Agent; `arg` is the text after ':' or None
Factory = Callable[[Any, int, random.Random, "str | None"], Agent]
AGENTS: dict[str, Factory] = {}
BUILTIN_MODULES = ("toolkit.agents.random_agent", "toolkit.agents.search")


def register(name: str) -> Callable[[Factory], Factory]:
    """Decorator: make `factory` available to `make_agent` under `name`."""
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
    """The seat's own random stream, derived from the game seed by the engine's rule."""
    from toolkit.engine.rng import stream
    return stream(seed, f"agent:{seat}")


def _styles(catalog):
    from toolkit.agents.styles import load_styles, styles_path
    return load_styles(styles_path(getattr(catalog, "root", None)))


def agent_names(catalog=None) -> list[str]:
    """Every name `make_agent` accepts: the code agents and the style blocks."""
    _load_builtins()
    return sorted(set(AGENTS) | set(_styles(catalog)))


def make_agent(name: str, catalog: Any, seat: int, seed: int) -> Agent:
    """The agent called `name` (optionally `name:arg`) for `seat` in the game with `seed`."""
    _load_builtins()
    base, _, arg = name.partition(":")
    rng = agent_rng(seed, seat)
    if base in AGENTS:
        return AGENTS[base](catalog, seat, rng, arg or None)
    styles = _styles(catalog)
    if base in styles and not arg:
        from toolkit.agents.heuristic import HeuristicAgent
        return HeuristicAgent(catalog, seat, rng, styles[base])
    known = ", ".join(agent_names(catalog))
    raise UsageError(f"unknown agent '{name}' (known: {known}; search takes a budget, "
                     f"e.g. search:64)")
