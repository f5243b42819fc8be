"""Caravans & Brigands card views: what a hero, party, good, event, mission... card shows
beyond the common fields of `toolkit.render.views.base` - race colours and badges, stat
rows, and rules lines generated from effects, each led by the icon of what it changes."""

from __future__ import annotations

from markupsafe import Markup

from toolkit.games.caravans.content.ops import OPS, describe
from toolkit.render.faces import card_size
from toolkit.render.icons import mix
from toolkit.render.measure import text_width_em
from toolkit.render.views import Ctx, base

from .english import agree

HERO_STATS = ("combat", "perception", "leadership", "influence")
PARTY_STATS = ("defense", "cargo", "mercenaries", "attack", "agility")
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


def color(ctx: Ctx, kind: str, card=None) -> str:
    """A card's own colour, else its race's, else the theme's colour of its kind."""
    own = getattr(card, "color", None)
    race = getattr(card, "race", None)
    if own:
        return own
    if race and race in ctx.catalog.races:
        return ctx.catalog.races[race].color
    return ctx.color(kind)


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
        if ctx.lang == "en":
            npc = effect.params.get("npc")
            text = agree(text, ctx.name(npc) if isinstance(npc, str) else None)
        raw = effect.params
        icon = raw.get("stat") or CHECK_ICONS.get(raw.get("check"), raw.get("check")) \
            or OP_ICONS.get(effect.op)
        lead = ctx.icons.img(icon, used_by) if icon else Markup("")
        lines.append(lead + Markup(" ") + Markup.escape(text))
    return lines


def cbase(ctx: Ctx, kind: str, card) -> dict:
    """The common fields with Caravans colours, rules lines and race badge."""
    rules = [ctx.rich(ctx.t(card.text), card.id)] if card.text is not None \
        else effect_lines(ctx, getattr(card, "effects", None) or [], card.id)
    race = getattr(card, "race", None)
    badge = ctx.icons.url(ctx.catalog.races[race].icon, card.id) \
        if race and race in ctx.catalog.races else None
    return base(ctx, kind, card, color=color(ctx, kind, card), rules=rules, badge=badge)


def hero(ctx: Ctx, card, variant=None) -> dict:
    view = cbase(ctx, "hero", card)
    home = ctx.catalog.regions.get(card.home)
    view["home"] = ctx.t(home.tavern) if home is not None and home.tavern else ctx.name(card.home)
    view["stats"] = [ctx.stat(s, getattr(card.stats, s), card.id) for s in HERO_STATS]
    view["abilities"] = [
        {"name": ctx.t(a.name),
         "lines": [ctx.rich(ctx.t(a.text), card.id)] if a.text
         else effect_lines(ctx, a.effects, card.id)} for a in card.abilities]
    return view


def party(ctx: Ctx, card, variant=None) -> dict:
    view = cbase(ctx, "party", card)
    view["subtitle"] = f"{ctx.word(card.size)} {ctx.word(card.role)}"
    view["stats"] = [ctx.stat(s, getattr(card.stats, s), card.id) for s in PARTY_STATS]
    view["hits"] = [{"face": face, "icon": ctx.icons.url(loc, card.id), "label": ctx.word(loc)}
                    for face, loc in sorted(card.hit_locations.items())]
    view["hits"].append({"face": None, "icon": ctx.icons.url("defense", card.id),
                         "label": ctx.word("defense")})
    view["skull"] = ctx.icons.url("skull", card.id)
    view["cost"] = card.cost
    view["resale"] = card.resale
    view["starting"] = card.starting
    view["gold"] = ctx.icons.url("gold", card.id)
    return view


def good_variants(card) -> list:
    """A good has one card per raid entry (its `copies` is ignored, as in
    catalog.card_count and the engine): (raid entry, cards) pairs."""
    counts: dict = {}
    for entry in card.raid:
        counts[entry] = counts.get(entry, 0) + 1
    return list(counts.items())


def good(ctx: Ctx, card, variant=None) -> dict:
    view = cbase(ctx, "good", card)
    view["icon"] = ctx.icons.url(card.icon, card.id)
    view["ink"] = mix(view["color"], "#2b2118", 0.4)  # the good's colour, dark enough to read
    view["ambush"] = variant == "ambush"
    view["raid_gold"] = None if variant == "ambush" else variant
    view["raid_icon"] = ctx.icons.url("ambush" if variant == "ambush" else "gold", card.id)
    return view


def event(ctx: Ctx, card, variant=None) -> dict:
    view = cbase(ctx, "event", card)
    view["duration"] = ctx.word(card.duration)
    movers = [e.params.get("npc") for e in card.effects if e.op in ("move_npc", "npc_enter")]
    view["movers"] = [{"name": ctx.name(m), "color": color(ctx, "npc", ctx.catalog.npcs.get(m))}
                      for m in movers if m]
    return view


def glory_card(ctx: Ctx, card, variant=None) -> dict:
    view = cbase(ctx, "glory_card", card)
    view["type"] = ctx.word(card.type)
    view["type_icon"] = ctx.icons.url(card.type, card.id)
    view["glory"] = ctx.icons.url("glory", card.id)
    return view


def mission(ctx: Ctx, card, variant=None) -> dict:
    view = cbase(ctx, "mission", card)
    view["take_at"] = ctx.name(card.tavern)
    view["target"] = ctx.name(card.target)
    tests = []
    if card.check:
        n = card.check.successes
        tests.append({"icon": ctx.icons.url(card.check.stat, card.id), "count": n,
                      "text": f"{ctx.word(card.check.stat)} · {n} "
                              f"{ctx.word('success' if n == 1 else 'successes')}"})
    if card.deliver:
        good_ = ctx.catalog.goods.get(card.deliver.good)
        icon = good_.icon if good_ is not None else "good"
        tests.append({"icon": ctx.icons.url(icon, card.id), "count": card.deliver.count,
                      "text": f"{ctx.word('deliver')} {card.deliver.count} × "
                              f"{ctx.name(card.deliver.good)}"})
    if card.defeat:
        tests.append({"icon": ctx.icons.url("combat", card.id), "count": 1,
                      "text": f"{ctx.word('defeat')} {ctx.name(card.defeat)}"})
    view["tests"] = tests
    view["gold"] = card.gold
    view["gold_icon"] = ctx.icons.url("gold", card.id)
    view["glory_icon"] = ctx.icons.url("glory", card.id)
    return view


def rumor(ctx: Ctx, card, variant=None) -> dict:
    view = cbase(ctx, "rumor", card)
    view["region"] = ctx.name(card.region)
    view["truth"] = card.truth
    view["truth_label"] = ctx.word("true" if card.truth else "false")
    view["gold"] = card.gold
    view["gold_icon"] = ctx.icons.url("gold", card.id)
    return view


def npc(ctx: Ctx, card, variant=None) -> dict:
    view = cbase(ctx, "npc", card)
    view["role"] = ctx.word(card.role)
    view["party"] = ctx.name(card.party)
    view["stats"] = [ctx.stat(s, getattr(card.stats, s), card.id) for s in ("combat", "leadership")]
    party_ = ctx.catalog.parties.get(card.party)
    view["party_stats"] = [ctx.stat(s, getattr(party_.stats, s), card.id)
                           for s in PARTY_STATS] \
        if party_ is not None else []
    view["gold"], view["bounty_reward"] = card.gold, card.bounty_reward
    view["gold_icon"] = ctx.icons.url("gold", card.id)
    view["start"] = ctx.name(card.start)
    return view


def token(ctx: Ctx, card, variant=None) -> dict:
    """Equipment and weapons: a square token with an emblem and its effect; when the effect
    would not fit under a full-size emblem at the type floor, the emblem moves beside the
    name (`compact`) and the text gets the space below it."""
    view = cbase(ctx, card.kind, card)
    view["emblem"] = ctx.icons.url(card.id if ctx.icons.exists(card.id) else card.kind, card.id)
    width, _ = card_size(ctx.catalog, card.kind)
    view["compact"] = rules_lines(view["rules"], ctx.lang, width - 3.6) > \
        TOKEN_LINES.get(ctx.lang, TOKEN_LINES["en"])
    return view


# lines of rules text that fit under a full-size token emblem at the type floor (measured:
# a fourth Latin line or a third CJK line overflows)
TOKEN_LINES = {"en": 3, "zh": 2}
# the type floor of toolkit.render.pdf.FLOOR_PT, not imported from there: that would load
# WeasyPrint into every build that only collects faces (tests check they agree)
FLOOR_PT = {"en": 6.0, "zh": 7.0}


def rules_lines(rules, lang: str, width_mm: float) -> int:
    """Lines the rules take at the type floor in a box `width_mm` wide (each line's lead
    icon counts 1.2 em, a word never splits)."""
    pt = FLOOR_PT.get(lang, FLOOR_PT["en"])
    room = width_mm / (pt * 25.4 / 72)
    total = 0
    for line in rules:
        text = Markup(line).striptags()
        used, count = 1.2, 1
        for word in text.split(" ") if lang != "zh" else list(text):
            w = text_width_em(word + ("" if lang == "zh" else " "))
            if used + w > room:
                used, count = 0.0, count + 1
            used += w
        total += count
    return total


def explorer(ctx: Ctx, card, variant=None) -> dict:
    view = cbase(ctx, "explorer", card)
    view["region"] = ctx.name(card.region)
    view["emblem"] = ctx.icons.url("explorer", card.id)
    return view
