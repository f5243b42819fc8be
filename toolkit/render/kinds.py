"""Per-kind view models: what a hero, party, good, event, mission... card shows beyond the
common fields of `views.base`. Kinds without an entry here use the generic template."""

from __future__ import annotations

from toolkit.render.icons import mix, pattern_back
from toolkit.render.views import Ctx, base, effect_lines

HERO_STATS = ("combat", "perception", "leadership", "influence")
PARTY_STATS = ("defense", "cargo", "mercenaries", "attack", "agility")


def hero(ctx: Ctx, card, variant=None) -> dict:
    view = base(ctx, "hero", card)
    home = ctx.catalog.regions.get(card.home)
    view["home"] = ctx.t(home.tavern) if home is not None and home.tavern else ctx.name(card.home)
    view["stats"] = [ctx.stat(s, getattr(card.stats, s), card.id) for s in HERO_STATS]
    view["abilities"] = [
        {"name": ctx.t(a.name),
         "lines": [ctx.icons.rich(ctx.t(a.text), card.id)] if a.text
         else effect_lines(ctx, a.effects, card.id)} for a in card.abilities]
    return view


def party(ctx: Ctx, card, variant=None) -> dict:
    view = base(ctx, "party", card)
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


def good(ctx: Ctx, card, variant=None) -> dict:
    view = base(ctx, "good", card)
    view["icon"] = ctx.icons.url(card.icon, card.id)
    view["ink"] = mix(view["color"], "#2b2118", 0.4)  # the good's colour, dark enough to read
    view["ambush"] = variant == "ambush"
    view["raid_gold"] = None if variant == "ambush" else variant
    view["raid_icon"] = ctx.icons.url("ambush" if variant == "ambush" else "gold", card.id)
    return view


def event(ctx: Ctx, card, variant=None) -> dict:
    view = base(ctx, "event", card)
    view["duration"] = ctx.word(card.duration)
    movers = [e.params.get("npc") for e in card.effects if e.op in ("move_npc", "npc_enter")]
    view["movers"] = [{"name": ctx.name(m), "color": ctx.color("npc", ctx.catalog.npcs.get(m))}
                      for m in movers if m]
    return view


def glory_card(ctx: Ctx, card, variant=None) -> dict:
    view = base(ctx, "glory_card", card)
    view["type"] = ctx.word(card.type)
    view["type_icon"] = ctx.icons.url(card.type, card.id)
    view["glory"] = ctx.icons.url("glory", card.id)
    return view


def mission(ctx: Ctx, card, variant=None) -> dict:
    view = base(ctx, "mission", card)
    view["take_at"] = ctx.name(card.tavern)
    view["target"] = ctx.name(card.target)
    tests = []
    if card.check:
        tests.append({"icon": ctx.icons.url(card.check.stat, card.id), "count": card.check.successes,
                      "text": f"{ctx.word(card.check.stat)} · {card.check.successes} "
                              f"{ctx.word('successes')}"})
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
    view = base(ctx, "rumor", card)
    view["region"] = ctx.name(card.region)
    view["truth"] = card.truth
    view["truth_label"] = ctx.word("true" if card.truth else "false")
    view["gold"] = card.gold
    view["gold_icon"] = ctx.icons.url("gold", card.id)
    return view


def npc(ctx: Ctx, card, variant=None) -> dict:
    view = base(ctx, "npc", card)
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
    """Equipment and weapons: a square token with an emblem and its effect."""
    view = base(ctx, card.kind, card)
    view["emblem"] = ctx.icons.url(card.id if ctx.icons.exists(card.id) else card.kind, card.id)
    return view


def explorer(ctx: Ctx, card, variant=None) -> dict:
    view = base(ctx, "explorer", card)
    view["region"] = ctx.name(card.region)
    view["emblem"] = ctx.icons.url("explorer", card.id)
    return view


def generic(ctx: Ctx, card, variant=None) -> dict:
    """A designer-declared kind: its name, rules and every other field as a table."""
    view = base(ctx, card.kind, card)
    skip = {"id", "kind", "name", "copies", "art", "text", "flavor", "effects"}
    view["fields"] = [(k.replace("_", " "), ctx.t(v) if hasattr(v, "en") else v)
                      for k, v in card if k not in skip and v is not None]
    return view


def marker(ctx: Ctx, kind: str, source) -> dict:
    """Demand, bounty and NPC markers: a round token in the colour of what it marks."""
    color = ctx.color(kind, source)
    icon = getattr(source, "icon", None) or (
        ctx.catalog.races[source.race].icon if getattr(source, "race", None)
        in ctx.catalog.races else "npc")
    return {"kind": kind, "id": f"{kind}_{source.id}", "name": ctx.t(source.name),
            "color": color, "kind_label": ctx.kind_label(kind),
            "icon": ctx.icons.url(icon, source.id), "rules": [], "flavor": None,
            "kind_icon": ctx.icons.url({"demand_marker": "demand", "bounty_marker": "bounty"}
                                       .get(kind, "npc"), source.id),
            "race_icon": None, "art": None, "t": ctx.words}


BUILDERS = {"hero": hero, "party": party, "good": good, "event": event,
            "glory_card": glory_card, "mission": mission, "rumor": rumor, "npc": npc,
            "equipment": token, "weapon": token, "explorer": explorer}


def view_of(ctx: Ctx, kind: str, card, variant=None) -> dict:
    return BUILDERS.get(kind, generic)(ctx, card, variant)


def back(ctx: Ctx, kind: str) -> dict:
    title = ctx.catalog.game.title
    return {"kind": kind, "id": f"{kind}_back", "name": ctx.kind_label(kind),
            "title": ctx.t(title), "color": ctx.theme["colors"]["back"],
            "accent": ctx.color(kind), "kind_icon": ctx.icons.url(
                {"glory_card": "glory", "demand_marker": "demand", "bounty_marker": "bounty",
                 "npc_marker": "npc"}.get(kind, kind), kind),
            "rules": [], "flavor": None, "race_icon": None, "art": None,
            "kind_label": ctx.kind_label(kind), "t": ctx.words,
            "pattern": pattern_back(ctx.theme["colors"]["back"])}
