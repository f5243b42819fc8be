"""The question a comparison answers first. An edit changed some entries (the structural
diff, diff.py); the metrics that mention those ids (the edited hero's win rate, the edited
card's use: the game's groups and id metrics) are *the question*, tested first and on their
own (they share α); the run stops when they are decided. The game-wide metrics are tested
on the same games as a second family (with its own α) and reported after the answer.
With --metric, the metrics named are the question; an edit that touches no id with a
metric (game settings, an event card, identical content) asks the game-wide question."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from toolkit.compare.diff import GAME_ID, EntryDiff
from toolkit.compare.metrics import Metric, mentions, select

ASKED, EDIT, GAME = "asked", "edit", "game"   # where the question came from
UNSEEN = "unseen"   # the edit's metrics never came up in the first games: the game is asked


@dataclass(frozen=True)
class Question:
    metrics: list[Metric]        # decided first: the run stops when these are decided
    others: list[Metric]         # the game-wide ones, tested on the same games
    source: str                  # ASKED | EDIT | GAME
    ids: tuple[str, ...]         # the changed ids the question is about


# fields every card has that no game reads when it plays (the rules text is printed; play
# follows the effects): an entry changed only there is not a question
PRINTED_ONLY = frozenset({"name", "art", "text", "flavor"})


def changed_ids(diff: Sequence[EntryDiff]) -> tuple[str, ...]:
    """The ids of entries present in both versions whose played fields changed."""
    return tuple(d.id for d in diff if d.status == "changed" and d.kind != GAME_ID
                 and any(c.path.split(".")[0] not in PRINTED_ONLY for c in d.changes))


def asked_ids(wanted: Sequence[str], known: set[str]) -> tuple[str, ...]:
    """Content ids named by --metric (`use:orb` -> orb), so their id metrics get counted."""
    out = []
    for name in wanted:
        for part in name.split(":")[1:]:
            if part in known and part not in out:
                out.append(part)
    return tuple(out)


def ask(metrics: list[Metric], diff: Sequence[EntryDiff], wanted: Sequence[str]) -> Question:
    ids = changed_ids(diff)
    if wanted:
        return Question(select(metrics, tuple(wanted)), [], ASKED, ids)
    focus = [m for m in metrics if mentions(m, set(ids))]
    if focus:
        return Question(focus, [m for m in metrics if m not in focus], EDIT, ids)
    return Question(list(metrics), [], GAME, ids)


def unseen(question: Question) -> Question:
    """The whole game as the question, when the edited entries' metrics never came up (e.g.
    a party no agent picks): their metrics stay in the family, listed as never seen."""
    return Question(question.others + question.metrics, [], UNSEEN, question.ids)
