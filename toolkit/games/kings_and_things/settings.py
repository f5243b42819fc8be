"""The game.yaml settings of Kings & Things: every number of its rules (seed
004_bf7a677c9f1df683.txt, the research notes, or this example's own design), typed and
ranged. `KingsAndThings.settings_fields()` adds them to the generic game.yaml model when a
project says `rules: kings_and_things`; the rules read them as `catalog.game.<name>`
(through `data.Data.setting`). Each defaults to the example's number."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from toolkit.content.game import Settings, fields_of, values_of


def _n(default: int, low: int, high: int, description: str):
    return Field(default, ge=low, le=high, description=description)


class KingsAndThingsSettings(Settings):
    starting_gold: int = _n(10, 0, 1000, "gold each player starts with")
    starting_things: int = _n(10, 0, 50, "things each player draws at setup")
    starting_hexes: int = _n(3, 1, 10, "hexes each player claims at setup")
    sea_set_aside: int = _n(4, 0, 20, "sea tiles set aside before the board is laid")
    board_rings: int = _n(3, 1, 6, "rings of hexes around the centre with 4 players")
    board_rings_small: int = _n(2, 1, 6, "rings of hexes around the centre with 2-3 players")
    land_income: int = _n(1, 0, 100, "gold per land hex held")
    hero_income: int = _n(1, 0, 100, "gold per hero in play")
    hero_gold_before: int = _n(5, 1, 1000, "gold per +1 bought before the hero roll")
    hero_gold_after: int = _n(10, 1, 1000, "gold per +1 bought after the hero roll")
    hexes_per_free_draw: int = _n(2, 1, 20, "hexes held per free draw from the cup")
    paid_draw_cost: int = _n(5, 1, 1000, "gold per paid draw")
    paid_draw_max: int = _n(5, 0, 20, "paid draws per turn")
    trade_in: Literal[0, 2] = Field(2, description="things behind the screen traded in a "
                                    "pair for one draw (2, the seed's rule) or 0: no trading")
    move_points: int = _n(4, 1, 20, "movement points of a stack")
    stack_limit: int = _n(10, 1, 50, "friendly creatures in one hex")
    rack_limit: int = _n(10, 0, 50, "things behind the screen")
    build_cost: int = _n(5, 0, 1000, "gold for a tower or one level up")
    citadel_income: int = _n(20, 0, 1000, "income needed to build a citadel with 4 players")
    citadel_income_small: int = _n(15, 0, 1000, "income needed to build a citadel with 2-3 "
                                   "players")
    thief_max: int = _n(6, 0, 100, "most gold the Master Thief takes")
    assassin_hit: int = _n(3, 0, 12, "the Assassin Primus kills on this roll or less")
    things_in_cup: int = _n(234, 1, 10_000, "thing counters in the cup (checked against the "
                            "copies of the thing kinds)")
    hex_tiles: int = _n(48, 1, 1000, "hex tiles in the box (checked against the terrains)")
    sea_tiles: int = _n(8, 0, 1000, "sea tiles in the box (checked against the terrains)")
    round_limit: int = _n(40, 1, 1000, "rounds before the income tie-break decides (this "
                          "example's own bound, so that no game runs forever)")


def values(game) -> dict[str, int]:
    """Every setting of a game.yaml model, by name."""
    return values_of(KingsAndThingsSettings, game, int)


def fields() -> dict:
    """`KingsAndThings.settings_fields()`: name -> (annotation, FieldInfo)."""
    return fields_of(KingsAndThingsSettings)
