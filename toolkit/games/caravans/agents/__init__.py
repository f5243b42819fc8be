"""The agents of Caravans & Brigands: the heuristic play styles of styles.yaml (a project
may ship its own `agents/styles.yaml`) and `search`, flat Monte Carlo over the `raider`
style's candidate moves, with rivals rolled out as `balanced`. The toolkit reaches them
through `CaravansGame.new_agent`."""

from __future__ import annotations

import random


def play_styles(catalog) -> dict:
    """The project's play styles by name (its agents/styles.yaml, else the bundled file)."""
    from toolkit.games.caravans.agents.styles import load_styles, styles_path
    return load_styles(styles_path(getattr(catalog, "root", None)))


def new_agent(catalog, name: str, seat: int, rng: random.Random, arg: "str | None"):
    """The style or search agent `name`, or None when the game has none by that name."""
    if name == "search":
        from toolkit.games.caravans.agents.search import make_search
        return make_search(None, catalog, seat, rng, arg)
    found = play_styles(catalog).get(name)
    if found is None:
        return None
    if arg is not None:
        from toolkit.errors import UsageError
        raise UsageError(f"play style '{name}' takes no argument, got '{name}:{arg}'")
    from toolkit.games.caravans.agents.heuristic import HeuristicAgent
    return HeuristicAgent(catalog, seat, rng, found)
