"""The model of game.yaml: the game's title, player counts, every price, table and threshold
of the rules, expected counts per kind, card sizes and design budgets."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, StringConstraints, model_validator

from toolkit.content.schema import ID_PATTERN, Model, Text

# Every number has a range the engine can afford (a legal-action list, a dice pool or a
# track never grows past what a table could hold), and is strict: `"2"`, `2.0` and `true`
# are not integers, and NaN/inf are not numbers.
GOLD = 1000          # the most gold any single price, reward or top-up may be
KindName = Annotated[str, StringConstraints(pattern=ID_PATTERN)]


class Settings(Model):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, allow_inf_nan=False)


# Printed tokens that are not cards of a kind; game.yaml card_sizes may size them too.
MARKER_KINDS = ("demand_marker", "bounty_marker", "npc_marker")


class Players(Settings):
    min: int = Field(2, ge=1, le=8)
    max: int = Field(4, ge=1, le=8)

    @model_validator(mode="after")
    def _range(self):
        if self.min > self.max:
            raise ValueError(f"players.min {self.min} is above players.max {self.max}")
        return self


class Dice(Settings):
    count: int = Field(10, ge=1, le=30, description="dice in the box (max rolled at once)")
    faces: list[Annotated[int, Field(le=20)] | Literal["skull"]] = Field(
        min_length=2, max_length=20,
        description="the faces of one die; 'skull' is a success")

    @model_validator(mode="after")
    def _has_skull(self):
        if "skull" not in self.faces or not any(isinstance(f, int) for f in self.faces):
            raise ValueError("dice need at least one 'skull' face and one number face")
        return self


class Starting(Settings):
    gold: int = Field(ge=0, le=GOLD)
    glory_cards: int = Field(ge=0, le=5)
    parties: list[str] = Field(min_length=1, max_length=20,
                               description="party ids a new hero may choose")


class Sell(Settings):
    price: int = Field(ge=0, le=GOLD)
    demanded_price: int = Field(ge=0, le=GOLD)
    glory_min_demanded: int = Field(ge=1, le=20,
                                    description="demanded cards sold at once for glory")


class Buy(Settings):
    draw: int = Field(ge=1, le=20)
    repeat_draw: int = Field(ge=1, le=20, description="draw when buying here on consecutive turns")
    prices: dict[Annotated[int, Field(le=20)],
                 Annotated[int, Field(le=GOLD)]] = Field(
        min_length=1, description="copies of a good drawn -> price per card; "
                                   "the largest key covers any larger count")


class Armory(Settings):
    repair: int = Field(ge=0, le=GOLD, description="gold per damage point")
    equipment_cost: int = Field(ge=0, le=GOLD)
    equipment_resale: int = Field(ge=0, le=GOLD, description="resale adjustment per equipment")
    weapon_cost: int = Field(ge=0, le=GOLD)
    weapon_resale: int = Field(ge=0, le=GOLD)
    amulet_restore: int = Field(ge=0, le=GOLD)


class Recruit(Settings):
    cost: int = Field(ge=0, le=GOLD, description="gold per mercenary")
    free_without_check: int = Field(1, ge=0, le=10, description="recruits allowed without a check")


class Stash(Settings):
    gold_per_point: int = Field(ge=1, le=GOLD)
    max_points: int = Field(ge=0, le=50, description="stash points a hero may hold")


class Raid(Settings):
    draw: int = Field(ge=1, le=10)
    glory_gold: int = Field(ge=1, le=GOLD, description="gold in one raid that earns glory")
    fail_ambushes: int = Field(ge=1, le=10, description="ambushes that make a raid fail")


class Delve(Settings):
    gold_per_skull: int = Field(ge=0, le=GOLD)
    fail_mercenaries: int = Field(ge=0, le=20, description="mercenaries lost on zero skulls")


class Combat(Settings):
    agility_edge: int = Field(ge=1, le=10,
                              description="agility lead that adds a die in ranged combat")
    edge_dice: int = Field(1, ge=1, le=10)
    stat_cap: int = Field(5, ge=1, le=20, description="no party stat exceeds this")


class Bounty(Settings):
    markers_per_race: int = Field(ge=1, le=20)
    brigand_reward: int = Field(ge=0, le=GOLD,
                                description="gold per bounty marker on a defeated brigand")


class Tracks(Settings):
    glory: int = Field(15, ge=1, le=100, description="last space of the glory track")
    explorer: int = Field(8, ge=1, le=50, description="raided explorers before they return")
    mission_slots: int = Field(2, ge=1, le=10)


class Death(Settings):
    top_up_gold: int = Field(ge=0, le=GOLD,
                             description="carried gold the stash tops up for a new hero")


class CardSize(Settings):
    width: float = Field(gt=10, le=400, description="trim width in mm")
    height: float = Field(gt=10, le=400, description="trim height in mm")


class HeroBudget(Settings):
    """Design budget: a hero's stat total plus its ability weights should fall in a band."""

    min: int = Field(ge=0, le=1000)
    max: int = Field(ge=0, le=1000)


class Budgets(Settings):
    hero: HeroBudget


class FieldDecl(Settings):
    """A typed field of a designer-declared kind."""

    type: Literal["int", "float", "bool", "text", "str", "enum", "ref", "list"]
    min: float | None = Field(None, ge=-1e9, le=1e9)
    max: float | None = Field(None, ge=-1e9, le=1e9)
    values: list[str] | None = Field(None, description="allowed values of an enum")
    ref: str | None = Field(None, description="kind the field refers to (type ref)")
    of: Literal["int", "float", "bool", "str", "text", "ref", "enum"] | None = Field(
        None, description="element type of a list: int, float, bool, str, text, ref or enum")
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


# Settings the Caravans & Brigands rules need; optional so that another game's game.yaml
# stays small. Pass 2 reports a missing one when the project has cards of built-in kinds.
ENGINE_SETTINGS = ("glory_to_win", "actions_per_turn", "glory_hand_limit", "dice", "starting",
                   "sell", "buy", "armory", "recruit", "stash", "raid", "delve", "combat",
                   "bounty", "death")


class Game(Settings):
    kind: Literal["game"] = "game"
    id: str = Field(pattern=ID_PATTERN)
    title: Text
    players: Players = Field(default_factory=Players)
    rules: str | None = Field(None, max_length=200, description="the game's rules: a built-in "
                              "or installed game's name (caravans, nanhuang2, root, "
                              "kings_and_things) or ./path to a rules package in the project")
    glory_to_win: int | None = Field(None, ge=1, le=50)
    actions_per_turn: int | None = Field(None, ge=1, le=10)
    glory_hand_limit: int | None = Field(None, ge=0, le=10)
    dice: Dice | None = None
    starting: Starting | None = None
    sell: Sell | None = None
    buy: Buy | None = None
    armory: Armory | None = None
    recruit: Recruit | None = None
    stash: Stash | None = None
    raid: Raid | None = None
    delve: Delve | None = None
    combat: Combat | None = None
    bounty: Bounty | None = None
    tracks: Tracks = Field(default_factory=Tracks)
    death: Death | None = None
    counts: dict[KindName, Annotated[int, Field(ge=0, le=10_000)]] = Field(default_factory=dict,
                                   description="kind -> expected number of cards with copies")
    card_sizes: dict[KindName, CardSize] = Field(default_factory=dict)
    budgets: Budgets | None = None
    kinds: dict[KindName, KindDecl] = Field(default_factory=dict, max_length=50,
                                       description="further kinds declared by the project")
