"""View models: each card turned into the plain values its template prints (names in the
chosen language, colours, stat rows with icons, rules lines with inline icons)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from markupsafe import Markup

from toolkit.content.ops import OPS, describe
from toolkit.render.icons import Icons, placeholder_art

OP_ICONS = {"gain_gold": "gold", "raid_bonus": "gold", "cancel_hit": "shield",
            "combat_dice": "combat", "extra_action": "event", "sell_at_demand": "demand",
            "free_recruit": "mercenaries", "recruit_discount": "mercenaries",
            "reroll_check": "die", "buy_draw": "good", "free_move": "agility",
            "free_repair": "defense", "volley": "attack", "pre_melee_strike": "skull",
            "flee_strike": "skull", "npc_enter": "npc", "move_npc": "npc", "storm": "event",
            "war": "combat", "demand_shift": "demand", "market_boom": "gold", "plague": "skull",
            "rumor_no_check": "rumor", "treasure": "explorer", "amnesty": "bounty",
            "tolls": "gold", "enter_wanted_taverns": "bounty", "ignore_event": "event",
            "melee_boost": "combat", "redirect_hits": "attack"}
CHECK_ICONS = {"ranged": "attack", "melee": "combat"}


@dataclass
class Ctx:
    """What every view model needs: the catalog, language, icons and theme words."""

    catalog: object
    lang: str
    icons: Icons
    theme: dict
    art_notes: list = field(default_factory=list)  # (card id, art path) to check for dpi

    def t(self, text) -> str:
        """The chosen language of a Text (English when the translation is missing)."""
        if text is None:
            return ""
        return (text.zh or text.en) if self.lang == "zh" else text.en

    @property
    def words(self) -> dict[str, str]:
        """Every theme word in the chosen language, for templates (card.t.home)."""
        return {k: v[self.lang] for k, v in self.theme["words"].items()}

    def word(self, key: str) -> str:
        entry = self.theme["words"].get(key) or self.theme["kinds"].get(key)
        return entry[self.lang] if entry else key.replace("_", " ")

    def kind_label(self, kind: str) -> str:
        entry = self.theme["kinds"].get(kind)
        return entry[self.lang] if entry else kind.replace("_", " ").title()

    def name(self, id_: str) -> str:
        names = self.catalog.names.get(id_)
        return names[self.lang] if names else id_

    def color(self, kind: str, card=None) -> str:
        own = getattr(card, "color", None)
        race = getattr(card, "race", None)
        if own:
            return own
        if race and race in self.catalog.races:
            return self.catalog.races[race].color
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


def effect_lines(ctx: Ctx, effects, used_by: str) -> list[Markup]:
    """Rules text generated from effects, each line led by the icon of what it changes."""
    lines = []
    for effect in effects:
        spec = OPS.get(effect.op)
        if spec is None:
            lines.append(Markup.escape(effect.op))
            continue
        params = spec.params(**effect.params)
        text = describe(effect.op, params, ctx.lang, ctx.catalog.names)
        raw = effect.params
        icon = raw.get("stat") or CHECK_ICONS.get(raw.get("check"), raw.get("check")) \
            or OP_ICONS.get(effect.op)
        lead = ctx.icons.img(icon, used_by) if icon else Markup("")
        lines.append(lead + Markup(" ") + Markup.escape(text))
    return lines


def rules(ctx: Ctx, card) -> list[Markup]:
    """The card's own text if it has one, else lines generated from its effects."""
    if card.text is not None:
        return [ctx.icons.rich(ctx.t(card.text), card.id)]
    return effect_lines(ctx, getattr(card, "effects", None) or [], card.id)


def art(ctx: Ctx, card, color: str) -> str:
    """URL of the card's art inside the project, or generated placeholder art."""
    if card.art:
        path = (Path(ctx.catalog.root) / card.art).resolve()
        ctx.art_notes.append((card.id, path))
        return path.as_uri()
    return placeholder_art(card.id, color)


def base(ctx: Ctx, kind: str, card) -> dict:
    """Fields every card template uses."""
    color = ctx.color(kind, card)
    return {"kind": kind, "id": card.id, "name": ctx.t(card.name), "color": color,
            "kind_label": ctx.kind_label(kind), "kind_icon": ctx.icons.url(kind, card.id),
            "art": art(ctx, card, color), "rules": rules(ctx, card),
            "flavor": ctx.icons.rich(ctx.t(card.flavor), card.id) if card.flavor else None,
            "title_pt": title_size(ctx.t(card.name), ctx.lang),
            "race_icon": _race_icon(ctx, card), "t": ctx.words, "i": IconUrls(ctx, card.id)}


def title_size(text: str, lang: str, width_mm: float = 41.0, largest: float = 11.0) -> float:
    """A title size in pt that keeps a one-line name inside the banner (an estimate from
    the average advance of the title font: 0.58 em Latin, 1 em CJK)."""
    em = sum(1.0 if ord(ch) > 0x2E80 else 0.58 for ch in text) or 1.0
    return round(min(largest, width_mm / (em * 25.4 / 72)), 1)


def _race_icon(ctx: Ctx, card) -> str | None:
    race = getattr(card, "race", None)
    if race and race in ctx.catalog.races:
        return ctx.icons.url(ctx.catalog.races[race].icon, card.id)
    return None
