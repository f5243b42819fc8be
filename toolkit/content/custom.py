"""Kinds a project declares in game.yaml (`kinds:`), turned into pydantic models at load
time, so that another game's content (a deck-builder's soldiers, Root's clearings, Kings &
Things' counters) validates without writing Python.

    kinds:
      soldier:
        fields:
          power: {type: int, min: 0, max: 30}
          suit: {type: enum, values: [fox, rabbit, mouse, bird]}
          item: {type: ref, ref: item, required: false}
          tags: {type: list, of: str}
        effects: true

References (`type: ref`, `list` of `ref`) are resolved in pass 2 like built-in ones.
A `type: colour` field, and a `str` field named like one (`colour`, `tint`, `band_color`),
holds a colour and nothing else (toolkit.content.colours): templates put it into styles.
"""

from __future__ import annotations

import re
from typing import Any, Literal, Optional

from pydantic import Field, create_model

from toolkit.content.colours import Colour, named_as_colour
from toolkit.content.problems import did_you_mean
from toolkit.content.schema import Card, Effect, Text

# Names the card templates give their own meaning (toolkit/render/views.py `base`): a
# declared field of that name would be printed as something else or break the build.
RENDER_RESERVED = {
    "color": "the card's frame colour", "kind_label": "the kind's printed name",
    "kind_icon": "the kind's icon", "rules": "the rules lines", "fields": "the field table",
    "title_pt": "the title size", "race_icon": "the corner badge", "t": "the theme words",
    "i": "the icon lookup", "variant": "a face variant",
}
_SCALARS = {"int": int, "float": float, "bool": bool, "str": str, "text": Text, "ref": str,
            "colour": Colour}
# a declared kind's `file:` names a card file in cards/ (where the loader reads), never a path
FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,79}\.ya?ml")


def plain_file_name(name: object) -> bool:
    """Whether `name` is a plain YAML file name (no folder, no '..'), as `file:` must be."""
    return isinstance(name, str) and bool(FILE_NAME.fullmatch(name)) and ".." not in name


def _annotation(decl, name: str = "") -> Any:
    if decl.type == "enum":
        return Literal[tuple(decl.values or ("",))]
    if decl.type == "list":
        if decl.of == "enum":
            return list[Literal[tuple(decl.values or ("",))]]
        of = "colour" if decl.of in (None, "str") and named_as_colour(name) else decl.of
        return list[_SCALARS.get(of or "str", str)]
    if decl.type == "str" and named_as_colour(name):
        return Colour
    return _SCALARS[decl.type]


def _field(decl, name: str = ""):
    kwargs: dict[str, Any] = {"description": decl.description}
    if decl.type in ("int", "float"):
        if decl.min is not None:
            kwargs["ge"] = decl.min
        if decl.max is not None:
            kwargs["le"] = decl.max
    annotation = _annotation(decl, name)
    if not decl.required:
        return Optional[annotation], Field(None, **kwargs)
    return annotation, Field(..., **kwargs)


def build_models(kinds: dict, loaded) -> dict[str, type[Card]]:
    """One model per declared kind; a clash with a built-in kind or a declaration that
    cannot work (an enum without values, a ref without a known kind) is reported."""
    models: dict[str, type[Card]] = {}
    builtin = set(loaded.kinds)  # the game's own kinds, loaded before these
    known = builtin | set(kinds)
    for name, decl in kinds.items():
        if name in builtin or name == "game":
            _report(loaded, f"kind '{name}' is built in; choose another name", name)
            continue
        if decl.file is not None and not plain_file_name(decl.file):
            _report(loaded, f"file {decl.file!r} of kind '{name}' must be a file name in "
                    f"cards/ (like {name}.yaml), not a path: the toolkit reads and writes "
                    "card files only there", name, "file")
        fields: dict[str, Any] = {"kind": (Literal[name], name)}
        unchecked: set[str] = set()
        for fname, fdecl in decl.fields.items():
            if fname in Card.model_fields or fname in ("kind", "effects"):
                _report(loaded, f"field '{fname}' of kind '{name}' is a field every card has; "
                        "choose another name", name, "fields", fname)
                continue
            if fname in RENDER_RESERVED:
                _report(loaded, f"field '{fname}' of kind '{name}' is reserved by the "
                        f"renderer ({RENDER_RESERVED[fname]}); choose another name, e.g. "
                        f"'{name}_{fname}'", name, "fields", fname)
                continue
            if _declaration_ok(loaded, name, fname, fdecl, known):
                fields[fname] = _field(fdecl, fname)
            else:  # reported once; accept any value so that cards do not repeat it
                fields[fname] = (Optional[Any], Field(None))
                unchecked.add(fname)
        if decl.effects:
            fields["effects"] = (list[Effect], Field(default_factory=list))
        model = create_model(f"Custom_{name}", __base__=Card, **fields)
        model.__doc__ = f"Designer-declared kind '{name}'."
        model.declaration = decl  # used by pass 2 to resolve references
        model.unchecked = frozenset(unchecked)  # fields whose declaration is broken
        models[name] = model
    return models


def _report(loaded, message: str, *sub) -> None:
    loaded.problem(None, "error", message, "kinds", *sub, file=loaded.game_file)


def _declaration_ok(loaded, kind: str, fname: str, decl, known: set[str]) -> bool:
    where = (kind, "fields", fname)
    problem = None
    if (decl.type == "enum" or decl.of == "enum") and not decl.values:
        problem = f"enum field '{fname}' needs a list of values"
    elif (decl.type == "ref" or decl.of == "ref") and decl.ref is None:
        problem = f"ref field '{fname}' needs 'ref:' naming the kind it refers to"
    elif decl.ref is not None and decl.ref not in known:
        problem = (f"field '{fname}' refers to unknown kind '{decl.ref}'"
                   + did_you_mean(decl.ref, known))
    elif decl.symmetric and not (decl.type == "list" and decl.of == "ref" and decl.ref == kind):
        problem = f"symmetric field '{fname}' must be a list of refs to '{kind}' itself"
    elif decl.labels and set(decl.labels) - set(decl.values or ()):
        extra = sorted(set(decl.labels) - set(decl.values or ()))
        problem = (f"labels of field '{fname}' name {', '.join(extra)}, which is not one of "
                   "its values")
    elif decl.min is not None and decl.max is not None and decl.min > decl.max:
        problem = f"field '{fname}' has min {decl.min} above max {decl.max}"
    if problem:
        _report(loaded, problem, *where)
    return problem is None
