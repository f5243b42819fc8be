"""`toolkit replay` for any game: play one game from its seed and agents through the game
loop and print it action by action, each action in words (`game.describe_action`) followed
by what it caused (the new lines of `game.log_lines`), then the winners. Seats are numbered
from 1."""

from __future__ import annotations

from typing import Iterator

from toolkit.errors import RulesError, ToolkitError
from toolkit.game import winners_of
from toolkit.loop import play

WORDS = {
    "en": {"header": "Game seed {seed}, {n} players: {lineup}", "seat": "seat {n}",
           "winner": "winner(s): {seats}", "stopped": "stopped after action {n}",
           "none": "nobody"},
    "zh": {"header": "游戏种子{seed}，{n}名玩家：{lineup}", "seat": "{n}号座位",
           "winner": "胜者：{seats}", "stopped": "在第{n}个行动后停止", "none": "无人"},
}
INDENT = "      "


def replay_lines(game, catalog, seed: int, agents: list[str], until: int | None = None,
                 lang: str = "en") -> Iterator[str]:
    """The game as readable lines; stops after action `until` when given. A crash of the
    game shows the game up to it, then stops with a one-line error."""
    words = WORDS.get(lang, WORDS["en"])
    seat = lambda s: words["seat"].format(n=s + 1)  # noqa: E731
    lineup = ", ".join(f"{seat(s)} {a}" for s, a in enumerate(agents))
    lines = [words["header"].format(seed=seed, n=len(agents), lineup=lineup)]
    shown, at = [0], [0]

    def new_log(state) -> None:
        log = game.log_lines(state, lang)
        lines.extend(INDENT + text for text in log[shown[0]:])
        shown[0] = len(log)

    def before(state, action, index):
        at[0] = index
        who = agents[game.current_player(state)]
        lines.append(f"  #{index} [{who}] {game.describe_action(state, action, lang)}")

    def after(state, action, index):
        new_log(state)

    start = game.new_game(catalog, seed, list(agents))
    new_log(start)
    try:
        played = play(game, catalog, seed, agents, until=until, before=before, after=after,
                      state=start)
    except ToolkitError:
        yield from lines
        raise
    except Exception as exc:  # show the game up to the crash, then say what happened
        yield from lines
        raise RulesError(f"the game raised {type(exc).__name__} at action {at[0]}: "
                         f"{exc}") from None
    yield from lines
    if game.is_terminal(played.state):
        won = winners_of(game.results(played.state))
        yield words["winner"].format(seats=", ".join(seat(s) for s in won) or words["none"])
    else:
        yield words["stopped"].format(n=len(played.actions))
