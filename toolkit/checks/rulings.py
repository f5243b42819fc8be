"""Run rulings: build each one's state, apply its steps, check its expectations; a
probability is computed exactly by running the steps once per branch of dice results."""

from __future__ import annotations

from fractions import Fraction

from toolkit import engine
from toolkit.checks import facts, refs, scenario
from toolkit.checks.dice import enumerate_outcomes, parse_fraction
from toolkit.checks.report import RulingFailure
from toolkit.checks.rulings_load import LoadedRuling
from toolkit.errors import ToolkitError


class StepFailed(Exception):
    def __init__(self, where, expected, actual):
        super().__init__(expected)
        self.where, self.expected, self.actual = where, expected, actual


def run_steps(state, item: LoadedRuling, strict: bool = True):
    """Apply the ruling's steps; a step that is not legal raises StepFailed (strict) or
    ends the run (in a dice branch where it cannot happen)."""
    for step, where in item.steps:
        if engine.is_terminal(state):
            legal = []
        else:
            legal = engine.legal_actions(state)
        action = facts.find_action(legal, step)
        seat = engine.current_player(state) if legal else None
        if action is None or (step.by is not None and step.by != seat):
            if not strict:
                return state
            shown = ", ".join(repr(a) for a in legal[:12]) + (" …" if len(legal) > 12 else "")
            raise StepFailed(where, f"{facts.step_text(step)} is legal"
                             + (f" for seat {step.by}" if step.by is not None else ""),
                             f"seat {seat} to act; legal actions: {shown or 'none'}")
        state = engine.apply_action(state, action)
    return state


def run_ruling(catalog, item: LoadedRuling) -> list[RulingFailure]:
    """Every failure of one ruling (an empty list when it holds)."""
    rule = item.ruling
    fail = lambda where, e, a: RulingFailure(str(where), rule.id, rule.rule, e, a)  # noqa: E731
    unknown = refs.unknown_ids(catalog, rule.setup)
    if unknown:
        return [fail(item.where, "every id in the setup exists", "; ".join(unknown))]
    try:
        base = scenario.build(catalog, rule.setup)
    except ToolkitError as exc:
        return [fail(item.where, "the setup can be arranged", exc.message)]
    except Exception as exc:  # an engine crash while dealing is a finding too
        return [fail(item.where, "the setup can be arranged", f"{type(exc).__name__}: {exc}")]
    out = []
    plain = [(e, w) for e, w in item.expect if e.probability is None]
    if plain:
        state = engine.clone(base)
        scenario.install_dice(state, catalog, rule.setup.dice or ())
        try:
            state = run_steps(state, item)
        except StepFailed as exc:
            return [fail(exc.where, exc.expected, exc.actual)]
        except Exception as exc:  # an engine crash in a ruling is a finding
            return [fail(item.where, "the steps run", f"{type(exc).__name__}: {exc}")]
        for expect, where in plain:
            ok, want, got = _safe(facts.check, state, expect)
            if not ok:
                out.append(fail(where, want, got))
    for expect, where in item.expect:
        if expect.probability is not None:
            problem = _probability(catalog, base, item, expect)
            if problem:
                out.append(fail(where, *problem))
    return out


def _safe(fn, *args):
    try:
        return fn(*args)
    except Exception as exc:
        return False, "the expectation can be evaluated", f"{type(exc).__name__}: {exc}"


def _probability(catalog, base, item: LoadedRuling, expect):
    """None when the exact probability equals the expected one, else (expected, actual)."""
    want = parse_fraction(expect.equals)
    fixed = item.ruling.setup.dice or ()

    def run(dice):
        state = engine.clone(base)
        scenario.install_dice(state, catalog, fixed, dice)
        state = run_steps(state, item, strict=False)
        return facts.check(state, expect.probability)[0]

    try:
        probs = enumerate_outcomes(run, catalog.game.dice.faces)
    except ToolkitError as exc:
        return "an exact probability", exc.message
    except Exception as exc:
        return "an exact probability", f"{type(exc).__name__}: {exc}"
    got = probs.get(True, Fraction(0))
    what = facts.check(base, expect.probability)[1]
    if got != want:
        return (f"P({what}) = {want} ≈ {float(want):.4f}",
                f"P = {got} ≈ {float(got):.4f}")
    return None
