"""Pass-2 rules of effects: every op exists in the registry, its parameters fit the op's
schema, the op is allowed on the card's kind, its references resolve, and hand-written
rules text quotes no number that the card's effects do not have."""

from __future__ import annotations

import re

from pydantic import ValidationError

from toolkit.content import messages
from toolkit.games.caravans.content.ops import OPS, param_numbers
from toolkit.content.problems import did_you_mean
from toolkit.games.caravans.content.kinds import KINDS as BUILTIN_KINDS

_NUMBER = re.compile(r"\d+")
_FIELD = re.compile(r"\{[^}]*\}")


def check(index) -> None:
    for entry in index.loaded.entries:
        for sub, owner, effects in effect_groups(entry):
            numbers = set()
            valid = True
            for j, effect in enumerate(effects):
                params = check_effect(index, entry, effect, sub + ("effects", j))
                if params is None:
                    valid = False
                    continue
                numbers |= param_numbers(params) | template_numbers(effect.op)
            if valid and effects:
                check_text(index, entry, owner, sub, numbers)


def effect_groups(entry):
    """(path of the owner, owner, effects) for the card and each hero ability."""
    effects = getattr(entry, "effects", None)
    if effects:
        yield (), entry, effects
    for i, ability in enumerate(getattr(entry, "abilities", None) or ()):
        yield ("abilities", i), ability, ability.effects


def check_effect(index, entry, effect, sub: tuple):
    """The validated params of one effect, or None after reporting what is wrong."""
    spec = OPS.get(effect.op)
    if spec is None:
        index.error(entry, f"unknown effect op '{effect.op}'" + did_you_mean(effect.op, OPS),
                    *sub, "op")
        return None
    if entry.kind in BUILTIN_KINDS and entry.kind not in spec.kinds:
        index.error(entry, f"op '{effect.op}' is not allowed in kind '{entry.kind}' (allowed "
                    f"in: {', '.join(sorted(spec.kinds))})", *sub, "op")
        return None
    try:
        params = spec.params.model_validate(effect.params)
    except ValidationError as exc:
        for loc, err in messages.clean_errors(exc, effect.params):
            text = messages.message(err, loc, spec.params)
            index.error(entry, f"op '{effect.op}': {text}", *sub, *loc)
        return None
    for name, kind in spec.refs:
        default = spec.params.model_fields[name].default
        value = getattr(params, name)
        values = value if isinstance(value, list) else [value]
        for i, item in enumerate(values):
            if item is None or item == default:
                continue
            where = (name, i) if isinstance(value, list) else (name,)
            index.resolve(entry, item, kind, *sub, *where, owner=f"op '{effect.op}': ")
    return params


def template_numbers(op: str) -> set[int]:
    """Numbers printed by the op's own rules text, e.g. the 5 of 'never above 5'."""
    spec = OPS[op]
    found = set()
    for template in (spec.en, spec.zh):
        found |= {int(n) for n in _NUMBER.findall(_FIELD.sub("", template))}
    return found


def check_text(index, entry, owner, sub: tuple, numbers: set[int]) -> None:
    """Each number in the hand-written text (en and zh) must be one of the effects'."""
    text = getattr(owner, "text", None)
    if text is None:
        return
    said = "its effects have no numbers" if not numbers else \
        f"its effects say {', '.join(str(n) for n in sorted(numbers))}"
    for lang in ("en", "zh"):
        value = getattr(text, lang) or ""
        for found in dict.fromkeys(int(n) for n in _NUMBER.findall(value)):
            if found not in numbers:
                index.error(entry, f"rules text ({lang}) says {found} but {said}",
                            *sub, "text", lang)
