"""Kings & Things (seed 004_bf7a677c9f1df683.txt): the complete game on the Game protocol.
Its hot modules are typed Python (Cython pure Python mode, first line `# toolkit: compile`):
the import hook plays each compiled build only while it is current (toolkit/native/pure.py),
else the .py itself."""

from toolkit.native import pure

pure.install()  # before the typed modules are imported

from toolkit.games.kings_and_things.game import KingsAndThings  # noqa: E402

GAME = KingsAndThings()
