"""The game.yaml settings of Root: the numbers of its rules (seed 002_7af04676f13f1e03.txt),
typed and ranged. `RootGame.settings_fields()` adds them to the generic game.yaml model when
a project says `rules: root`; the rules read them as `catalog.game.<name>` (through
`data.Static.setting`). Each defaults to the base game's number."""

from __future__ import annotations

from pydantic import Field

from toolkit.content.game import Settings, fields_of, values_of


class RootSettings(Settings):
    win_vp: int = Field(30, ge=1, le=100, description="victory points that win at once")
    hand_limit: int = Field(5, ge=0, le=20, description="cards kept at the end of Evening")
    dominance_vp: int = Field(10, ge=0, le=100, description="victory points needed to play a "
                              "dominance card")
    dominance_clearings: int = Field(3, ge=1, le=12, description="ruled clearings of the "
                                     "card's suit that win by dominance")
    coalition_players: int = Field(4, ge=2, le=8, description="fewest players for the "
                                   "Vagabond to form a coalition instead of playing dominance")
    supporters_cap: int = Field(5, ge=0, le=30, description="supporters the Alliance keeps "
                                "while it has no base on the map")
    refresh_base: int = Field(3, ge=0, le=20, description="items the Vagabond refreshes each "
                              "Birdsong, before 2 per tea")
    satchel_base: int = Field(6, ge=0, le=30, description="items the Vagabond may carry, "
                              "before 2 per bag")
    starting_hand: int = Field(3, ge=0, le=20, description="cards dealt to each player")



def values(game) -> dict[str, int]:
    """Every setting of a game.yaml model, by name."""
    return values_of(RootSettings, game, int)


def fields() -> dict:
    """`RootGame.settings_fields()`: name -> (annotation, FieldInfo)."""
    return fields_of(RootSettings)
