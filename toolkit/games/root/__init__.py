"""Root (Leder Games), base game: Marquise de Cat, Eyrie Dynasties, Woodland Alliance and
Vagabond on the Autumn map, as a pure state machine on the toolkit's Game protocol. Its hot modules are typed Python
(Cython pure Python mode, first line `# toolkit: compile`): the import hook plays each
compiled build only while it is current (toolkit/native/pure.py), else the .py itself."""

from toolkit.native import pure

pure.install()  # before the typed modules are imported

from toolkit.games.root.game import RootGame  # noqa: E402

GAME = RootGame()
