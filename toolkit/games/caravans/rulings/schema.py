"""The schema of a ruling: a partial game state, a few actions and what must then hold.

Rulings live in `cards/rulings/*.yaml` as `rulings: [...]`; each one pins down one rule (a
seed example, an FAQ answer, a decision of the design brief) as an executable scenario.
Unknown keys are errors, and every ruling, step and expectation keeps its file:line.

    - id: tavern_to_tavern
      rule: Moving from one tavern to the next costs exactly 3 actions.
      source: seed 000, Move (the 曾小贤 example)
      setup:
        seats:
          - {hero: ..., party: small_caravan, at: {region: a, tavern: true}}
          - {}
      steps:
        - {do: move, to: a}            # an action: kind plus the arguments that pick it
      expect:
        - {seat: 1, at: {region: b, tavern: true}}
        - {legal: {do: move}, is: false}
        - {probability: {seat: 1, glory: 1}, equals: 19/27}
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from toolkit.games.caravans.rulings.dice import parse_fraction

PartyStat = Literal["defense", "shield", "cargo", "mercenaries", "attack", "agility"]
HeroStat = Literal["combat", "perception", "leadership", "influence"]
Face = int | Literal["skull"]
Deck = Literal["goods", "glory", "events", "missions", "rumors", "heroes"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Place(Strict):
    """Where a party stands: a region, and whether inside its tavern."""

    region: str
    tavern: bool = False


class SeatSetup(Strict):
    """One player's part of the setup; anything left out keeps the engine's dealt value."""

    hero: str | None = Field(None, description="hero id")
    party: str | None = Field(None, description="party type id")
    at: Place | None = Field(None, description="default: the hero's home tavern")
    gold: int | None = Field(None, ge=0)
    glory: int | None = Field(None, ge=0)
    stash: int | None = Field(None, ge=0, description="gold in the stash")
    goods: list[str] | None = Field(None, description="goods carried: good or good:raid")
    stats: dict[PartyStat, int] | None = Field(None, description="party tracks now")
    equipment: list[str] | None = None
    weapons: list[str] | None = None
    bounty: dict[str, int] | None = Field(None, description="race id -> markers")
    glory_cards: list[str] | None = Field(None, description="glory card ids in hand "
                                          "(default: none)")
    followers: list[str] | None = Field(None, description="followers in front (default: none)")
    bought_last_turn_at: str | None = Field(None, description="tavern region bought at "
                                            "on the previous turn")
    formed_large: bool | None = Field(None, description="this hero already earned the "
                                      "large-party glory")
    missions: list[str] | None = Field(None, description="missions taken (from the deck "
                                       "or the board)")
    rumors: list[str] | None = Field(None, description="rumor cards held (from the deck)")


class Setup(Strict):
    """A partial state: the engine deals a game, then these values overwrite it."""

    seed: int = 0
    players: int | None = Field(None, ge=1, le=8, description="default: len(seats)")
    seats: list[SeatSetup] = Field(default_factory=list)
    current: int = Field(0, ge=0, description="whose turn it is")
    first: int | None = Field(None, ge=0, description="the first player (default: dealt)")
    actions_left: int | None = Field(None, ge=0)
    demand: dict[str, str] | None = Field(None, description="tavern region -> good id")
    tavern_equipment: dict[str, str | None] | None = Field(None, description="tavern region "
                                                           "-> equipment id or null")
    npcs: dict[str, str | None] | None = Field(None, description="npc id -> region or null")
    explorers: dict[str, str | None] | None = Field(None, description="region -> explorer "
                                                    "id or null")
    events: list[str] | None = Field(None, description="events in force (default: none)")
    missions_up: list[str] | None = Field(None, description="the missions face up on the "
                                          "board (others go to the deck)")
    decks: dict[Deck, list[str]] | None = Field(None, description="deck -> top cards, top "
                                                 "first; a goods card as good or good:raid")
    dice: list[Face] | None = Field(None, description="the next dice results, in order")
    exact_decks: list[Deck] | None = Field(None, description="decks that hold only the "
                                           "cards `decks` lists (the rest to the discards)")


class Step(BaseModel):
    """One action: `do` names the action kind, other keys pick among the legal ones."""

    model_config = ConfigDict(extra="allow", frozen=True)
    do: str
    by: int | None = Field(None, description="the seat expected to act (default: whoever must)")

    @property
    def args(self) -> dict[str, Any]:
        return dict(self.model_extra or {})


class Rolled(Strict):
    """The last roll a seat made for `what` (a stat, ranged, melee, raid, delve...)."""

    seat: int = Field(ge=0)
    what: str
    dice: int = Field(ge=0, description="number of dice rolled")


class Expect(Strict):
    """What must hold after the steps. Exactly one of: legal, probability, or a seat fact
    (seat plus one or more of gold, glory, stats, at, ...), or a game fact."""

    legal: Step | None = Field(None, description="an action that must (is: true) or must "
                               "not (is: false) be among the legal actions")
    is_: bool = Field(True, alias="is")
    seat: int | None = Field(None, ge=0)
    gold: int | None = None
    glory: int | None = None
    stash_points: int | None = None
    stash: int | None = Field(None, description="gold in the stash")
    hero: str | None = Field(None, description="the seat's hero now")
    stats: dict[PartyStat, int] | None = None
    hero_stats: dict[HeroStat, int] | None = None
    at: Place | None = None
    goods: int | None = Field(None, description="number of goods cards carried")
    bounty: int | None = Field(None, description="bounty markers in all")
    rumors: int | None = Field(None, description="rumor cards held")
    missions: int | None = Field(None, description="missions taken and not yet completed")
    alive: bool | None = Field(None, description="false: the hero died in the steps")
    party: str | None = None
    glory_sources: dict[str, int] | None = Field(None, description="glory gained by source")
    actions_left: int | None = None
    current: int | None = Field(None, description="the seat that must act")
    offer: int | None = Field(None, description="goods cards on offer in the open purchase")
    in_combat: bool | None = Field(None, description="a fight is under way")
    over: bool | None = Field(None, description="the game has ended")
    winners: list[int] | None = Field(None, description="the winning seats, game over")
    rolled: Rolled | None = None
    npcs: dict[str, str | None] | None = Field(None, description="npc id -> its region "
                                               "(null: off the board)")
    demand: dict[str, str] | None = Field(None, description="tavern region -> demanded good")
    explorer_track: int | None = Field(None, description="explorer tokens on the track")
    tavern_equipment: dict[str, str | None] | None = Field(
        None, description="tavern region -> equipment token there (null: none)")
    probability: "Expect | None" = Field(None, description="a fact whose exact probability "
                                         "over every dice result is `equals`")
    equals: str | float | int | None = None

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="after")
    def _one_kind(self):
        if self.probability is not None and self.equals is None:
            raise ValueError("a probability needs 'equals' (e.g. 19/27)")
        if self.equals is not None and self.probability is None:
            raise ValueError("'equals' belongs to a probability")
        if self.equals is not None:
            try:
                value = parse_fraction(self.equals)
            except (ValueError, ZeroDivisionError):
                raise ValueError(f"'equals' is {self.equals!r}, not a probability like 19/27")
            if not 0 <= value <= 1:
                raise ValueError(f"'equals' is {self.equals}, outside 0-1")
        facts = [k for k in SEAT_FACTS if getattr(self, k) is not None]
        if facts and self.seat is None:
            raise ValueError(f"'{facts[0]}' needs 'seat'")
        if self.seat is not None and not facts:
            raise ValueError("'seat' needs a fact to check, e.g. gold or at")
        return self


SEAT_FACTS = ("gold", "glory", "stash_points", "stash", "hero", "stats", "hero_stats", "at",
              "goods", "bounty", "rumors", "missions", "alive", "party", "glory_sources")


class Ruling(Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]{0,59}$")
    rule: str = Field(min_length=1, description="the rule in one sentence")
    source: str | None = Field(None, description="where the rule comes from")
    setup: Setup = Field(default_factory=Setup)
    steps: list[Step] = Field(default_factory=list)
    expect: list[Expect] = Field(min_length=1)
    known_failure: str | None = Field(None, min_length=1, description="a known departure "
                                      "of the engine from this rule, and why")


class RulingFile(Strict):
    rulings: list[Ruling] = Field(min_length=1)
