"""`toolkit replay` for any game: play one game from its seed and agents through the game
loop and print it like a game log.

The header names the game, the seed and the line-up (seats from 1, as in every report), and
the seat that acts first when it is not seat 1 (a game may draw its first player). Each
action is printed once, in words (`game.describe_action`), followed by what it caused (the
new lines of `game.log_lines`; a log line that only repeats the action is left out). When
the turn passes to another seat, the game's running score (`game.score_line`) is printed if
it changed. The end names the winner(s) with the score and why the game ended
(`game.end_line`, else the winning seats, the last score and the record's `end_reason`).
"""

from __future__ import annotations

import json
from typing import Iterator

from toolkit.errors import RulesError, ToolkitError
from toolkit.game import winners_of
from toolkit.loop import play

WORDS = {
    "en": {"header": "{title} — seed {seed}, {n} players: {lineup}", "seat": "seat {n}",
           "winner": "Winner: {seats}", "winners": "Winners: {seats}",
           "no_winner": "No winner", "score": " — {score}", "reason": " (ended: {reason})",
           "stopped": "stopped after action {n}", "sep": ", ", "first": "; {seat} plays first"},
    "zh": {"header": "{title} — 种子{seed}，{n}名玩家：{lineup}", "seat": "{n}号座位",
           "winner": "胜者：{seats}", "winners": "胜者：{seats}", "no_winner": "无人获胜",
           "score": " — {score}", "reason": "", "stopped": "在第{n}个行动后停止",
           "sep": "，", "first": "；{seat}先行"},
}
INDENT = "      "   # what an action caused
SCORE = "  = "      # the running score


def replay_lines(game, catalog, seed: int, agents: list[str], until: int | None = None,
                 lang: str = "en", actions: list | None = None) -> Iterator[str]:
    """The game as readable lines; stops after action `until` when given. A crash of the
    game shows the game up to it, then stops with a one-line error. With `actions` (a
    record's, as `game.action_to_json` wrote them), the seats play those in order instead
    of choosing (a game played at `toolkit play`; `agents` only name the seats)."""
    words = WORDS.get(lang, WORDS["en"])
    seat = lambda s: words["seat"].format(n=s + 1)  # noqa: E731
    title = game.title.get(lang) or game.title.get("en") or game.name
    lineup = words["sep"].join(f"{seat(s)} {a}" for s, a in enumerate(agents))
    lines = [words["header"].format(title=title, seed=seed, n=len(agents), lineup=lineup)]
    # log lines shown, the action's index, its seat and words, the last score shown
    shown, at, acting, said, last_score = [0], [0], [-1], [""], [""]
    score = getattr(game, "score_line", lambda state, lang: None)

    def new_log(state, action_text: str = "") -> None:
        log = game.log_lines(state, lang)
        lines.extend(INDENT + text for text in log[shown[0]:]
                     if _bare(text) != action_text)
        shown[0] = len(log)

    def before(state, action, index):
        at[0] = index
        acting[0] = game.current_player(state)
        said[0] = game.describe_action(state, action, lang)
        lines.append(f"  #{index} [{agents[acting[0]]}] {said[0]}")

    def after(state, action, index):
        new_log(state, _bare(said[0]))
        if not game.is_terminal(state) and game.current_player(state) != acting[0]:
            show_score(state)

    def show_score(state) -> None:
        text = score(state, lang)
        if text and text != last_score[0]:
            lines.append(SCORE + text)
            last_score[0] = text

    start = game.new_game(catalog, seed, list(agents))
    first = None if game.is_terminal(start) else game.current_player(start)
    if isinstance(first, int) and 0 < first < len(agents):   # the line-up is not turn order
        lines[0] += words["first"].format(seat=seat(first))
    new_log(start)
    try:
        scripted = None if actions is None else _scripted(game, actions, len(agents))
        if actions is not None:   # an abandoned game stops where the record does
            until = len(actions) if until is None else min(until, len(actions))
        played = play(game, catalog, seed, agents, until=until, before=before, after=after,
                      state=start, agents=scripted)
    except ToolkitError:
        yield from lines
        raise
    except Exception as exc:  # show the game up to the crash, then say what happened
        yield from lines
        raise RulesError(f"the game raised {type(exc).__name__} at action {at[0]}: "
                         f"{exc}") from None
    if game.is_terminal(played.state):
        yield from lines
        yield _result(game, played.state, lang, score)
    else:
        show_score(played.state)
        yield from lines
        yield words["stopped"].format(n=len(played.actions))


class _Recorded:
    """Plays a record's actions in order, whichever seat is to act; an action that is not
    legal when its turn comes stops the replay in one line."""

    observes = False

    def __init__(self, game, actions: list):
        self.game, self.actions, self.at = game, actions, 0

    def choose(self, observation, legal):
        if self.at >= len(self.actions):
            raise RulesError(f"the record ends after {len(self.actions)} actions and the "
                             "game is not over (an abandoned game: add --until "
                             f"{len(self.actions)})")
        data = self.actions[self.at]
        self.at += 1
        to_json = self.game.action_to_json
        for action in legal:
            if to_json(action) == data or json.loads(json.dumps(to_json(action))) == data:
                return action
        raise RulesError(f"action {self.at} of the record, {json.dumps(data)[:120]}, is not "
                         "legal here: the record is of another version of the rules or "
                         "content")


def _scripted(game, actions: list, seats: int) -> list:
    one = _Recorded(game, list(actions))
    return [one] * seats


def _bare(text: str) -> str:
    """A line without its spaces, to tell a log line that only repeats its action (the
    action and log texts of a game may space a name differently)."""
    return "".join(text.split())


def _result(game, state, lang: str, score) -> str:
    """The last line: the game's own `end_line`, else the winning seats, the last score and
    the record's `end_reason` (English only: it is a code)."""
    end = getattr(game, "end_line", lambda state, lang: None)(state, lang)
    if end:
        return end
    words = WORDS.get(lang, WORDS["en"])
    won = winners_of(game.results(state))
    seats = words["sep"].join(words["seat"].format(n=s + 1) for s in won)
    text = words["winner" if len(won) == 1 else "winners"].format(seats=seats) if won \
        else words["no_winner"]
    last = score(state, lang)
    if last:
        text += words["score"].format(score=last)
    reason = game.record(state).get("end_reason")
    if isinstance(reason, str) and words["reason"] and reason != "unfinished":
        text += words["reason"].format(reason=reason.replace("_", " "))
    return text
