"""The generic view of a designer-declared kind: its name, rules and every other field as
a table of label and value, translated from the game's own names - a field's `label:`
({en, zh}), an enum value's entry in `labels:`, a reference's target name - with lists
printed as lists and yes/no for booleans."""

from __future__ import annotations

from toolkit.render.views import Ctx, base

SKIP = {"id", "kind", "name", "copies", "art", "text", "flavor", "effects", "color"}


def generic_view(ctx: Ctx, kind: str, card) -> dict:
    view = base(ctx, kind, card)
    decls = getattr(ctx.catalog.game.kinds.get(kind), "fields", {}) or {}
    view["fields"] = [(field_label(ctx, key, decls.get(key)), value_text(ctx, value,
                                                                          decls.get(key)))
                      for key, value in card if key not in SKIP and value not in (None, [])]
    return view


def field_label(ctx: Ctx, key: str, decl) -> str:
    label = getattr(decl, "label", None)
    if label is not None:
        return ctx.t(label)
    entry = ctx.theme["words"].get(key)
    return entry[ctx.lang] if entry else key.replace("_", " ").capitalize()


def value_text(ctx: Ctx, value, decl=None) -> str:
    if isinstance(value, (list, tuple)):
        sep = "、" if ctx.lang == "zh" else ", "
        return sep.join(value_text(ctx, v, decl) for v in value)
    if hasattr(value, "en"):
        return ctx.t(value)
    if isinstance(value, bool):
        return ctx.word("yes" if value else "no")
    if isinstance(value, str):
        labels = getattr(decl, "labels", None) or {}
        if value in labels:
            return ctx.t(labels[value])
        if getattr(decl, "ref", None) or value in ctx.catalog.names:
            return ctx.name(value)
        return value.replace("_", " ")
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)
