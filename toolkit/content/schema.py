"""The generic schema of content: the base models every kind builds on (a card's id, names
in two languages, copies, art, texts; an effect as a named operation with parameters).

A YAML file holds one kind: `kind: hero` and a `cards:` list (game.yaml is a single
`kind: game` mapping). A game adds its kinds (`Game.kinds()`, e.g. Caravans & Brigands'
heroes and regions); a project declares more in game.yaml under `kinds:`, turned into
models at load time by `toolkit.content.custom`. A kind model may list its reference
fields in `references` ((field path, referenced kind) pairs), checked in pass 2.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

ID_PATTERN = r"^[a-z][a-z0-9_]{0,39}$"

class Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, allow_inf_nan=False)


class Text(Model):
    """A player-visible text in both languages."""

    en: str = Field(min_length=1, description="English text")
    zh: str | None = Field(None, description="Chinese text (a missing one is a warning)")


class Effect(BaseModel):
    """One named operation with its parameters; the game's `ops()` lists them."""

    model_config = ConfigDict(extra="allow", frozen=True)
    op: str = Field(description="operation name from the registry")

    @property
    def params(self) -> dict[str, Any]:
        return dict(self.model_extra or {})


class Card(Model):
    """Fields every card-like entry has."""

    id: str = Field(pattern=ID_PATTERN, description="short snake_case id, unique in the project")
    name: Text
    copies: int = Field(1, ge=0, le=200, description="how many of this card are in the game")
    art: str | None = Field(None, description="image path inside the project (optional)")
    text: Text | None = Field(None, description="rules text; generated from effects if absent")
    flavor: Text | None = Field(None, description="flavour text, printed in italics")

    # (field path, referenced kind) of this kind's reference fields, checked in pass 2
    references: ClassVar[tuple[tuple[tuple[str, ...], str], ...]] = ()
