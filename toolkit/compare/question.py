"""The question a comparison answers first. An edit changed some entries (the structural
diff, diff.py); the metrics that mention those ids (the edited hero's win rate, the edited
card's use: the game's groups and id metrics) are *the question*, tested first and on their
own (they share α); the run stops when they are decided. The game-wide metrics are tested
on the same games as a second family (with its own α) and reported after the answer.
With --metric, the metrics named are the question and nothing else is tested. An edit that
touches no id with a metric of its own (game settings, the rules, an event card, identical
content) asks the game's headline question: the win rate of each of the game's sides (the
sides it declares, when they are a group of its seats) and of each seat, and the game's
length; the rest of the game is tested after it, on the same games."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from toolkit.compare.diff import GAME_ID, EntryDiff
from toolkit.compare.gsprt import CHANGED
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


def headline(metrics: Sequence[Metric], sides: str | None = None) -> list[Metric]:
    """The game-level question: each side's win rate (`sides`, a group of the game's seats,
    e.g. "faction"), each seat's, and the game length (`rounds`)."""
    head = [m for m in metrics if sides and m.family == "win" and m.name.startswith(f"{sides}:")]
    head += [m for m in metrics if m.name.startswith("seat:") or m.name == "rounds"]
    return head or list(metrics)


def _game_question(metrics: Sequence[Metric], sides, source: str, ids) -> Question:
    head = headline(metrics, sides)
    return Question(head, [m for m in metrics if m not in head], source, ids)


def ask(metrics: list[Metric], diff: Sequence[EntryDiff], wanted: Sequence[str],
        sides: str | None = None) -> Question:
    ids = changed_ids(diff)
    if wanted:
        return Question(select(metrics, tuple(wanted)), [], ASKED, ids)
    focus = [m for m in metrics if mentions(m, set(ids))]
    if focus:
        return Question(focus, [m for m in metrics if m not in focus], EDIT, ids)
    return _game_question(metrics, sides, GAME, ids)


def unseen(question: Question, sides: str | None = None) -> Question:
    """The game's headline question, when the edited entries' metrics never came up (e.g.
    a party no agent picks): their metrics stay among the game-wide ones, listed as never
    seen."""
    return _game_question(question.metrics + question.others, sides, UNSEEN, question.ids)


def answered(question: Question, decided: dict[str, str], done: bool) -> bool:
    """Whether the question has its answer: every metric of it decided, or, for the game's
    headline question, one of them found changed ("it matters" needs no more games)."""
    if done:
        return True
    return question.source in (GAME, UNSEEN) and any(v in CHANGED for v in decided.values())


def declared_sides(game, catalog, groups) -> str | None:
    """The group of the game's seats that it declares as its sides (`Game.sides`: the first
    factor of role "side" other than the seat, e.g. Root's `faction`), when `groups` (the
    seat groups compare has metrics for) holds it; None: the seats are the sides. Read
    defensively, so a game written before the hook still compares."""
    hook = getattr(game, "sides", None)
    if not callable(hook):
        return None
    try:
        found = hook(catalog)
    except TypeError:   # a hook of another shape: the seats are the sides
        return None
    for side in found or ():
        key = side if isinstance(side, str) else getattr(side, "key", None)
        if getattr(side, "role", "side") == "side" and key != "seat" and key in groups:
            return key
    return None
