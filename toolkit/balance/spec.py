"""The `balance:` block of game.yaml: what balanced means (targets) and what may change
(tunable fields). Checked by the validator as part of the game.yaml model."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import ConfigDict, Field, StringConstraints, model_validator

from toolkit.content.schema import Model

_PATTERN = r"^[A-Za-z0-9_*?.\[\]-]{1,120}$"  # ids and dotted field paths with * wildcards
Pattern = Annotated[str, StringConstraints(pattern=_PATTERN)]


class _Decl(Model):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, allow_inf_nan=False)


class Target(_Decl):
    """One band: every side entry's adjusted win rate (`side: hero`), or one number of the
    simulate report (`value: rounds.p50`, `value: glory_share.stash`)."""

    side: Annotated[str, StringConstraints(pattern=r"^[a-z_][a-z0-9_]{0,40}$")] | None = Field(
        None, description="a side family of the report (seat, hero, party, agent, faction, ...):"
        " every entry's win rate, adjusted for the others, within [min, max]")
    value: Annotated[str, StringConstraints(max_length=120)] | None = Field(
        None, description="a number of the simulate report by its dotted path: rounds.p50, "
        "deaths.mean, card_use.ID.bought_per_game, ...; glory_share.SOURCE and metric.NAME "
        "are short for glory_by_source.SOURCE.share and metrics.NAME.mean")
    min: float | None = Field(None, ge=-1e9, le=1e9)
    max: float | None = Field(None, ge=-1e9, le=1e9)

    @model_validator(mode="after")
    def _one(self):
        if (self.side is None) == (self.value is None):
            raise ValueError("a target names exactly one of 'side' or 'value'")
        if self.value is not None and not re.fullmatch(r"[a-z_][a-z0-9_]*(\.[a-z0-9_:]+)+",
                                                       self.value):
            raise ValueError(f"target value '{self.value}' is not a dotted path of the "
                             "simulate report (like rounds.p50 or deaths.mean)")
        if self.min is None and self.max is None:
            raise ValueError("a target needs 'min', 'max' or both")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"target min {self.min:g} is above max {self.max:g}")
        if self.side is not None and not (0 <= (self.min or 0) <= 1 and
                                          0 <= (self.max if self.max is not None else 1) <= 1):
            raise ValueError("a side target is a win rate: min and max within 0..1 "
                             "(0.18, not 18)")
        return self

    @property
    def name(self) -> str:
        return f"{self.side} win rate" if self.side else self.value


class Tunable(_Decl):
    """Fields the search may change: `kind`/`id` select entries (`*` wildcards; game.yaml is
    kind game), `field` a dotted path in each (`stats.*`, `cost`), each a number moved in
    `step`s within [min, max]."""

    kind: Pattern
    id: Pattern = "*"
    field: Pattern
    step: float = Field(1, gt=0, le=1e6)
    min: float | None = Field(None, ge=-1e9, le=1e9)
    max: float | None = Field(None, ge=-1e9, le=1e9)

    @model_validator(mode="after")
    def _range(self):
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"tunable min {self.min:g} is above max {self.max:g}")
        return self


class Balance(_Decl):
    """`balance:` in game.yaml."""

    targets: list[Target] = Field(default_factory=list, max_length=100)
    tunable: list[Tunable] = Field(default_factory=list, max_length=100)
    players: int | None = Field(None, ge=1, le=8, description="player count the targets are "
                                "for (default: the game's largest)")
    max_edits: int = Field(6, ge=1, le=100, description="most fields one proposal changes")
