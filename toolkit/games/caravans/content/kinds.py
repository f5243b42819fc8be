"""Pydantic models of the content kinds of Caravans & Brigands (`CaravansGame.kinds()`);
each field's description is the designer's reference. Unknown keys are errors; ranges live
here, counts live in game.yaml. Reference fields are listed in each kind's `references`."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from toolkit.content.schema import ID_PATTERN, Card, Effect, Model, Text  # noqa: F401

Stat14 = Field(ge=1, le=4)
Stat15 = Field(ge=1, le=5)


# --- board -------------------------------------------------------------------------
class Race(Card):
    """A people of the land: has taverns, a bounty track and a patrol."""

    kind: Literal["race"] = "race"
    color: str = Field(pattern=r"^#[0-9a-fA-F]{6}$", description="card and board colour")
    icon: str = Field(pattern=ID_PATTERN, description="icon name in templates/icons/")


class Position(Model):
    x: float = Field(ge=0, le=2000, description="mm from the board's left edge")
    y: float = Field(ge=0, le=2000, description="mm from the board's top edge")


class Region(Card):
    """A region of the board; all but the wasteland hold a tavern."""

    kind: Literal["region"] = "region"
    references = ((("race",), "race"), (("adjacent",), "region"))
    race: str | None = Field(None, description="race id; none for the wasteland")
    tavern: Text | None = Field(None, description="the tavern's name; none: no tavern")
    nightshade: bool = Field(False, description="equipment may be swapped here")
    adjacent: list[str] = Field(min_length=1, description="ids of neighbouring regions")
    position: Position


# --- heroes and parties ----------------------------------------------------------------
class HeroStats(Model):
    combat: int = Stat14
    perception: int = Stat14
    leadership: int = Stat14
    influence: int = Stat14


class Ability(Model):
    """A hero's special ability: a name, optional text and its operations."""

    id: str = Field(pattern=ID_PATTERN)
    name: Text
    text: Text | None = None
    effects: list[Effect] = Field(min_length=1)
    weight: int = Field(2, ge=0, le=6, description="design-budget cost of the ability")


class Hero(Card):
    kind: Literal["hero"] = "hero"
    references = ((("race",), "race"), (("home",), "region"))
    race: str
    home: str = Field(description="region id of the home tavern (same race)")
    stats: HeroStats
    abilities: list[Ability] = Field(min_length=1, max_length=2)


class PartyStats(Model):
    defense: int = Stat15
    cargo: int = Stat15
    mercenaries: int = Stat15
    attack: int = Stat15
    agility: int = Stat15


HitLocation = Literal["cargo", "mercenaries", "attack", "shield"]


class Party(Card):
    """A party type: caravan, war band or warden."""

    kind: Literal["party"] = "party"
    size: Literal["small", "large"]
    role: Literal["caravan", "war_band", "warden"]
    stats: PartyStats
    cost: int | None = Field(None, ge=0, description="gold to form; none: cannot be bought")
    resale: int | None = Field(None, ge=0, description="gold when disbanded; none: cannot be sold")
    starting: bool = Field(False, description="may be chosen at setup or after a death")
    hit_locations: dict[int, HitLocation] = Field(
        description="die face 1-4 to the track it hits; skulls always hit defense")

    @field_validator("hit_locations")
    @classmethod
    def _four_faces(cls, value):
        if sorted(value) != [1, 2, 3, 4]:
            raise ValueError("hit_locations must map each of the faces 1, 2, 3 and 4")
        return value


# --- tokens and cards ----------------------------------------------------------------
class Equipment(Card):
    kind: Literal["equipment"] = "equipment"
    effects: list[Effect] = Field(min_length=1)


class Weapon(Card):
    kind: Literal["weapon"] = "weapon"
    effects: list[Effect] = Field(min_length=1)


class Good(Card):
    """A kind of goods; one card per entry of `raid` (gold value or 'ambush')."""

    kind: Literal["good"] = "good"
    color: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    icon: str = Field(pattern=ID_PATTERN)
    raid: list[int | Literal["ambush"]] = Field(min_length=1, description="raid icon per card")
    demand_markers: int = Field(3, ge=0, le=10)

    @field_validator("raid")
    @classmethod
    def _gold_range(cls, value):
        for v in value:
            if isinstance(v, int) and not 0 <= v <= 10:
                raise ValueError(f"raid gold {v} out of range 0-10")
        return value


class Event(Card):
    kind: Literal["event"] = "event"
    effects: list[Effect] = Field(min_length=1)
    duration: Literal["instant", "round", "until_replaced"] = "instant"


class GloryCard(Card):
    kind: Literal["glory_card"] = "glory_card"
    type: Literal["trick", "follower"] = Field(description="one-shot, or stays in front of you")
    effects: list[Effect] = Field(min_length=1)


class SkillTest(Model):
    stat: Literal["combat", "perception", "leadership", "influence"]
    successes: int = Field(1, ge=1, le=4, description="skulls needed")


class Delivery(Model):
    good: str
    count: int = Field(ge=1, le=5)


class Mission(Card):
    kind: Literal["mission"] = "mission"
    references = ((("tavern",), "region"), (("target",), "region"),
                  (("deliver", "good"), "good"), (("defeat",), "npc"))
    tavern: str = Field(description="region id where the mission is taken")
    target: str = Field(description="region id where it is completed")
    check: SkillTest | None = None
    deliver: Delivery | None = None
    defeat: str | None = Field(None, description="npc id to defeat")
    gold: int = Field(ge=0, le=30, description="gold reward (glory +1 always)")


class Rumor(Card):
    kind: Literal["rumor"] = "rumor"
    references = ((("region",), "region"),)
    region: str
    truth: bool = Field(description="secret: the rumor is true")
    gold: int = Field(0, ge=0, le=30, description="gold when proven true")


class Explorer(Card):
    kind: Literal["explorer"] = "explorer"
    references = ((("race",), "race"), (("region",), "region"))
    race: str
    region: str = Field(description="region where it starts")


class NpcStats(Model):
    combat: int = Stat14
    leadership: int = Stat14


class Npc(Card):
    kind: Literal["npc"] = "npc"
    references = ((("race",), "race"), (("party",), "party"), (("start",), "region"))
    role: Literal["patrol", "brigand"]
    race: str | None = Field(None, description="the patrol's race; none for brigands")
    party: str = Field(description="party type id")
    stats: NpcStats
    gold: int = Field(0, ge=0, le=50, description="gold carried, looted by the victor")
    bounty_reward: int = Field(0, ge=0, le=20, description="gold paid for defeating it")
    start: str = Field(description="region where it enters play")


KINDS: dict[str, type[Card]] = {
    "race": Race, "region": Region, "hero": Hero, "party": Party, "equipment": Equipment,
    "weapon": Weapon, "good": Good, "event": Event, "glory_card": GloryCard,
    "mission": Mission, "rumor": Rumor, "explorer": Explorer, "npc": Npc,
}
