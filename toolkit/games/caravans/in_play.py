"""What the setup of one seed deals, without playing it: the heroes the seats start with.

`compare` uses it (Game.in_play) to play first the seeds whose setup deals an edited hero:
a hero's win rate counts only the games it starts in (the record's `heroes`), and the deal
is a function of the seed and the hero list alone (the `setup` stream shuffles the hero
deck), so a stats edit leaves it unchanged. Parties are chosen in play: not listed.
"""

from __future__ import annotations

from typing import Sequence


def in_play(catalog, seed: int, seats: Sequence[str]) -> dict[str, set]:
    """{"hero": the heroes dealt to the seats} of game `seed`, from the engine's own setup."""
    from toolkit.games.caravans.engine.setup import new_game
    state = new_game(catalog, seed, list(seats))
    return {"hero": {player.hero for player in state.players}}
