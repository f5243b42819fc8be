"""Static consistency: numbers in card texts against their effects (the validator's own
check, reused), and which effect operations the cards use but no game or ruling fired (the
game counts firings through `Game.count_effects`)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path


def text_problems(root: Path) -> tuple[list[str], list[str]]:
    """(errors, warnings) of the validator's rules-text check (numbers in texts agree
    with the effects), as one-line messages with file:line."""
    from toolkit.content.validate import validate_project

    _catalog, report = validate_project(Path(root))
    errors, warnings = [], []
    for problem in report.sorted():
        if "rules text" not in problem.message:
            continue
        (errors if problem.severity == "error" else warnings).append(str(problem))
    return errors, warnings


def ops_in_use(catalog) -> dict[str, list[str]]:
    """op name -> ids of the cards (and heroes) whose effects use it."""
    used: dict[str, list[str]] = {}
    for kind, entries in catalog.by_kind.items():
        for id_, entry in entries.items():
            effects = list(getattr(entry, "effects", None) or [])
            for ability in getattr(entry, "abilities", None) or []:
                effects.extend(ability.effects)
            for effect in effects:
                used.setdefault(effect.op, [])
                if id_ not in used[effect.op]:
                    used[effect.op].append(id_)
    return used


def never_fired(catalog, fired: Counter) -> list[str]:
    """Warnings for each op some card uses that never fired."""
    out = []
    for op, cards in sorted(ops_in_use(catalog).items()):
        if not fired.get(op):
            shown = ", ".join(cards[:4]) + (" …" if len(cards) > 4 else "")
            out.append(f"effect '{op}' (used by {shown}) never fired in any fuzzed game "
                       "or ruling: a card that never fires is a design smell")
    return out
