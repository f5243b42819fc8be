"""Markdown tables of pydantic models for the generated docs: a designer's words for each
field's type, bounds and default, plus its description. Used by docs/gen_effects.py."""

from __future__ import annotations

import types
import typing

from pydantic import BaseModel

NUMBERS = {int: "whole number", float: "number", bool: "`true` or `false`", str: "text"}


def type_text(annotation) -> str:
    """A designer's word for a field type: 'whole number', '`a` or `b`', 'list of text'."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Literal:
        return " or ".join(", ".join(f"`{a}`" for a in args).rsplit(", ", 1))
    if origin in (typing.Union, types.UnionType):
        parts = [type_text(a) for a in args if a is not type(None)]
        return " or ".join(parts)
    if origin is list:
        return f"list of {type_text(args[0])}"
    if origin is dict:
        return f"mapping of {type_text(args[0])} to {type_text(args[1])}"
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if annotation.__name__ == "Text":
            return "text (`en`, `zh`)"
        return f"mapping ({annotation.__name__})"
    if annotation is typing.Any:
        return "any"
    return NUMBERS.get(annotation, getattr(annotation, "__name__", str(annotation)))


def limits_text(info) -> str:
    """The field's bounds: '1–4', '0 or more', 'at least 1 item', 'snake_case id'."""
    found = {}
    for meta in info.metadata:
        for key in ("ge", "gt", "le", "lt", "min_length", "max_length", "pattern"):
            value = getattr(meta, key, None)
            if value is not None:
                found[key] = value
    parts = []
    lo, hi = found.get("ge"), found.get("le")
    if lo is not None and hi is not None:
        parts.append(f"{_num(lo)} to {_num(hi)}" if lo < 0 else f"{_num(lo)}–{_num(hi)}")
    elif lo is not None:
        parts.append(f"{_num(lo)} or more")
    elif hi is not None:
        parts.append(f"at most {_num(hi)}")
    if "gt" in found:
        parts.append(f"more than {_num(found['gt'])}")
    if "lt" in found:
        parts.append(f"less than {_num(found['lt'])}")
    if "min_length" in found or "max_length" in found:
        parts.append(_length(found.get("min_length"), found.get("max_length")))
    if "pattern" in found:
        parts.append("snake_case id" if found["pattern"].startswith("^[a-z]")
                     else f"matches `{found['pattern']}`")
    return ", ".join(parts)


def _length(lo, hi) -> str:
    if lo is not None and lo == hi:
        return f"exactly {lo} items"
    if lo is not None and hi is not None:
        return f"{lo}–{hi} items"
    return f"at least {lo} item{'s' * (lo != 1)}" if lo is not None else f"at most {hi} items"


def _num(x):
    return int(x) if float(x).is_integer() else x


def default_text(info) -> str:
    if info.is_required():
        return "required"
    if info.default_factory is not None:
        made = info.default_factory()
        return "see below" if isinstance(made, BaseModel) else "empty"
    value = info.default
    if value is None:
        return "none"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    return f"`{value}`"


def field_rows(model, skip=(), refs=None) -> list[str]:
    """Markdown rows `| field | type | allowed | default | meaning |` of a model."""
    refs = refs or {}
    rows = []
    for name, info in model.model_fields.items():
        if name in skip:
            continue
        kind = type_text(info.annotation)
        if name in refs:
            kind = f"{refs[name]} id" + (" list" if kind.startswith("list") else "")
        meaning = (info.description or "").replace("|", "/")
        rows.append(f"| `{name}` | {kind} | {limits_text(info)} | {default_text(info)} "
                    f"| {meaning} |")
    return rows


def table(rows) -> str:
    head = "| field | type | allowed | default | meaning |\n|---|---|---|---|---|\n"
    return head + "\n".join(rows) + "\n" if rows else "(no parameters)\n"


def nested_models(model, seen=None) -> list[type[BaseModel]]:
    """Models used inside `model`'s fields (depth first), excluding Text."""
    seen = [] if seen is None else seen
    for info in model.model_fields.values():
        for inner in models_in(info.annotation):
            if inner.__name__ not in ("Text", "Effect") and inner not in seen:
                seen.append(inner)
                nested_models(inner, seen)
    return seen


def models_in(annotation):
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
    for arg in typing.get_args(annotation):
        yield from models_in(arg)


def shape_tables(models, refs) -> str:
    return "".join(f"**{m.__name__}**" + (f" — {m.__doc__.strip()}" if m.__doc__ else "")
                   + f"\n\n{table(field_rows(m, refs=refs.get(m)))}\n" for m in models)
