"""The game.yaml settings of Caravans & Brigands: every price, table and threshold of its
rules. `CaravansGame.settings_fields()` adds them to the generic game.yaml model
(`toolkit.content.game`) when a project's game.yaml says `rules: caravans`; each stays
optional in the schema, and pass 2 requires `ENGINE_SETTINGS` as soon as the project has
cards of the game's kinds (`checks_design`)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from toolkit.content.game import Settings

# Every number has a range the engine can afford (a legal-action list, a dice pool or a
# track never grows past what a table could hold), and is strict: `"2"`, `2.0` and `true`
# are not integers, and NaN/inf are not numbers (the strictness comes from `Settings`).
GOLD = 1000          # the most gold any single price, reward or top-up may be

# Printed tokens that are not cards of a kind; game.yaml card_sizes may size them too.
MARKER_KINDS = ("demand_marker", "bounty_marker", "npc_marker")


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


class HeroBudget(Settings):
    """Design budget: a hero's stat total plus its ability weights should fall in a band."""

    min: int = Field(ge=0, le=1000)
    max: int = Field(ge=0, le=1000)


class Budgets(Settings):
    hero: HeroBudget


# The settings the rules need; optional in the schema, required by pass 2 when the project
# has cards of the game's kinds (a missing one is reported as a missing key).
ENGINE_SETTINGS = ("glory_to_win", "actions_per_turn", "glory_hand_limit", "dice", "starting",
                   "sell", "buy", "armory", "recruit", "stash", "raid", "delve", "combat",
                   "bounty", "death")


def fields() -> dict:
    """name -> (annotation, FieldInfo) of every setting, in the order game.yaml lists them
    (`CaravansGame.settings_fields()`); fresh FieldInfo objects on each call."""
    return {
        "glory_to_win": (int | None, Field(None, ge=1, le=50)),
        "actions_per_turn": (int | None, Field(None, ge=1, le=10)),
        "glory_hand_limit": (int | None, Field(None, ge=0, le=10)),
        "dice": (Dice | None, Field(None)),
        "starting": (Starting | None, Field(None)),
        "sell": (Sell | None, Field(None)),
        "buy": (Buy | None, Field(None)),
        "armory": (Armory | None, Field(None)),
        "recruit": (Recruit | None, Field(None)),
        "stash": (Stash | None, Field(None)),
        "raid": (Raid | None, Field(None)),
        "delve": (Delve | None, Field(None)),
        "combat": (Combat | None, Field(None)),
        "bounty": (Bounty | None, Field(None)),
        "tracks": (Tracks, Field(default_factory=Tracks)),
        "death": (Death | None, Field(None)),
        "budgets": (Budgets | None, Field(None)),
    }
