"""The game.yaml settings of 南荒2: the numbers of its rules (seed 001_6eee2b1ac1f2dd37.txt
unless said otherwise), typed and ranged. `NanhuangGame.settings_fields()` adds them to the
generic game.yaml model when a project says `rules: nanhuang2`; the rules read them as
`catalog.game.<name>`. Each defaults to the rulebook's number."""

from __future__ import annotations

from pydantic import Field

from toolkit.content.game import Settings, fields_of, values_of


class NanhuangSettings(Settings):
    starting_hand: int = Field(5, ge=1, le=20, description="cards each player draws at the "
                               "start, from their own basics")
    protection_rounds: int = Field(3, ge=0, le=20, description="rounds of 后手保护: a player "
                                   "earlier in the turn order may not act against a later "
                                   "one until the later one acts against it")
    monster_multiplier: float = Field(1.5, ge=0, le=10, description="a monster's power on a "
                                      "field, times its printed power, rounded down")
    strike_multiplier: float = Field(2, ge=0, le=10, description="power needed to strike a "
                                     "card on a field, times its power")
    empty_starts_to_lose: int = Field(2, ge=1, le=20, description="turns in a row started "
                                      "with an empty field that lose the game")
    wipe_rewards: int = Field(1, ge=0, le=10, description="cards taken for clearing a field")
    offers_per_turn: int = Field(1, ge=0, le=10, description="trade offers a player may make "
                                 "per turn (a limit of the simulation)")
    round_limit: int = Field(40, ge=1, le=1000, description="rounds before the simulation "
                             "stops; the survivors share the win (not in the rulebook)")



def values(game) -> dict[str, float]:
    """Every setting of a game.yaml model, by name."""
    return values_of(NanhuangSettings, game, float)


def fields() -> dict:
    """`NanhuangGame.settings_fields()`: name -> (annotation, FieldInfo)."""
    return fields_of(NanhuangSettings)
