"""Typography of what the cards print (issue #26, F17): names are never hyphenated, quotes
and apostrophes are curly, sheet labels do not double a word."""

from __future__ import annotations

from pathlib import Path

from toolkit import REPO_DIR
from toolkit.content.validate import load_catalog
from toolkit.render.html import TEMPLATES, load_theme
from toolkit.render.icons import Icons
from toolkit.render.jobs import deck_label
from toolkit.render.views import Ctx, curly

CARDS = REPO_DIR / "cards"


def ctx_for(project: Path, lang: str = "en") -> Ctx:
    return Ctx(load_catalog(project), lang, Icons([TEMPLATES / "icons"]), load_theme(project))


def test_names_in_rules_text_are_kept_whole_and_apostrophes_are_curly():
    ctx = ctx_for(CARDS)
    out = str(ctx.rich("Ride to Willowmere's gate with the Boots of Agility :gold:, don't "
                       "wait.", "x"))
    assert '<span class="name">Willowmere</span>’s' in out
    assert '<span class="name">Boots of Agility</span>' in out
    assert "don’t" in out and "'" not in out.replace("alt=\"gold\"", "")
    assert 'alt="gold"' in out               # a tag is never touched


def test_quotes_open_and_close():
    assert curly("the 'Old Road' isn't far") == "the ‘Old Road’ isn’t far"


def test_the_name_span_is_never_hyphenated():
    css = (TEMPLATES / "style.css").read_text(encoding="utf-8")
    assert ".name { hyphens: manual; }" in css


def test_sheet_labels_do_not_double_a_word():
    en, zh = ctx_for(CARDS), ctx_for(CARDS, "zh")
    assert deck_label(en, "Shared card") == "Shared cards"
    assert deck_label(en, "Hex tiles") == "Hex tiles"
    assert deck_label(en, "Hero") == "Hero cards"
    assert deck_label(zh, "荣誉卡") == "荣誉卡"
    assert deck_label(zh, "英雄") == "英雄卡"


def test_a_short_field_key_prints_as_an_abbreviation():
    from toolkit.render.fields import field_label

    ctx = ctx_for(CARDS)                      # no theme word for these keys
    assert "vp" not in ctx.theme["words"] and "ability_tag" not in ctx.theme["words"]
    assert field_label(ctx, "vp", None) == "VP"
    assert field_label(ctx, "ability_tag", None) == "Ability tag"
