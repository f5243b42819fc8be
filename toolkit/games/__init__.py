"""The registry of games: which rules a project's `game.yaml` names, and where they live.

    rules: caravans        a built-in game (a package under toolkit/games/ exposing GAME)
    rules: mygame          a game registered by an installed package under the entry-point
                           group `card_toolkit.games` (the entry point names a Game object)
    rules: ./rules         a Python package inside the project folder; it is code, so it is
                           imported only when the user trusts it: once with `toolkit
                           trust DIR` (toolkit/trust.py), or for one run with `--trust`

A project without `rules:` gets validate, list and build; commands that play games say so
in one line.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from pathlib import Path

from toolkit.errors import ContentError, UsageError
from toolkit.game import Game

BUILTIN = {
    "caravans": "toolkit.games.caravans",
    "nanhuang2": "toolkit.games.nanhuang2",
    "root": "toolkit.games.root",
    "kings_and_things": "toolkit.games.kings_and_things",
}
ENTRY_POINT_GROUP = "card_toolkit.games"
_LOADED: dict[tuple, Game] = {}


def known_games() -> list[str]:
    """Names `rules:` accepts without a path: built-in and installed games."""
    names = set(BUILTIN)
    names.update(ep.name for ep in entry_points(group=ENTRY_POINT_GROUP))
    return sorted(names)


def load_game(rules: str | None, project_root: Path | None = None, *,
              trust: "bool | str" = False) -> Game | None:
    """The Game that `rules` names, or None when `rules` is None. `trust`: True (typed
    --trust), False (ask the user's trust record) or, in a worker, the digest of the rules
    files its parent checked (toolkit.trust.for_workers)."""
    if rules is None:
        return None
    if rules.startswith(("./", "../", "/")) or rules in (".", ".."):
        return _local(rules, project_root, trust)  # checked against its files each time
    key = (rules, str(project_root), trust)
    if key in _LOADED:
        return _LOADED[key]
    if rules in BUILTIN:
        game = importlib.import_module(BUILTIN[rules]).GAME
    else:
        found = [ep for ep in entry_points(group=ENTRY_POINT_GROUP) if ep.name == rules]
        if not found:
            from toolkit.content.problems import did_you_mean
            raise UsageError(f"game.yaml names rules '{rules}', which is not a known game"
                             + did_you_mean(rules, known_games())
                             + f" (known: {', '.join(known_games())})")
        game = found[0].load()
    if not isinstance(game, Game):
        raise UsageError(f"rules '{rules}' do not provide a toolkit.game.Game")
    _LOADED[key] = game
    return game


def _local(rules: str, project_root: Path | None, trust: "bool | str") -> Game:
    if project_root is None:
        raise UsageError(f"rules '{rules}' is a path, but there is no project folder")
    root = Path(project_root).resolve()
    path = (root / rules).resolve()
    if not path.is_relative_to(root):
        raise UsageError(f"rules '{rules}' lies outside the project folder; a project's "
                         "rules must be a package inside it")
    if not (path / "__init__.py").is_file():
        raise UsageError(f"rules '{rules}' is not a Python package (no {rules}/__init__.py)")
    from toolkit import trust as trusted
    from toolkit.games.project_rules import import_package

    files = trusted.rules_files(path)
    if isinstance(trust, str):  # a worker: the files the parent checked (trust.for_workers)
        if trusted.digest(files) != trust:
            raise trusted.Untrusted(f"the rules in '{rules}' changed while the run started; "
                                    "run the command again")
    elif not trust:
        why = trusted.refusal(path, files, project_root, rules)
        if why is not None:
            raise trusted.Untrusted(why)
    key = (str(path), trusted.digest(files))
    if key not in _LOADED:
        try:
            _LOADED[key] = getattr(import_package(path, files), "GAME", None)
        except SyntaxError as exc:
            where = Path(exc.filename or path).resolve()
            shown = where.relative_to(root) if where.is_relative_to(root) else rules
            raise ContentError(f"Python syntax: {exc.msg}", file=str(shown), line=exc.lineno,
                               column=exc.offset, hint="fix the rules package") from None
    game = _LOADED[key]
    if game is None:
        raise UsageError(f"rules package '{rules}' defines no GAME")
    if not isinstance(game, Game):
        raise UsageError(f"rules '{rules}' do not provide a toolkit.game.Game")
    return game


def game_for(catalog, *, trust: "bool | str" = False,
             command: str | None = None) -> Game | None:
    """The Game of a loaded catalog; with `command`, a project without rules is a usage
    error that says which commands work without them."""
    rules = getattr(catalog.game, "rules", None)
    game = load_game(rules, getattr(catalog, "root", None), trust=trust)
    if game is None and command is not None:  # the content names no rules: exit 1
        from toolkit.errors import ContentError
        raise ContentError(f"'{command}' needs a game's rules, and this project's game.yaml "
                         "names none (add e.g. 'rules: caravans'); validate, list and build "
                         "work without rules")
    return game
