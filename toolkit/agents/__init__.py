"""AI players for the simulator: `random`, the heuristic styles of styles.yaml, and `search`."""

from toolkit.agents.base import Agent, agent_names, make_agent, register

__all__ = ["Agent", "agent_names", "make_agent", "register"]
