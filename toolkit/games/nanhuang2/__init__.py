"""南荒2 (Nanhuang 2), the deck-builder of seed 001_6eee2b1ac1f2dd37.txt, as a pure state
machine: `GAME` is its `toolkit.game.Game`."""

from toolkit.games.nanhuang2.game import GAME

__all__ = ["GAME"]
