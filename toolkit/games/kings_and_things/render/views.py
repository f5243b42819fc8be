"""View models of the Kings & Things print parts: counters, hex tiles, the reference."""

from __future__ import annotations

import math

from toolkit.content.colours import css_colour
from toolkit.render.measure import text_width_em

FLAG_WORDS = {"flying": ("Flying", "飞行"), "magic": ("Magic", "魔法"),
              "ranged": ("Ranged", "远程"), "charge": ("Charge", "冲锋")}
SIZE_WORDS = {"gold": ("gold", "金"), "income": ("income", "收入"), "any": ("any land", "任意陆地"),
              "cup": ("Things", "万物"), "title": ("Kings & Things", "国王与万物")}


def word(ctx, key) -> str:
    pair = FLAG_WORDS.get(key) or SIZE_WORDS[key]
    return pair[1] if ctx.lang == "zh" else pair[0]


def counter(ctx, kind, card, *, value="", flags=(), note="", terrain=None,
            color="#6b5a3a") -> dict:
    name = ctx.t(card.name)
    band, band_label = "#e9dfc6", ""
    if terrain is not None and terrain in ctx.catalog.of("terrain"):
        band = css_colour(ctx.catalog.of("terrain")[terrain].tint,
                          f"tint of terrain '{terrain}'")
        band_label = ctx.name(terrain)
    elif terrain == "any":
        band_label = word(ctx, "any")
    return {"kind": kind, "id": card.id, "name": name, "color": color, "edge": color,
            "name_pt": 7 if len(name) <= 11 else 6,
            "value": str(value), "value_pt": 13, "flags": [word(ctx, f) for f in flags],
            "note": note, "band": band, "band_label": band_label, "fill": "#fbf6e9",
            "small_pt": small_pt(ctx), "ink": "#1d1d1d"}


def small_pt(ctx) -> float:
    """The size of a counter's small words: the type floor of the build's script."""
    return 7.0 if ctx.lang == "zh" else 6.0


def _flags(card) -> list[str]:
    return [f for f in ("flying", "magic", "ranged", "charge") if getattr(card, f, None)]


def thing_view(ctx, kind, card) -> dict:
    if kind == "creature":
        return counter(ctx, kind, card, value=card.value, flags=_flags(card),
                       terrain=card.terrain, color="#5a3e1b")
    if kind == "income_counter":
        note = f"+{card.value} {word(ctx, 'gold')}"
        return counter(ctx, kind, card, value=card.value if card.fights else "", note=note,
                       terrain=card.terrain, color="#7a5c12")
    if kind == "treasure":
        return counter(ctx, kind, card, value=card.gold, note=word(ctx, "gold"),
                       color="#8a6d1a")
    # the effect text is on the player reference: a counter has no room for it
    return counter(ctx, kind, card, note=ctx.kind_label(kind),
                   color="#3f2a66" if kind == "magic_item" else "#26364f")


def hero_view(ctx, card) -> dict:
    note = ctx.name(card.lord_of) if card.lord_of else ""
    return counter(ctx, "character", card, value=card.value, flags=_flags(card), note=note,
                   terrain=card.lord_of, color="#6e1f1f")


def fort_view(ctx, card) -> dict:
    step = {"magic": "magic", "ranged": "ranged"}.get(card.step)
    return counter(ctx, "fort", card, value=card.value, flags=[step] if step else [],
                   note=f"{word(ctx, 'income')} +{card.value}", color="#3b3b3b")


def plain_view(ctx, kind, card, value="", color="#3b3b3b") -> dict:
    view = counter(ctx, kind, card, value=value, color=color)
    tint = getattr(card, "tint", None)
    if tint:
        tint = css_colour(tint, f"tint of '{card.id}'")
        view.update(fill=tint, edge=tint)
    return view


def back_view(ctx, name: str, color: str) -> dict:
    return {"kind": "kt_back", "id": name, "name": name, "color": color, "edge": "#f1dfb8",
            "name_pt": 7, "value": "", "value_pt": 13, "flags": [], "note": "",
            "band": color, "band_label": "", "fill": color, "small_pt": small_pt(ctx),
            "ink": "#f1dfb8"}  # light on the dark cup colour (F18: 1.28:1 before)


def hex_view(ctx, card, w, h) -> dict:
    cx, cy, r = w / 2, h / 2, min(w / 2, h / math.sqrt(3)) - 0.5
    points = " ".join(f"{cx + r * math.cos(math.radians(60 * k)):.2f},"
                      f"{cy + r * math.sin(math.radians(60 * k)):.2f}" for k in range(6))
    name = ctx.t(card.name)
    # the name fits across the hex (85 % of its width at the middle), 4.2 mm at most
    size = min(4.2, 0.85 * 2 * r / max(text_width_em(name, bold=True), 0.1))
    fill = css_colour(card.tint, f"tint of terrain '{card.id}'")
    bleed = " ".join(f"{cx + (r + 2.5) * math.cos(math.radians(60 * k)):.2f},"
                     f"{cy + (r + 2.5) * math.sin(math.radians(60 * k)):.2f}" for k in range(6))
    return {"kind": "hex_tile", "id": card.id, "name": name, "color": "#ffffff",
            "fill": fill, "points": points, "bleed_points": bleed, "name_size": round(size, 2),
            "ink": "#f1dfb8" if _dark(fill) else "#1d1d1d", "note": ""}


def _dark(colour: str) -> bool:
    """Whether a #rrggbb colour is dark enough to need light text on it."""
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    try:
        r, g, b = (int(value[i:i + 2], 16) / 255 for i in (0, 2, 4))
    except ValueError:
        return False
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.35
