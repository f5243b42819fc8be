"""南荒2 (Nanhuang 2), the deck-builder of seed 001_6eee2b1ac1f2dd37.txt, as a pure state
machine: `GAME` is its `toolkit.game.Game`. Its hot modules are typed Python (Cython pure
Python mode, first line `# toolkit: compile`): the import hook plays each compiled build only
while it is current (toolkit/native/pure.py), else the .py itself."""

from toolkit.native import pure

pure.install()  # before the typed modules are imported

from toolkit.games.nanhuang2.game import GAME  # noqa: E402

__all__ = ["GAME"]
