"""Plain-language messages for pydantic validation errors, with positions in the YAML.

Pydantic's own messages name Python types and union members; a designer wants
`stat 'influence' is 5, allowed 1–4` or `'role' is 'caravn', allowed 'caravan' or 'warden'
(did you mean 'caravan'?)`. Used by pass 1 (card schemas) and pass 2 (effect parameters).
"""

from __future__ import annotations

import re
import typing
from typing import Any, Iterator

from pydantic import BaseModel, ValidationError

from toolkit.content.problems import did_you_mean

_EXPECTED = {
    "int_parsing": "a whole number", "int_type": "a whole number",
    "int_from_float": "a whole number", "float_parsing": "a number", "float_type": "a number",
    "bool_parsing": "true or false", "bool_type": "true or false", "string_type": "text",
    "list_type": "a list", "dict_type": "a mapping", "model_type": "a mapping",
    "model_attributes_type": "a mapping",
}
_BOUND_WORDS = {"greater_than_equal": ("ge", "{} or more"),
                "less_than_equal": ("le", "at most {}"),
                "greater_than": ("gt", "more than {}"), "less_than": ("lt", "less than {}")}
_RANGE = tuple(_BOUND_WORDS)


def clean_errors(exc: ValidationError, data: Any) -> Iterator[tuple[tuple, dict]]:
    """Each error once, its location cut to the keys and indexes present in `data`
    (pydantic adds union members like 'int' to locations; those are dropped and the
    errors of one union are merged into one 'expected a or b' error)."""
    grouped: dict[tuple, list[dict]] = {}
    for err in exc.errors():
        grouped.setdefault(_data_loc(tuple(err["loc"]), data), []).append(err)
    for loc, errs in grouped.items():
        if len(errs) == 1:
            yield loc, errs[0]
            continue
        wanted = [_EXPECTED.get(e["type"]) or (e.get("ctx") or {}).get("expected") for e in errs]
        if all(wanted):
            yield loc, {"type": "union_of", "input": errs[0].get("input"),
                        "msg": " or ".join(dict.fromkeys(wanted))}
        else:
            yield loc, errs[0]


def _data_loc(loc: tuple, data: Any) -> tuple:
    out: list = []
    current = data
    for i, part in enumerate(loc):
        if isinstance(current, dict) and part in current:
            current = current[part]
        elif isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current):
            current = current[part]
        elif isinstance(current, dict) and i == len(loc) - 1:
            out.append(part)  # a missing key: name it
            break
        else:
            continue
        out.append(part)
    return tuple(out)


def message(err: dict, loc: tuple, model: type[BaseModel] | None) -> str:
    """One line in the designer's words for one pydantic error at `loc`."""
    kind = err["type"]
    name = next((str(p) for p in reversed(loc) if isinstance(p, str)), "value")
    label = f"stat '{name}'" if len(loc) >= 2 and loc[-2] == "stats" else f"'{name}'"
    value = err.get("input")
    ctx = err.get("ctx") or {}
    if kind == "extra_forbidden":
        return f"unknown key '{loc[-1]}'" + did_you_mean(loc[-1], _field_names(model, loc[:-1]))
    if kind == "missing":
        return f"missing required key '{name}'"
    if kind in _RANGE:
        lo, hi = _bounds(model, loc)
        if lo is not None and hi is not None:
            return f"{label} is {_show(value)}, allowed {_num(lo)}–{_num(hi)}"
        key, words = _BOUND_WORDS[kind]
        return f"{label} is {_show(value)}, allowed {words.format(_num(ctx.get(key, 0)))}"
    if kind in ("literal_error", "enum"):
        choices = re.findall(r"'([^']*)'", str(ctx.get("expected", "")))
        return (f"{label} is {_show(value)}, allowed {ctx.get('expected', '')}"
                + did_you_mean(value, choices))
    if kind == "string_pattern_mismatch":
        if ctx.get("pattern", "").startswith("^[a-z]"):
            return f"{label} is {_show(value)}: use lowercase snake_case (letters, digits, _)"
        return f"{label} is {_show(value)}, which does not match {ctx.get('pattern')}"
    if kind == "too_short":
        return f"{label} needs at least {ctx.get('min_length')} item(s)"
    if kind == "too_long":
        return f"{label} has {ctx.get('actual_length')} items, at most {ctx.get('max_length')}"
    if kind == "string_too_short":
        return f"{label} must not be empty"
    if kind in _EXPECTED:
        return f"{label} is {_show(value)}, expected {_EXPECTED[kind]}"
    if kind == "union_of":
        return f"{label} is {_show(value)}, expected {err['msg']}"
    if kind == "value_error":
        return str(ctx.get("error") or err["msg"]).removeprefix("Value error, ")
    if kind.startswith("union"):
        return f"{label} is {_show(value)}: {_lower(err['msg'])}"
    return f"{label}: {_lower(err['msg'])}"


def _show(value) -> str:
    if isinstance(value, (dict, list)):
        return "a mapping" if isinstance(value, dict) else "a list"
    return repr(value) if isinstance(value, str) else str(value)


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _num(x):
    return int(x) if float(x).is_integer() else x


def _walk(model, loc: tuple):
    """The pydantic FieldInfo at `loc` inside `model`, or None."""
    info = None
    current = model
    for part in loc:
        if isinstance(part, int) or current is None:
            continue
        fields = getattr(current, "model_fields", None)
        if not fields or part not in fields:
            return None
        info = fields[part]
        current = _inner_model(info.annotation)
    return info


def _inner_model(annotation):
    for arg in (annotation, *typing.get_args(annotation)):
        if isinstance(arg, type) and issubclass(arg, BaseModel):
            return arg
        for sub in typing.get_args(arg):
            if isinstance(sub, type) and issubclass(sub, BaseModel):
                return sub
    return None


def _field_names(model, loc: tuple) -> list[str]:
    if model is None:
        return []
    info = _walk(model, loc) if loc else None
    target = _inner_model(info.annotation) if info else model
    return list(getattr(target, "model_fields", {}) or {})


def _bounds(model, loc: tuple):
    info = _walk(model, loc) if model is not None else None
    lo = hi = None
    for meta in getattr(info, "metadata", []) or []:
        lo = getattr(meta, "ge", None) if getattr(meta, "ge", None) is not None else lo
        hi = getattr(meta, "le", None) if getattr(meta, "le", None) is not None else hi
    return lo, hi
