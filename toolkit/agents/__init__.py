"""Generic AI players: the agent protocol and registry, `random`, and `search`
(determinized rollouts through `Game.determinize`); a game adds its own via `Game.agents()`."""

from toolkit.agents.base import Agent, agent_names, make_agent, register

__all__ = ["Agent", "agent_names", "make_agent", "register"]
