"""Caravans & Brigands, the bundled game, behind the Game protocol (toolkit/game.py).

Its folder holds everything of the game: the rules engine (`engine/`), its heuristic and
search agents with their play styles (`agents/`), the rulings vocabulary (`rulings/`), its
invariants, metrics and log words, and its print parts (`render/`).
"""

from toolkit.games.caravans.game import GAME, CaravansGame

__all__ = ["GAME", "CaravansGame"]
