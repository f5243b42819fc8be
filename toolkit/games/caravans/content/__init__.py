"""The content of Caravans & Brigands: its kinds (`kinds.py`), its effect operations
(`ops.py`), its game.yaml settings (`settings.py`, through `CaravansGame.settings_fields()`)
and its pass-2 checks (the board graph, effects against the ops, design budgets
and settings: `checks_board`, `checks_effects`, `checks_design`), which the generic
validator runs through `CaravansGame.kinds()`, `ops()` and `validate()`."""

from __future__ import annotations


def validate(index) -> None:
    """The game's own pass-2 checks over the project's entries (a toolkit.content.rules
    Index: entries by kind and id, `error`/`warn` at an entry, `resolve` a reference)."""
    from toolkit.games.caravans.content import checks_board, checks_design, checks_effects
    checks_board.check(index)
    checks_effects.check(index)
    checks_design.check_entries(index)
    game = index.loaded.game
    if game is None:
        return
    if game.starting is not None:
        for i, party in enumerate(game.starting.parties):
            index.resolve(None, party, "party", "starting", "parties", i,
                          owner="starting party: ")
    checks_design.check_game(index, game)
