"""The generic schema of a ruling: a game-specific setup, a few steps and what must then hold.

Rulings live in `<project>/cards/rulings/*.yaml` as `rulings: [...]`; each one pins down one
rule (a rulebook example, an FAQ answer) as an executable scenario. The shape is the same
for every game; what goes inside `setup:`, the arguments of a step and the facts of an
expectation belong to the game (its `ruling_problems`, `scenario`, `step_matches` and
`expect` hooks). Seats count from 1 here, as everywhere a person reads them; the loader
hands the game's hooks seats from 0 (toolkit/checks/seats.py).

    - id: tavern_to_tavern
      rule: Moving from one tavern to the next costs exactly 3 actions.
      source: 000_rulebook.txt, Move
      setup: {...}                     # the game's own keys
      steps:
        - {do: move, to: a, by: 1}     # an action kind, the arguments that pick it, the seat
      expect:
        - {over: false}                # generic: over, winners, current, legal + is,
        - {legal: {do: move}, is: false}   #  probability + equals
        - {seat: 1, gold: 3}           # anything else: the game's `expect`
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

GENERIC_EXPECT = frozenset({"over", "winners", "current", "legal", "is", "probability",
                            "equals"})


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Step(BaseModel):
    """One action: `do` names the action kind, other keys pick among the legal ones."""

    model_config = ConfigDict(extra="allow", frozen=True)
    do: str = Field(min_length=1)
    by: int | None = Field(None, ge=0, description="the seat expected to act")


class Ruling(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]{0,59}$")
    rule: str = Field(min_length=1, description="the rule in one sentence")
    source: str | None = Field(None, description="where the rule comes from")
    setup: dict[str, Any] = Field(default_factory=dict, description="the game's own keys")
    steps: list[Step] = Field(default_factory=list)
    expect: list[dict[str, Any]] = Field(min_length=1)
    known_failure: str | None = Field(
        None, min_length=1, description="why the engine departs from this rule for now: the "
        "ruling is run and reported as a known departure, not as a failure")


class RulingFile(Strict):
    rulings: list[Ruling] = Field(min_length=1)


def step_dict(step: Step) -> dict[str, Any]:
    """A step as the plain mapping a game's `step_matches` reads."""
    out: dict[str, Any] = {"do": step.do, **(step.model_extra or {})}
    if step.by is not None:
        out["by"] = step.by
    return out


def step_text(step: dict) -> str:
    args = ", ".join(f"{k}={v}" for k, v in step.items() if k not in ("do", "by"))
    return f"{step['do']}({args})"
