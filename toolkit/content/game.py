"""The model of game.yaml: what every game has (its id, title, player counts, rules, expected
counts per kind, card sizes and declared kinds). A game's own settings are fields its rules
add (`toolkit.game.Game.settings_fields()`); `game_model(rules)` is the merged model."""

from __future__ import annotations

import copy
import re
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, StringConstraints, create_model, model_validator

from toolkit.balance.spec import Balance
from toolkit.content.schema import ID_PATTERN, Model, Text

KindName = Annotated[str, StringConstraints(pattern=ID_PATTERN)]


class Settings(Model):
    """Base of every game.yaml model: unknown keys are errors, values are frozen, numbers are
    strict (`"2"`, `2.0` and `true` are not integers; NaN/inf are not numbers)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, allow_inf_nan=False)


class Players(Settings):
    min: int = Field(2, ge=1, le=8)
    max: int = Field(4, ge=1, le=8)

    @model_validator(mode="after")
    def _range(self):
        if self.min > self.max:
            raise ValueError(f"players.min {self.min} is above players.max {self.max}")
        return self


class CardSize(Settings):
    width: float = Field(gt=10, le=400, description="trim width in mm")
    height: float = Field(gt=10, le=400, description="trim height in mm")


class FieldDecl(Settings):
    """A typed field of a designer-declared kind."""

    type: Literal["int", "float", "bool", "text", "str", "colour", "enum", "ref", "list"]
    min: float | None = Field(None, ge=-1e9, le=1e9)
    max: float | None = Field(None, ge=-1e9, le=1e9)
    values: list[str] | None = Field(None, description="allowed values of an enum")
    ref: str | None = Field(None, description="kind the field refers to (type ref)")
    of: Literal["int", "float", "bool", "str", "text", "colour", "ref", "enum"] | None = Field(
        None, description="element type of a list: int, float, bool, str, text, colour, ref "
        "or enum")
    required: bool = True
    description: str | None = None
    symmetric: bool = Field(False, description="a list of refs to the same kind that is an "
                            "adjacency: listed both ways, no self-loops, all connected")
    label: Text | None = Field(None, description="the field's name as printed on cards "
                               "({en, zh}); default: the field name")
    labels: dict[str, Text] | None = Field(None, description="enum value -> its printed "
                                           "name {en, zh}")


class KindDecl(Settings):
    """A further kind declared in game.yaml; validated without Python."""

    file: str | None = Field(None, description="YAML file holding this kind's cards")
    label: Text | None = Field(None, description="the kind's printed name {en, zh}")
    fields: dict[KindName, FieldDecl] = Field(default_factory=dict, max_length=100)
    effects: bool = Field(False, description="cards of this kind carry effects")
    print: bool = Field(True, description="false: data for the rules (map spaces, zones), "
                        "not printed as cards by build")


class VariantDecl(Settings):
    """A named overlay of game.yaml: settings merged over the game's, card fields replaced
    by card id (`toolkit.content.variants`); chosen with --variant NAME."""

    title: Text | None = Field(None, description="what the variant is, {en, zh}")
    settings: dict[str, Any] = Field(default_factory=dict, description="game.yaml settings "
                                     "merged over the default game's (mappings key by key)")
    cards: dict[str, dict[str, Any]] = Field(default_factory=dict, description="card id -> "
                                             "fields replaced in that card")


class Game(Settings):
    """What every game.yaml has. A game's own settings (prices, tables, thresholds) are
    fields its rules add (`toolkit.game.Game.settings_fields()`), merged in by
    `game_model` once `rules:` is known."""

    kind: Literal["game"] = "game"
    id: str = Field(pattern=ID_PATTERN)
    title: Text
    players: Players = Field(default_factory=Players)
    rules: str | None = Field(None, max_length=200, description="the game's rules: a built-in "
                              "or installed game's name (caravans, nanhuang2, root, "
                              "kings_and_things) or ./path to a rules package in the project")
    counts: dict[KindName, Annotated[int, Field(ge=0, le=10_000)]] = Field(default_factory=dict,
                                   description="kind -> expected number of cards with copies")
    card_sizes: dict[KindName, CardSize] = Field(default_factory=dict)
    kinds: dict[KindName, KindDecl] = Field(default_factory=dict, max_length=50,
                                       description="further kinds declared by the project")
    variants: dict[KindName, VariantDecl] = Field(default_factory=dict, max_length=50,
                                             description="named overlays of settings and "
                                             "cards, chosen with --variant NAME")
    variant: str | None = Field(None, description="the variant this game was loaded as "
                                "(set by --variant, never written in game.yaml)")
    balance: Balance | None = Field(None, description="targets and tunable fields for "
                                    "`toolkit balance` (toolkit.balance.spec)")


def fields_of(model: type[Settings]) -> dict:
    """name -> (annotation, FieldInfo) of every field of `model` (fresh FieldInfo objects on
    each call): a game's `settings_fields()` written as one pydantic model of its settings."""
    return {name: (f.annotation, copy.deepcopy(f)) for name, f in model.model_fields.items()}


def values_of(model: type[Settings], game, cast=int) -> dict:
    """name -> value of every setting of `model` read from a game.yaml model `game` (the
    field's default where `game` is None or lacks it: an invalid game.yaml, already
    reported), each passed through `cast`."""
    return {name: cast(getattr(game, name, f.default)) for name, f in model.model_fields.items()}


_MODELS: dict[int, tuple[object, type[Game]]] = {}


def game_model(rules) -> type[Game]:
    """The game.yaml model of a project whose `rules:` name the toolkit.game.Game `rules`
    (None: the generic model): `Game` plus the game's `settings_fields()`. Built once per
    game. Raises TypeError when the game's fields clash with the generic ones."""
    if rules is None:
        return Game
    cached = _MODELS.get(id(rules))
    if cached is not None and cached[0] is rules:
        return cached[1]
    fields = dict(rules.settings_fields())
    clash = sorted(set(fields) & set(Game.model_fields))
    if clash:
        raise TypeError(f"game.yaml setting '{clash[0]}' of rules '{rules.name}' is a field "
                        "every game.yaml has; name it otherwise")
    model = Game
    if fields:
        model = create_model("Game", __base__=Game, __module__=__name__, **fields)
        # a module-level name of its own, so that its values pickle (in this process and
        # in the workers forked from it) like the generic model's
        model.__qualname__ = f"_Game_{len(_MODELS)}_{re.sub(r'[^A-Za-z0-9_]', '_', rules.name)}"
        globals()[model.__qualname__] = model
    _MODELS[id(rules)] = (rules, model)
    return model
