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
"""

from __future__ import annotations

from typing import Any, Literal, Optional

from pydantic import Field, create_model

from toolkit.content.schema import BUILTIN_KINDS, Card, Effect, Text

_SCALARS = {"int": int, "float": float, "bool": bool, "str": str, "text": Text, "ref": str}


def _annotation(decl) -> Any:
    if decl.type == "enum":
        return Literal[tuple(decl.values or ("",))]
    if decl.type == "list":
        return list[_SCALARS.get(decl.of or "str", str)]
    return _SCALARS[decl.type]


def _field(decl):
    kwargs: dict[str, Any] = {"description": decl.description}
    if decl.type in ("int", "float"):
        if decl.min is not None:
            kwargs["ge"] = decl.min
        if decl.max is not None:
            kwargs["le"] = decl.max
    annotation = _annotation(decl)
    if not decl.required:
        return Optional[annotation], Field(None, **kwargs)
    return annotation, Field(..., **kwargs)


def build_models(kinds: dict, loaded) -> dict[str, type[Card]]:
    """One model per declared kind; a clash with a built-in kind is reported."""
    models: dict[str, type[Card]] = {}
    for name, decl in kinds.items():
        if name in BUILTIN_KINDS or name == "game":
            loaded.problem(None, "error", f"kind '{name}' is built in; choose another name",
                           "kinds", name, file="cards/game.yaml")
            continue
        fields: dict[str, Any] = {"kind": (Literal[name], name)}
        for fname, fdecl in decl.fields.items():
            if fname in Card.model_fields:
                continue
            fields[fname] = _field(fdecl)
        if decl.effects:
            fields["effects"] = (list[Effect], Field(default_factory=list))
        model = create_model(f"Custom_{name}", __base__=Card, **fields)
        model.__doc__ = f"Designer-declared kind '{name}'."
        model.declaration = decl  # used by pass 2 to resolve references
        models[name] = model
    return models
