"""Root (Leder Games), base game: Marquise de Cat, Eyrie Dynasties, Woodland Alliance and
Vagabond on the Autumn map, as a pure state machine on the toolkit's Game protocol."""

from toolkit.games.root.game import RootGame

GAME = RootGame()
