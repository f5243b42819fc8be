"""Caravans & Brigands, the bundled game, behind the Game protocol (toolkit/game.py).

Its folder holds everything of the game: the rules engine (`engine/`), its heuristic and
search agents with their play styles (`agents/`), the rulings vocabulary (`rulings/`), its
invariants, metrics and log words, and its print parts (`render/`). Its report's tally
(`report.py`) is compiled Python (Cython pure Python mode, first line `# toolkit: compile`):
the import hook plays its build only while it is current (toolkit/native/pure.py).
"""

from toolkit.native import pure

pure.install()  # before report.py is imported

from toolkit.games.caravans.game import GAME, CaravansGame  # noqa: E402

__all__ = ["GAME", "CaravansGame"]
