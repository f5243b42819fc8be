"""南荒2 at the playtest table (`toolkit play`): the public area as the printed table mat
lays it out (`render.py`: the wilds' slots by name, the event, the exile), then each
player's field mat (front and back rows, facilities) with power and economy, and the hands:
the seat's own cards by name, another player's secret cards as card backs."""

from __future__ import annotations

from toolkit.games.nanhuang2.observe import HIDDEN

WORDS = {"wilds": ("The wilds", "野地"), "event": ("Event", "事件"), "exile": ("Exile", "放逐区"),
         "hand": ("Hand of P{n}", "P{n}的手牌"), "field": ("Field of P{n}", "P{n}的场"),
         "rows": (("Row", "Cards"), ("区域", "卡牌")),
         "zones": {"front": ("front row", "前排"), "back": ("back row", "后排"),
                   "facilities": ("facilities", "设施")},
         "power": ("power {p}, economy {e}", "战力{p}，经济{e}"), "out": ("out", "出局")}


def _w(key: str, lang: str):
    return WORDS[key][1 if lang == "zh" else 0]


def _card(catalog, seen, uid, lang: str) -> dict:
    if uid is None or uid == HIDDEN:
        return {"hidden": True}
    id_ = seen.cards[uid]
    names = catalog.names.get(id_) or {}
    return {"name": names.get(lang) or names.get("en") or id_}


def _names(catalog, seen, uids, lang: str) -> str:
    return ", ".join(c.get("name", "?") for c in (_card(catalog, seen, u, lang) for u in uids))


def view(catalog, state, seen, seat: int, lang: str) -> dict:
    slots = list(catalog.of("wilds_slot").values())
    wilds = []
    for slot, uid in zip(slots, seen.wilds):
        card = _card(catalog, seen, uid, lang) if uid is not None else {"name": "—"}
        text = slot.name if isinstance(slot.name, dict) else vars(slot.name)
        name = text.get(lang) or text.get("en") or slot.id
        wilds.append({**card, "note": name})
    sections = [{"title": _w("wilds", lang), "cards": wilds}]
    if seen.event is not None:
        sections.append({"title": _w("event", lang),
                         "cards": [_card(catalog, seen, seen.event, lang)]})
    if seen.exile:
        sections.append({"title": _w("exile", lang),
                         "cards": [_card(catalog, seen, u, lang) for u in seen.exile]})
    for s, p in enumerate(seen.players):
        n = s + 1
        head = _w("field", lang).format(n=n) + " — " + _w("power", lang).format(
            p=p.power, e=p.economy) + ("" if p.alive else f" ({_w('out', lang)})")
        rows = [list(_w("rows", lang))]
        for zone in ("front", "back", "facilities"):
            rows.append([WORDS["zones"][zone][1 if lang == "zh" else 0],
                         _names(catalog, seen, getattr(p, zone), lang) or "—"])
        sections.append({"title": head, "rows": rows})
        sections.append({"title": _w("hand", lang).format(n=n),
                         "cards": [_card(catalog, seen, u, lang) for u in p.hand]})
    return {"sections": sections}
