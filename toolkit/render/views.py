"""View models: each card turned into the plain values its template prints (names in the
chosen language, colours, rules lines with inline icons). A game's own kinds get their view
models from the game's render parts; this module holds what every kind shares and the
generic view of a designer-declared kind."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from markupsafe import Markup

from toolkit.render.art import art_problem
from toolkit.render.icons import Icons, placeholder_art


def translated(label, lang: str) -> bool:
    """Whether a label ({en, zh}) has a `lang` text of its own: one that only repeats the
    English words ("Token" for both) is English still."""
    if lang == "en":
        return True
    get = label.get if isinstance(label, dict) else lambda key: getattr(label, key, None)
    got = get(lang)
    if not got:
        return False
    return not (got == get("en") and re.search(r"[A-Za-z]{2}", got))


@dataclass
class Ctx:
    """What every view model needs: the catalog, language, icons and theme words."""

    catalog: object
    lang: str
    icons: Icons
    theme: dict
    art_notes: list = field(default_factory=list)  # (card id, art path) to check for dpi
    ink_saver: bool = False  # backs white, little ink (--ink-saver)
    # kind -> what a non-English build printed in English (a label or value without zh)
    untranslated: dict = field(default_factory=dict)
    english_texts: dict = field(default_factory=dict)  # texts {en, zh} printed without zh
    no_text: dict = field(default_factory=dict)  # ids of cards with effects but no text

    def english(self, kind: str, what: str, item: str = "") -> None:
        """Note that `what` (and its `item`) of `kind` is printed in English in this build's
        language, e.g. ("clearing", "field labels", "suit")."""
        if self.lang != "en":
            items = self.untranslated.setdefault(kind, {}).setdefault(what, {})
            if item:
                items.setdefault(item, None)

    def t(self, text, note: bool = True) -> str:
        """The chosen language of a Text (English when the translation is missing, noted
        for the build's warning unless `note` is False)."""
        if text is None:
            return ""
        if isinstance(text, dict):
            got = text.get(self.lang)
            if not got and note and self.lang != "en" and text.get("en"):
                self.english_texts.setdefault(text["en"], None)
            return got or text.get("en") or ""
        if self.lang != "zh":
            return text.en
        if not text.zh and note:
            self.english_texts.setdefault(text.en, None)
        return text.zh or text.en

    def rich(self, text: str, used_by: str = "") -> Markup:
        """Rules text as printed: inline icons (Icons.rich), and the game's names kept
        whole - never hyphenated at a line end ("Wil-lowmere": F17)."""
        return keep_names(self, self.icons.rich(text, used_by))

    @property
    def words(self) -> dict[str, str]:
        """Every theme word in the chosen language, for templates (card.t.home)."""
        return {k: v[self.lang] for k, v in self.theme["words"].items()}

    def word(self, key: str) -> str:
        entry = self.theme["words"].get(key) or self.theme["kinds"].get(key)
        return entry[self.lang] if entry else key.replace("_", " ")

    def kind_label(self, kind: str) -> str:
        entry = self.theme["kinds"].get(kind)
        if entry:
            if not translated(entry, self.lang):
                self.english(kind, "its name")
            return entry[self.lang]
        decl = self.catalog.game.kinds.get(kind)
        label = getattr(decl, "label", None)
        if not translated(label, self.lang):  # a kind, or a part a game adds, named in English
            self.english(kind, "its name")
        return self.t(label, note=False) if label else kind.replace("_", " ").title()

    def name(self, id_: str) -> str:
        names = self.catalog.names.get(id_)
        return names[self.lang] if names else id_

    def color(self, kind: str, card=None) -> str:
        """The card's own `color` if it has one, else the theme's colour of its kind."""
        own = getattr(card, "color", None)
        if isinstance(own, str) and re.fullmatch(r"#[0-9a-fA-F]{6}", own):  # nothing else
            return own
        colors = self.theme["colors"]
        return colors.get(kind, colors["default"])

    def stat(self, key: str, value, used_by: str = "") -> dict:
        return {"icon": self.icons.url(key, used_by), "label": self.word(key), "value": value}


class IconUrls:
    """`card.i.gold` in a template: the URL of an icon by name."""

    def __init__(self, ctx: Ctx, used_by: str):
        self._ctx, self._used_by = ctx, used_by

    def __getattr__(self, name: str) -> str:
        if name.startswith("_"):
            raise AttributeError(name)
        return self._ctx.icons.url(name, self._used_by)

    __getitem__ = __getattr__


_NAMES: dict = {}  # (catalog id, lang) -> the regex of its names (kept whole)
TAG = re.compile(r"(<[^>]*>)")


def keep_names(ctx: Ctx, markup: Markup) -> Markup:
    """`markup` with every name of the catalog (a card, region, faction: anything named,
    of 4 letters or more) in a span that is never hyphenated (style.css: .name), and curly
    apostrophes."""
    key = (id(ctx.catalog), ctx.lang)
    if key not in _NAMES:
        if len(_NAMES) > 16:
            _NAMES.clear()
        names = {str(Markup.escape(n[ctx.lang])) for n in ctx.catalog.names.values()
                 if isinstance(n, dict) and n.get(ctx.lang) and len(n[ctx.lang]) >= 4
                 and re.search(r"[A-Za-z]{4}", n[ctx.lang])}
        _NAMES[key] = re.compile(r"(?<![\w-])(" + "|".join(
            re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")(?![\w-])") \
            if names else None
    pattern = _NAMES[key]

    def text(part: str) -> str:
        named = pattern.sub(r'<span class="name">\1</span>', part) if pattern else part
        return curly(named)

    parts = TAG.split(str(markup))   # only the text between tags is touched
    return Markup("".join(part if i % 2 else text(part) for i, part in enumerate(parts)))


def curly(text: str) -> str:
    """Typographic apostrophes and single quotes (escaped as &#39; in markup, or plain):
    ’ after a letter or digit ("Dragon’s", "’90s" aside), ‘ opening a quote."""
    for straight in ("&#39;", "&#x27;", "'"):
        text = re.sub(rf"(?:(?<=[\w.,!?])|(?<=</span>)){straight}", "\u2019", text)
        text = text.replace(straight, "\u2018")
    return text


def plain_effects(ctx: Ctx, effects, card_id: str = "") -> list[Markup]:
    """Effects of a card that has no rules text: nothing is printed (an op id such as
    `gain_economy` is the rules' word, not the players'), and the card is noted for a
    warning (`ctx.no_text`)."""
    if effects:
        ctx.no_text.setdefault(card_id, None)
    return []


def art(ctx: Ctx, card, color: str) -> str:
    """URL of the card's art inside the project, or generated placeholder art."""
    if card.art:
        path = (Path(ctx.catalog.root) / card.art).resolve()
        ctx.art_notes.append((card.id, path))
        if art_problem(path, ctx.catalog.root) is None:
            return path.as_uri()
    return placeholder_art(card.id, color)


def base(ctx: Ctx, kind: str, card, *, color: str | None = None, rules=None,
         badge: str | None = None) -> dict:
    """Fields every card template uses; a game's view passes its own colour, rules lines
    (default: the card's text, else its effects in plain words) and corner badge icon."""
    color = color or ctx.color(kind, card)
    if rules is None:
        rules = [ctx.rich(ctx.t(card.text), card.id)] if card.text is not None \
            else plain_effects(ctx, getattr(card, "effects", None), card.id)
    name = curly(ctx.t(card.name))
    return {"kind": kind, "id": card.id, "name": name, "color": color,
            "kind_label": ctx.kind_label(kind), "kind_icon": ctx.icons.url(kind, card.id),
            "art": art(ctx, card, color), "rules": rules,
            "flavor": ctx.rich(ctx.t(card.flavor), card.id) if card.flavor else None,
            **title_fields(name, ctx.lang),
            "race_icon": badge, "t": ctx.words, "i": IconUrls(ctx, card.id)}


def title_fields(name: str, lang: str) -> dict:
    """The title's size, or, for a long name with an epithet ("Dagna Emberhelm,
    Gem-Seeker") that would print under 8 pt, the two lines and their sizes."""
    size = title_size(name, lang)
    for sep in (", ", "，", " · "):
        if size < 8.0 and sep in name:
            head, tail = name.rsplit(sep, 1)
            first = min(title_size(head + sep.strip(), lang), 9.5)
            second = min(title_size(tail, lang, largest=first), first * 0.85)
            return {"title_pt": first, "title_lines": [head + sep.strip(), tail],
                    "title_sub_pt": round(second, 1), "title_kind": "epithet"}
    words = name.split(" ")
    if size < 7.0 and len(words) > 1:  # a long name: two lines of the same size
        cuts = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
        head, tail = max(cuts, key=lambda c: min(title_size(c[0], lang),
                                                 title_size(c[1], lang)))
        both = min(title_size(head, lang), title_size(tail, lang), 8.5)
        return {"title_pt": both, "title_lines": [head, tail], "title_sub_pt": both,
                "title_kind": "wrap"}
    return {"title_pt": size, "title_lines": None, "title_sub_pt": None, "title_kind": None}


def title_size(text: str, lang: str, width_mm: float = 41.0, largest: float = 11.0) -> float:
    """A title size in pt that keeps a one-line name inside the banner (from the measured
    advance widths of the title font, see toolkit.render.measure)."""
    from toolkit.render.measure import text_width_em

    em = text_width_em(text, bold=True) or 1.0
    return round(min(largest, width_mm / (em * 25.4 / 72)), 1)
