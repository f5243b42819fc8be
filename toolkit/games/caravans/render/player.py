"""The player board as a view model: hero and party card slots, the party's stat tracks
(0 to the stat cap of game.yaml, agility included: equipment changes it), equipment and
special-weapon slots (one per kind), the goods area and the glory-card area, each holding
its cards at their size. Sizes in mm."""

from __future__ import annotations

from toolkit.render.faces import DEFAULT_CARD, Face, card_size
from toolkit.render.options import BLEED
from toolkit.render.pdf_units import page_name
from toolkit.render.views import Ctx

from .markers import MARKER_SIZE
from .pieces import TOKEN, TRACKS, seats

GAP = 6.0
FAN = {"good": 12.0, "glory_card": 16.0}  # mm each further card of an area shows


def player_view(ctx: Ctx) -> dict:
    """Slots and areas sized from what they hold: card slots and areas from the kinds'
    card sizes, track spaces from the track markers (`pieces.TOKEN` plus 1 mm), token
    rows from the equipment and weapon sizes. Laid out in three rows (hero, party and the
    glory cards; the tracks and the goods; equipment and weapons) so the board is at most
    269 mm wide: two landscape sheets of A4 or Letter."""
    game = ctx.catalog.game
    hw, hh = card_size(ctx.catalog, "hero", DEFAULT_CARD)
    pw, ph = card_size(ctx.catalog, "party", DEFAULT_CARD)
    top = 13.0
    slots = [{"x": GAP, "y": top, "w": hw, "h": hh, "label": ctx.word("hero_slot"),
              "icon": ctx.icons.url("hero")},
             {"x": 2 * GAP + hw, "y": top, "w": pw, "h": ph, "label": ctx.word("party_slot"),
              "icon": ctx.icons.url("party")}]
    areas = {}
    for kind, label, icon, count in (
            ("good", ctx.word("goods_area"), "good", game.combat.stat_cap),
            ("glory_card", f"{ctx.word('glory_cards')} (≤ {game.glory_hand_limit})", "glory",
             game.glory_hand_limit)):
        cw, ch = card_size(ctx.catalog, kind, DEFAULT_CARD)
        areas[kind] = {"w": cw + (count - 1) * FAN[kind] + 8, "h": ch + 12, "label": label,
                       "icon": ctx.icons.url(icon), "card": {"w": cw, "h": ch},
                       "fan": [round(4 + i * FAN[kind], 1) for i in range(count)]}
    areas["glory_card"].update(x=3 * GAP + hw + pw, y=top)
    dot = TOKEN[0] + 1.0
    values = list(range(0, game.combat.stat_cap + 1))
    track_y = top + max(hh, ph, areas["glory_card"]["h"]) + GAP
    tracks = [{"label": ctx.word(s), "icon": ctx.icons.url(s), "y": track_y + i * (dot + 2.0)}
              for i, s in enumerate(TRACKS)]
    track_w = 30 + len(values) * (dot + 1.8)
    areas["good"].update(x=GAP + track_w + GAP, y=track_y)
    y = track_y + max(len(TRACKS) * (dot + 2.0), areas["good"]["h"]) + GAP + 5
    tokens = []
    for kind in ("equipment", "weapon"):
        w, h = card_size(ctx.catalog, kind, MARKER_SIZE)
        tokens.append({"x": GAP, "y": y, "w": w, "h": h, "count": len(ctx.catalog.of(kind)),
                       "label": ctx.word("equipment_slots" if kind == "equipment"
                                         else "weapon_slots"),
                       "icon": ctx.icons.url(kind)})
        y += h + 9
    areas = [areas["good"], areas["glory_card"]]
    width = max([GAP + track_w + GAP] + [a["x"] + a["w"] + GAP for a in areas]
                + [GAP + t["count"] * (t["w"] + 2) + GAP for t in tokens])
    height = max([y - 9 + GAP] + [a["y"] + a["h"] + GAP for a in areas])
    return {"w": round(width, 1), "h": round(height, 1), "slots": slots,
            "tracks": tracks, "steps": values, "tx": GAP, "dot": dot,
            "tokens": tokens, "areas": areas, "title": ctx.word("player_board"),
            "game": ctx.t(game.title)}


def player_faces(ctx: Ctx, html) -> list[Face]:
    """One board per seat, each with its player's colour band and colour name."""
    base = player_view(ctx)
    faces = []
    for seat in seats(ctx):
        view = dict(base, color=seat["color"], title=f"{base['title']} · {seat['name']}")
        # drawn with bleed: the background and the colour band run past the trim (F11)
        page = html.render("board/player.html.j2", "the player board", pb=view, w=view["w"],
                           h=view["h"], bleed=BLEED,
                           page=page_name(view["w"], view["h"], BLEED))
        faces.append(Face(f"player_board/p{seat['n']}", "player_board", f"p{seat['n']}",
                          "front", "player_board", view["w"], view["h"], BLEED, 1, page, False,
                          view["title"], large=True))
    return faces
