"""Run rulings for any game: build each one's state (`game.scenario`), apply its steps (the
first legal action `game.step_matches`), check its expectations. A failure lists the legal
actions as steps (`game.ruling_step`, when the game has it) with seats from 1. The runner knows `over`,
`winners`, `current`, `legal` (+ `is`) and `probability` (+ `equals`, exact through
`game.probability`); every other expectation goes to `game.expect` (None when it holds,
else why not: a message, or a pair (expected, actual))."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from toolkit.checks import seats
from toolkit.checks.report import RulingFailure
from toolkit.checks.ruling import GENERIC_EXPECT, step_text
from toolkit.checks.rulings_load import LoadedRuling
from toolkit.errors import ToolkitError

SHOWN = 12  # legal actions listed in a failure


class StepFailed(Exception):
    def __init__(self, where, expected, actual):
        super().__init__(expected)
        self.where, self.expected, self.actual = where, expected, actual


def _legal(game, state) -> list:
    return [] if game.is_terminal(state) else list(game.legal_actions(state))


def _shown(game, legal) -> str:
    return (", ".join(_action_text(game, a) for a in legal[:SHOWN])
            + (" …" if len(legal) > SHOWN else "")) or "none"


def _action_text(game, action) -> str:
    """A legal action as a ruling step would name it (seats from 1) when the game can say
    so (`game.ruling_step(action)` -> {do, ...}), else its repr."""
    as_step = getattr(game, "ruling_step", None)
    step = as_step(action) if as_step is not None else None
    return _step_text(game, step) if step else repr(action)


def _find(game, state, legal, step: Mapping):
    return next((a for a in legal if game.step_matches(state, a, step)), None)


def run_steps(game, state, item: LoadedRuling, strict: bool = True):
    """Apply the ruling's steps; a step that is not legal raises StepFailed (strict) or
    ends the run (in a chance branch where it cannot happen)."""
    for step, where in item.steps:
        legal = _legal(game, state)
        action = _find(game, state, legal, step)
        seat = game.current_player(state) if legal else None
        by = step.get("by")
        if action is None or (by is not None and by != seat):
            if not strict:
                return state
            raise StepFailed(where, f"{_step_text(game, step)} is legal"
                             + (f" for seat {seats.seat_text(by)}" if by is not None else ""),
                             f"seat {seats.seat_text(seat)} to act; legal actions: "
                             f"{_shown(game, legal)}")
        state = game.apply_action(state, action)
    return state


def check_expectation(game, state, item: Mapping) -> "tuple[str, str] | None":
    """None when `item` holds in `state`, else (expected, actual)."""
    if not set(item) <= GENERIC_EXPECT or "probability" in item:
        got = game.expect(state, item)
        if got is None or isinstance(got, tuple):
            return got
        return _text(game, item), str(got)
    if "legal" in item:
        step = item["legal"]
        legal = _legal(game, state)
        found = _find(game, state, legal, step)
        if step.get("by") is not None and legal and game.current_player(state) != step["by"]:
            found = None
        want = item.get("is", True)
        if (found is not None) == want:
            return None
        return (f"{_step_text(game, step)} {'is' if want else 'is not'} legal",
                f"legal actions: {_shown(game, legal)}")
    pairs = []
    over = game.is_terminal(state)
    if "over" in item:
        pairs.append(("game over", item["over"], over))
    if "winners" in item:
        won = ([s + 1 for s, r in enumerate(game.results(state)) if r > 0] if over
               else "none (the game goes on)")
        want = item["winners"]
        pairs.append(("winners", [w + 1 for w in want] if isinstance(want, list) else want,
                      won))
    if "current" in item:
        seat = game.current_player(state)
        pairs.append(("seat to act", _plus1(item["current"]),
                      None if seat is None else seat + 1))
    if not pairs:
        return "a fact to check", "an empty expectation"
    if all(want == got for _, want, got in pairs):
        return None
    return ("; ".join(f"{n} {w}" for n, w, _ in pairs),
            "; ".join(f"{n} {g}" for n, _, g in pairs))


def _plus1(seat):
    return seat + 1 if isinstance(seat, int) and not isinstance(seat, bool) else seat


def _text(game, item: Mapping) -> str:
    """An expectation as the person wrote it (seats from 1)."""
    shown = seats.to_person(dict(item), seats.seat_keys(game))
    return ", ".join(f"{k}: {v}" for k, v in shown.items())


def _step_text(game, step: Mapping) -> str:
    return step_text(seats.to_person(dict(step), seats.seat_keys(game)))


def _safe(fn, *args):
    try:
        return fn(*args)
    except ToolkitError as exc:
        return "the expectation can be evaluated", exc.message
    except Exception as exc:  # a game's crash while checking is a finding, not a traceback
        return "the expectation can be evaluated", f"{type(exc).__name__}: {exc}"


def run_ruling(game, catalog, item: LoadedRuling, seed: int = 0) -> list[RulingFailure]:
    """Every failure of one ruling (an empty list when it holds)."""
    rule = item.ruling
    fail = lambda where, e, a: RulingFailure(str(where), rule.id, rule.rule, e, a)  # noqa: E731
    setup = dict(rule.setup)
    try:
        state = game.scenario(catalog, setup, seed)
    except ToolkitError as exc:
        return [fail(item.where, "the setup can be arranged", exc.message)]
    except Exception as exc:  # a crash while dealing is a finding too
        return [fail(item.where, "the setup can be arranged", f"{type(exc).__name__}: {exc}")]
    out = []
    plain = [(e, w) for e, w in item.expect if "probability" not in e]
    if plain:
        try:
            state = run_steps(game, state, item)
        except StepFailed as exc:
            return [fail(exc.where, exc.expected, exc.actual)]
        except Exception as exc:  # a crash in a ruling is a finding
            return [fail(item.where, "the steps run", f"{type(exc).__name__}: {exc}")]
        for expect, where in plain:
            problem = _safe(check_expectation, game, state, expect)
            if problem:
                out.append(fail(where, *problem))
    for expect, where in item.expect:
        if "probability" in expect:
            problem = _probability(game, catalog, setup, seed, item, expect)
            if problem:
                out.append(fail(where, *problem))
    return out


def _probability(game, catalog, setup, seed, item, expect: Mapping):
    """None when the exact probability equals `equals`, else (expected, actual)."""
    inner = expect["probability"]
    try:
        want = Fraction(str(expect.get("equals")).strip())
    except (ValueError, ZeroDivisionError):
        return "a probability like 19/27 in 'equals'", repr(expect.get("equals"))

    def play(state) -> Any:
        return run_steps(game, state, item, strict=False)

    def holds(state) -> bool:
        return check_expectation(game, state, inner) is None

    try:
        got = game.probability(catalog, setup, seed, play, holds)
    except ToolkitError as exc:
        return "an exact probability", exc.message
    except Exception as exc:
        return "an exact probability", f"{type(exc).__name__}: {exc}"
    if got is None:
        return "an exact probability", f"game '{game.name}' cannot enumerate its chance"
    if got != want:
        return (f"P({_text(game, inner)}) = {want} ≈ {float(want):.4f}",
                f"P = {got} ≈ {float(got):.4f}")
    return None


def run_rulings(game, catalog, items) -> list[RulingFailure]:
    """Every failure of every ruling, in order."""
    return [failure for item in items for failure in run_ruling(game, catalog, item)]
