"""The generic view of a designer-declared kind: its name, rules and every other field as
a table of label and value, translated from the game's own names - a field's `label:`
({en, zh}), an enum value's entry in `labels:` (else a word of the theme's `words:`), a
reference's target name - with lists printed as lists and yes/no for booleans. What a non-English build prints in English (a
label or value without that language) is noted in `ctx.untranslated` and warned once per
kind (`untranslated_warnings`)."""

from __future__ import annotations

from pathlib import Path

from toolkit.render.views import Ctx, base, translated

SKIP = {"id", "kind", "name", "copies", "art", "text", "flavor", "effects", "color"}


def generic_view(ctx: Ctx, kind: str, card) -> dict:
    view = base(ctx, kind, card)
    decls = getattr(ctx.catalog.game.kinds.get(kind), "fields", {}) or {}
    view["fields"] = [(field_label(ctx, key, decls.get(key), kind),
                       value_text(ctx, value, decls.get(key), kind, key))
                      for key, value in card if key not in SKIP and value not in (None, [])]
    return view


def field_label(ctx: Ctx, key: str, decl, kind: str = "") -> str:
    label = getattr(decl, "label", None)
    entry = ctx.theme["words"].get(key)
    if not translated(label, ctx.lang) and not (entry and label is None
                                                and translated(entry, ctx.lang)):
        ctx.english(kind, "field labels", key)
    if label is not None:
        return ctx.t(label, note=False)
    if entry:
        return entry[ctx.lang]
    # an abbreviation reads as one ("vp" -> "VP", not "Vp"); other keys as a phrase
    return key.upper() if len(key) <= 3 and key.isalpha() else key.replace("_", " ").capitalize()


def value_text(ctx: Ctx, value, decl=None, kind: str = "", key: str = "") -> str:
    if isinstance(value, (list, tuple)):
        sep = "、" if ctx.lang == "zh" else ", "
        return sep.join(value_text(ctx, v, decl, kind, key) for v in value)
    if hasattr(value, "en"):
        return ctx.t(value)
    if isinstance(value, bool):
        return ctx.word("yes" if value else "no")
    if isinstance(value, str):
        labels = getattr(decl, "labels", None) or {}
        enum = "enum" in (getattr(decl, "type", None), getattr(decl, "of", None))
        if value in labels:
            if not translated(labels[value], ctx.lang):
                ctx.english(kind, f"values of '{key}'", value)
            return ctx.t(labels[value], note=False)
        if getattr(decl, "ref", None) or value in ctx.catalog.names:
            return ctx.name(value)
        word = ctx.theme["words"].get(value) if enum else None   # the theme's strings
        if word and translated(word, ctx.lang):
            return word[ctx.lang]
        if enum:
            ctx.english(kind, f"values of '{key}'", value)
        return value.replace("_", " ")
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def untranslated_warnings(ctx: Ctx, project) -> list[str]:
    """A warning per card whose rules print nothing (effects, no text); one per kind whose
    generic card printed English in this build's language,
    at the kind's declaration in game.yaml, and one for the texts printed without their
    translation (validate names each at its line)."""
    out = []
    for card_id in ctx.no_text:
        file, line, _ = ctx.catalog.source(card_id)
        out.append(f"{file}:{line}: warning: '{card_id}' has effects but no text, so its card "
                   "prints no rules (effect ids are never printed); add text: {en, zh}")
    if ctx.english_texts:
        texts = [f"'{t}'" for t in ctx.english_texts]
        out.append(f"warning: the {ctx.lang} build prints {len(texts)} text"
                   f"{'s' * (len(texts) != 1)} in English, having no {ctx.lang}: "
                   f"{_joined(texts)}; toolkit validate names each with its file:line")
    if not ctx.untranslated:
        return out
    from toolkit.content.yamlsafe import load_file
    from toolkit.errors import ContentError
    file = "cards/game.yaml"
    try:
        doc = load_file(Path(project) / file, file, Path(project))
    except ContentError:
        doc = None
    for kind, whats in sorted(ctx.untranslated.items()):
        line, col = doc.where(("kinds", kind)) if doc is not None else (1, 1)
        if kind not in ctx.catalog.game.kinds:   # a part the game adds (K&T's "heroes")
            out.append(f"warning: the {ctx.lang} build names the part '{kind}' in English; "
                       f"add kinds: {{{kind}: {{en, {ctx.lang}}}}} to templates/theme.yaml")
            continue
        out.append(f"{file}:{line}:{col}: warning: the {ctx.lang} cards of kind '{kind}' print "
                   f"English for {_what(whats)}; add label: {{en, {ctx.lang}}} to the "
                   f"kind or field, labels: {{value: {{en, {ctx.lang}}}}} for values")
    return out


def _what(whats: dict) -> str:
    return "; ".join(what + (" " + _joined(list(items)) if items else "")
                     for what, items in whats.items())


def _joined(items: list[str], shown: int = 6) -> str:
    more = len(items) - shown
    return ", ".join(items[:shown]) + (f" and {more} more" if more > 0 else "")
