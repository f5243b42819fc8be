"""Caravans & Brigands at the playtest table (`toolkit play`): the printed board's map - the
regions where `render/board.py` places them, in their race's colour, with the heroes and
NPC bands standing on them - the players' boards as a table (hero, party, place, gold,
glory, the party's tracks), and the seat's own goods, glory hand and rumours; what the seat
may not see comes from the observation as hidden (a card back)."""

from __future__ import annotations

from dataclasses import dataclass, field

from toolkit.render.views import Ctx

MAP_W, MAP_H = 420.0, 300.0
WORDS = {
    "map": ("Map", "地图"), "players": ("Players", "玩家"), "hand": ("Your glory hand", "你的荣誉手牌"),
    "goods": ("Your goods", "你的货物"), "rumors": ("Your rumours", "你的传闻"),
    "head": (("Seat", "Hero", "Party", "Region", "Gold", "Stash", "Glory", "Goods", "Hand",
              "Tracks"),
             ("座位", "英雄", "队伍", "地区", "金币", "藏金", "荣誉", "货物", "手牌", "轨道")),
    "tavern": ("in the tavern", "在酒馆"), "you": ("you", "你"),
}


def _w(key: str, lang: str):
    return WORDS[key][1 if lang == "zh" else 0]


@dataclass
class _NoIcons:
    """The board's view asks for icon URLs; the table draws no icons."""
    notes: list = field(default_factory=list)

    def url(self, *_args, **_kwargs) -> str:
        return ""


_MAPS: dict = {}


def _map(catalog, lang: str) -> tuple:
    """The regions and roads of the printed board, scaled to the table's map (once)."""
    key = (id(catalog), lang)
    if key not in _MAPS:
        from toolkit.games.caravans.render.board import regions
        from toolkit.render.html import load_theme
        ctx = Ctx(catalog, lang, _NoIcons(), load_theme(catalog.root))
        _MAPS[key] = regions(ctx, (0.0, 0.0, MAP_W, MAP_H))
    return _MAPS[key]


def _name(catalog, id_, lang: str) -> str:
    if id_ is None:
        return "?"
    names = catalog.names.get(id_)
    return (names.get(lang) or names.get("en") or str(id_)) if names else str(id_)


def view(catalog, state, seen, seat: int, lang: str) -> dict:
    discs, roads = _map(catalog, lang)
    here: dict[str, list[str]] = {}
    for p in seen.players:
        if p.region:
            here.setdefault(p.region, []).append(f"P{p.seat + 1}")
    for npc in seen.npcs.values():
        if npc.region:
            here.setdefault(npc.region, []).append(_name(catalog, npc.id, lang)[:10])
    nodes = [{"x": d["x"], "y": d["y"], "r": 9, "label": d["name"], "color": d["color"],
              "marks": here.get(d["id"], [])} for d in discs]
    rows = [list(_w("head", lang))]
    for p in seen.players:
        party = p.party
        tracks = ", ".join(f"{k} {party.cur.get(k, 0)}/{v}" for k, v in party.top.items()) \
            if party else ""
        place = _name(catalog, p.region, lang) if p.region else "—"
        if p.in_tavern:
            place += f" ({_w('tavern', lang)})"
        who = f"P{p.seat + 1}" + (f" ({_w('you', lang)})" if p.seat == seat else "")
        rows.append([who, _name(catalog, p.hero, lang) if p.hero else "—",
                     _name(catalog, party.kind, lang) if party else "—", place, p.gold,
                     p.stash if p.seat == seat else f"{p.deposits}+?", p.glory,
                     len(p.goods), len(p.hand), tracks])
    me = seen.players[seat]
    cards = state.rules.cards
    goods = [{"name": _name(catalog, cards[g][0], lang), "note": f"{cards[g][1]:+d}"
              if isinstance(cards[g][1], int) else ""} if g is not None else {"hidden": True}
             for g in me.goods]
    hand = [{"name": _name(catalog, c, lang)} if c is not None else {"hidden": True}
            for c in me.hand]
    rumors = [{"name": _name(catalog, r if isinstance(r, str) else getattr(r, "id", r), lang)}
              if r is not None else {"hidden": True} for r in me.rumors]
    return {"sections": [
        {"title": _w("map", lang), "map": {"w": MAP_W, "h": MAP_H, "nodes": nodes,
                                          "edges": list(roads)}},
        {"title": _w("players", lang), "rows": rows},
        {"title": _w("goods", lang), "cards": goods},
        {"title": _w("hand", lang), "cards": hand},
        {"title": _w("rumors", lang), "cards": rumors},
    ]}
