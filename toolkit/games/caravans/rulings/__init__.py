"""The rulings vocabulary of Caravans & Brigands, behind the generic runner
(toolkit/checks/rulings.py): `setup:` arranges a dealt game (seats' heroes, parties, gold,
goods, places; the board, decks and the next dice), a step names an action kind with its
arguments by name (`{do: move, to: greymarch}`), and an expectation checks seat facts
(gold, glory, stats, place, ...) or game facts (actions left, a fight under way, the last
roll). The schema with every key is `schema.py`; a probability is exact over every dice
result (`dice.enumerate_outcomes`)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from pydantic import ValidationError

from toolkit.errors import ContentError


def ruling_problems(ruling: Mapping) -> list[tuple[tuple, str]]:
    """Problems of a ruling's setup, steps and expectations against the game's schema."""
    from toolkit.content import messages
    from toolkit.games.caravans.rulings.schema import Ruling
    try:
        Ruling.model_validate(ruling)
    except ValidationError as exc:
        return [(loc, messages.message(err, loc, Ruling))
                for loc, err in messages.clean_errors(exc, ruling)]
    return []


def _setup(setup: Mapping):
    from toolkit.games.caravans.rulings.schema import Setup
    try:
        return Setup.model_validate(dict(setup))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ContentError(f"setup {where}: {first['msg']}") from None


def _base(catalog, setup: Mapping, seed: int):
    """(the arranged state without scripted dice, the parsed setup)."""
    from toolkit.games.caravans.rulings import arrange, refs
    parsed = _setup({"seed": seed, **setup})
    unknown = refs.unknown_ids(catalog, parsed)
    if unknown:
        raise ContentError("; ".join(unknown))
    return arrange.build(catalog, parsed), parsed


def scenario(catalog, setup: Mapping, seed: int):
    """The state a ruling's setup arranges, its fixed dice installed."""
    from toolkit.games.caravans.rulings.arrange import install_dice
    state, parsed = _base(catalog, setup, seed)
    install_dice(state, catalog, parsed.dice or ())
    return state


def step_matches(action, step: Mapping) -> bool:
    from toolkit.games.caravans.rulings.facts import matches
    from toolkit.games.caravans.rulings.schema import Step
    return matches(action, Step.model_validate(dict(step)))


def expect(state, item: Mapping) -> "tuple[str, str] | None":
    """None when the expectation holds, else (what was expected, what is there)."""
    from toolkit.games.caravans.rulings.facts import check
    from toolkit.games.caravans.rulings.schema import Expect
    holds, want, got = check(state, Expect.model_validate(dict(item)))
    return None if holds else (want, got)


def probability(catalog, setup: Mapping, seed: int, play, holds) -> Fraction:
    """The exact chance that `holds(play(state))` over every result of the dice the steps
    roll after the setup's fixed ones."""
    from toolkit.games.caravans.engine.state import clone
    from toolkit.games.caravans.rulings.dice import enumerate_outcomes
    from toolkit.games.caravans.rulings.arrange import install_dice
    base, parsed = _base(catalog, setup, seed)
    fixed = parsed.dice or ()

    def run(dice) -> Any:
        state = clone(base)
        install_dice(state, catalog, fixed, dice)
        return holds(play(state))

    return enumerate_outcomes(run, catalog.game.dice.faces).get(True, Fraction(0))
