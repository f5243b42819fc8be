"""Kings & Things (seed 004_bf7a677c9f1df683.txt): the complete game on the Game protocol."""

from toolkit.games.kings_and_things.game import KingsAndThings

GAME = KingsAndThings()
